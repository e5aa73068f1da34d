import { z } from 'zod';
import { displayName } from './fields';
import { goalPeriods, paces } from './goal-periods';
import { text, zodText } from './i18n';
import { PROFIT_METRIC } from './limits';
import { messages } from './messages';
import { metricUnits } from './metrics';

/**
 * TV links (docs/product.md §11.20, §12.8): a revocable link that turns any screen into a live leaderboard without signing in.
 * The token is shown once, when the link is made; only its hash is kept.
 */
/** Metrics a TV link shows beside profit, each a slide of its own, at most. */
export const TV_METRIC_SLIDES_MAX = 3;

const METRIC_KEYS_MESSAGE = zodText(text(messages, 'tvMetricKeys', { max: TV_METRIC_SLIDES_MAX }));

export const createTvLinkInput = z.strictObject({
  name: displayName(text(messages, 'nameRequired'), 100, text(messages, 'nameLabel')),
  showAmounts: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'showAmounts' }))),
  /** Metrics besides profit whose week's board takes a slide of its own (keys of GET /api/metrics). */
  metrics: z
    .array(z.string(METRIC_KEYS_MESSAGE).max(40, METRIC_KEYS_MESSAGE).regex(/^[a-z][a-z0-9_-]*$/, METRIC_KEYS_MESSAGE), METRIC_KEYS_MESSAGE)
    .max(TV_METRIC_SLIDES_MAX, METRIC_KEYS_MESSAGE)
    .refine((keys) => new Set(keys).size === keys.length, zodText(text(messages, 'tvMetricsNoRepeat')))
    .refine((keys) => !keys.includes(PROFIT_METRIC), zodText(text(messages, 'tvProfitAlways')))
    .optional()
    .default([]),
});
export type CreateTvLinkInput = z.input<typeof createTvLinkInput>;

export const tvLink = z.object({ id: z.number(), name: z.string(), showAmounts: z.boolean(), metrics: z.array(z.string()), createdAt: z.string() });
export type TvLink = z.infer<typeof tvLink>;

/** GET /api/tv-links (owner): the links that are not revoked, newest first. */
export const tvLinkList = z.object({ links: z.array(tvLink) });
export type TvLinkList = z.infer<typeof tvLinkList>;

/** POST /api/tv-links answer (201): the only time the token and the link's address are shown. */
export const createdTvLink = tvLink.extend({ url: z.string(), token: z.string() });
export type CreatedTvLink = z.infer<typeof createdTvLink>;

export { TV_BOARD_SIZE, TV_TICKER_SIZE } from './limits';

/**
 * A row of a TV board: public fields only; `amount` only when the link shows amounts. An agent not shown on public
 * boards is "Anonymous agent" with `agentId` null: no stable identifier follows it from board to board.
 */
export const tvBoardRow = z.object({ rank: z.number(), agentId: z.number().nullable(), name: z.string(), amount: z.string().optional() });
export type TvBoardRow = z.infer<typeof tvBoardRow>;

/**
 * A win on the ticker, latest recorded first; `agentId` null for an agent not shown on public boards, as on the board.
 * `date` is the deal date, `recordedAt` when it was recorded; `dealDay` and `recordedDay` are their days in the
 * organisation's time zone (a back-dated win says its deal day: docs/decisions/0085-entry-dates-in-lists.md).
 */
export const tvWin = z.object({
  entryId: z.number(),
  agentId: z.number().nullable(),
  agentName: z.string(),
  amount: z.string().optional(),
  date: z.string(),
  recordedAt: z.string(),
  dealDay: z.string(),
  recordedDay: z.string(),
});
export type TvWin = z.infer<typeof tvWin>;

/**
 * A team's goal on a TV board: its progress in percent and pace always; its figures for a count, and for money only
 * when the link shows amounts.
 */
export const tvTeamGoal = z.object({
  goalId: z.number(),
  teamName: z.string(),
  metricName: z.string(),
  unit: z.enum(metricUnits),
  period: z.enum(goalPeriods),
  percent: z.number(),
  pace: z.enum(paces),
  actual: z.union([z.number(), z.string()]).optional(),
  target: z.union([z.number(), z.string()]).optional(),
});
export type TvTeamGoal = z.infer<typeof tvTeamGoal>;

/**
 * A contest on a TV board (docs/decisions/0077-contests.md): a running one with a countdown to `endsAt`, or one final
 * in the last day with its winner celebrated. Public fields only: figures of a count always, of money only when the
 * link shows amounts; an agent not shown on public boards is "Anonymous agent".
 */
export const tvContest = z.object({
  contestId: z.number(),
  name: z.string(),
  metricName: z.string(),
  unit: z.enum(metricUnits),
  format: z.enum(['total', 'race']),
  state: z.enum(['running', 'final']),
  /** ISO time the window closes (the countdown's end). */
  endsAt: z.string(),
  target: z.union([z.number(), z.string()]).optional(),
  /** A race won: its winner's name; null otherwise. */
  raceWinner: z.string().nullable(),
  /** The first places (at most TV_BOARD_SIZE). */
  top: z.array(
    z.object({
      rank: z.number(),
      name: z.string(),
      value: z.union([z.number(), z.string()]).optional(),
      /** A race: the whole percent of the target reached. */
      percentOfTarget: z.number().nullable(),
    }),
  ),
});
export type TvContest = z.infer<typeof tvContest>;

/** GET /api/tv/{token}: what the board shows now; the stream GET /api/tv/{token}/events says when to read it again. */
export const tvSnapshot = z.object({
  name: z.string(),
  showAmounts: z.boolean(),
  week: z.array(tvBoardRow),
  month: z.array(tvBoardRow),
  wins: z.array(tvWin),
  /** The team goals in force now (a slide of their own when there are any). */
  teamGoals: z.array(tvTeamGoal),
  /** The week's board of each metric the link shows beside profit, in the link's order (a slide each). */
  metricBoards: z.array(z.object({ metric: z.string(), name: z.string(), unit: z.enum(metricUnits), week: z.array(tvBoardRow) })),
  /** The contests shown on TV: running, or final in the last day (a slide each). */
  contests: z.array(tvContest),
});
export type TvSnapshot = z.infer<typeof tvSnapshot>;

export { TV_LINK_NOT_FOUND, TV_LINK_REVOKED } from './tv-link-messages';


/*
 * Pairing a TV (docs/decisions/0086-tv-pairing.md): the TV asks for a pairing and shows its short code; the owner enters
 * the code on the TV Links tab; the TV, which kept the pairing's secret, learns its link's address.
 */
/** The code's characters: no 0/O, 1/I, so that what is read off a screen is typed right. */
export const TV_PAIRING_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const TV_PAIRING_CODE_LENGTH = 8;
/** How long a code can be entered. */
export const TV_PAIRING_TTL_MS = 10 * 60_000;
/** How often the TV asks whether it is paired. */
export const TV_PAIRING_POLL_MS = 3_000;

/** A code as typed: case, spaces and dashes do not matter. */
export const normalizePairingCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
/** A code as shown: two groups of four. */
export const formatPairingCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

// The pairing's refusals, in the reader's language (*_TEXT) and in English (as API clients and tests compare them).
export const TV_PAIRING_CODE_WRONG_TEXT = text(messages, 'tvPairingCodeWrong');
export const TV_PAIRING_CODE_WRONG = String(TV_PAIRING_CODE_WRONG_TEXT);
export const TV_PAIRING_GONE_TEXT = text(messages, 'tvPairingGone');
export const TV_PAIRING_GONE = String(TV_PAIRING_GONE_TEXT);

/** POST /api/tv-pairings answer (201): the code the TV shows and the secret it keeps (its link's token once paired). */
export const tvPairingRequest = z.object({ code: z.string(), secret: z.string(), expiresAt: z.string(), pollMs: z.number() });
export type TvPairingRequest = z.infer<typeof tvPairingRequest>;

/** POST /api/tv-pairings/status: the TV's secret. */
export const tvPairingStatusInput = z.strictObject({
  secret: z.string(zodText(text(messages, 'tvSecretRequired'))).max(64, zodText(text(messages, 'tvSecretInvalid'))),
});
export type TvPairingStatusInput = z.infer<typeof tvPairingStatusInput>;

/** Waiting for the owner, or paired: the board's address, told once. */
export const tvPairingStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting'), expiresAt: z.string() }),
  z.object({ status: z.literal('paired'), url: z.string(), token: z.string(), name: z.string() }),
]);
export type TvPairingStatus = z.infer<typeof tvPairingStatus>;

const ENTER_TV_CODE = zodText(text(messages, 'tvEnterCode'));
const pairingCodeField = z
  .string(ENTER_TV_CODE)
  .transform(normalizePairingCode)
  .pipe(
    z
      .string()
      .min(1, ENTER_TV_CODE)
      .refine(
        (code) => code.length === TV_PAIRING_CODE_LENGTH && [...code].every((char) => TV_PAIRING_ALPHABET.includes(char)),
        zodText(text(messages, 'tvCodeShape', { length: TV_PAIRING_CODE_LENGTH })),
      ),
  );

/** POST /api/tv-links/pair (owner): the code on the TV, and the link's name and options as when making a link. */
export const pairTvLinkInput = createTvLinkInput.extend({ code: pairingCodeField });
export type PairTvLinkInput = z.input<typeof pairTvLinkInput>;
