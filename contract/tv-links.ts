import { z } from 'zod';
import { displayName } from './fields';
import { goalPeriods, paces } from './goal-periods';
import { PROFIT_METRIC } from './limits';
import { metricUnits } from './metrics';

/**
 * TV links (docs/product.md §11.20, §12.8): a revocable link that turns any screen into a live leaderboard without signing in.
 * The token is shown once, when the link is made; only its hash is kept.
 */
/** Metrics a TV link shows beside profit, each a slide of its own, at most. */
export const TV_METRIC_SLIDES_MAX = 3;

const METRIC_KEYS_MESSAGE = `metrics must be a list of at most ${TV_METRIC_SLIDES_MAX} metric keys`;

export const createTvLinkInput = z.strictObject({
  name: displayName('Name is required', 100, 'Name'),
  showAmounts: z.boolean({ error: 'showAmounts must be true or false' }),
  /** Metrics besides profit whose week's board takes a slide of its own (keys of GET /api/metrics). */
  metrics: z
    .array(z.string({ error: METRIC_KEYS_MESSAGE }).max(40, METRIC_KEYS_MESSAGE).regex(/^[a-z][a-z0-9_-]*$/, METRIC_KEYS_MESSAGE), { error: METRIC_KEYS_MESSAGE })
    .max(TV_METRIC_SLIDES_MAX, METRIC_KEYS_MESSAGE)
    .refine((keys) => new Set(keys).size === keys.length, 'metrics must not repeat a metric')
    .refine((keys) => !keys.includes(PROFIT_METRIC), 'Profit is on every TV board already: metrics names the others')
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

/** A win on the ticker; `agentId` null for an agent not shown on public boards, as on the board. */
export const tvWin = z.object({ entryId: z.number(), agentId: z.number().nullable(), agentName: z.string(), amount: z.string().optional(), date: z.string() });
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

export const TV_LINK_NOT_FOUND = 'This TV link does not exist or was revoked. Ask the owner for a new one.';
