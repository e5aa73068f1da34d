import { z } from 'zod';
import { agentListQuery, agentPageOf, agentSummary } from './agents';
import { currentPasswordField, newPasswordField } from './auth';
import { calendarDay, displayName, queryInteger } from './fields';
import { text, zodText } from './i18n';
import { languageChoice } from './language-choice';
import { LANGUAGES } from './languages';
import { entryDateFields, incomeEntry, runningTotalField } from './income-entries';
import { messages } from './messages';
import { metricKey, PROFIT_METRIC } from './metrics';
import { moneyString } from './money';
import { claimStatuses } from './rewards';

// Insight: boards of every period, trends, an agent's own rank and history (docs/product.md §12.14).

export const LEADERBOARD_PERIODS = ['week', 'month', 'quarter', 'year', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_MODES = ['income', 'growth'] as const;
export type LeaderboardMode = (typeof LEADERBOARD_MODES)[number];
export const TREND_GRANULARITIES = ['week', 'month'] as const;
export type TrendGranularity = (typeof TREND_GRANULARITIES)[number];
/** Growth mode ranks only agents whose previous period's income was at least this (dollars, cents in the server). */
export const GROWTH_FLOOR_CENTS = 100_000;
/** The same floor for a count metric's growth board: at least this many in the previous period. */
export const GROWTH_FLOOR_COUNT = 5;
export const TREND_COUNT_MAX = 52;
export const TREND_COUNT_DEFAULT = 12;
/** The name other agents and the TV see for an agent that chose not to be shown on public boards (data: stays English). */
export const ANONYMOUS_AGENT = 'Anonymous agent';
/** How many agents "My rank" shows above and below the agent. */
export const RANK_NEIGHBOURS = 2;

const period = z
  .enum(LEADERBOARD_PERIODS, zodText(text(messages, 'mustBeOneOf', { field: 'period', options: LEADERBOARD_PERIODS.join(', ') })))
  .optional()
  .transform((value) => value ?? 'month');

/** `at`: a day in the period to show (the current one when absent); the server refuses a day after today. */
const atDay = calendarDay('at').optional();

/**
 * GET /api/owner/leaderboard: the page (offset, limit, search as GET /api/agents) of the board of `period` holding the
 * day `at` (today when absent). mode=growth ranks by the change against the previous period the agents who improved
 * on it (more now than then), from a previous income of at least $1,000; it needs a period with a previous one (not
 * `all`).
 */
/**
 * `metric=` of boards, trends and ranks (docs/decisions/0072-metrics-and-activities.md): a metric's key, profit by default. A board of a
 * count metric still writes its figures as numbers with two decimals (periodIncome, income); `metric` in the answer
 * says which it ranks, and GET /api/metrics its unit.
 */
export const metricParam = metricKey.optional().transform((value) => value ?? PROFIT_METRIC);

export const leaderboardQuery = agentListQuery
  .extend({
    metric: metricParam,
    period,
    at: atDay,
    mode: z
      .enum(LEADERBOARD_MODES, zodText(text(messages, 'mustBeOneOf', { field: 'mode', options: LEADERBOARD_MODES.join(', ') })))
      .optional()
      .transform((value) => value ?? 'income'),
  })
  .refine((query) => !(query.mode === 'growth' && query.period === 'all'), {
    ...zodText(text(messages, 'growthNeedsPeriod')),
    path: ['mode'],
  });
export type LeaderboardQuery = z.output<typeof leaderboardQuery>;
export type LeaderboardParams = z.input<typeof leaderboardQuery>;

/** The period a board or a trend point covers: local days in ORG_TIMEZONE, `end` exclusive (the next period's start). */
export const periodRange = z.object({
  kind: z.enum(LEADERBOARD_PERIODS),
  /** null for `all`. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** A day of the previous period (for its board), null for `all`. */
  previous: z.string().nullable(),
  /** A day of the next period, null when this one is the current one (or `all`). */
  next: z.string().nullable(),
});
export type PeriodRange = z.infer<typeof periodRange>;

/**
 * An agent on a board: its rank among all agents (ties share a rank; their order is by name then id), the period's
 * income (`periodIncome`, also in the matching weekly/monthly/yearly field when the period is the current one), and
 * where it stood in the previous period: `previousRank` among the agents who earned then, null when it had no income
 * then (a new entrant) or the board is `all`. In growth mode `growth` is the change in percent, one decimal.
 */
export const boardAgent = agentSummary.extend({
  rank: z.number(),
  periodIncome: moneyString,
  previousRank: z.number().nullable(),
  previousIncome: moneyString.nullable(),
  growth: z.string().nullable(),
});
export type BoardAgent = z.infer<typeof boardAgent>;

export const leaderboardBoardPage = agentPageOf(boardAgent).extend({ period: periodRange, mode: z.enum(LEADERBOARD_MODES), metric: z.string() });
export type LeaderboardBoardPage = z.infer<typeof leaderboardBoardPage>;

/** GET /api/owner/trends and the history routes: `count` periods ending with the current one. */
export const trendQuery = z.object({
  granularity: z
    .enum(TREND_GRANULARITIES, zodText(text(messages, 'mustBeOneOf', { field: 'granularity', options: TREND_GRANULARITIES.join(', ') })))
    .optional()
    .transform((value) => value ?? 'week'),
  count: queryInteger('count', 1, TREND_COUNT_MAX, TREND_COUNT_DEFAULT),
  metric: metricParam,
});
export type TrendQuery = z.output<typeof trendQuery>;
export type TrendParams = z.input<typeof trendQuery>;

/** One period of a trend: its first local day and its income (the team's, or one agent's). Oldest first. */
export const trendPoint = z.object({ start: z.string(), income: moneyString });
export type TrendPoint = z.infer<typeof trendPoint>;
export const trend = z.object({ granularity: z.enum(TREND_GRANULARITIES), metric: z.string(), points: z.array(trendPoint) });
export type Trend = z.infer<typeof trend>;

/** GET /api/owner/tier-distribution: how many agents' highest tier reached is each tier (and how many reached none). */
export const tierDistribution = z.object({
  none: z.number(),
  tiers: z.array(z.object({ tierId: z.number(), order: z.number(), name: z.string(), agents: z.number() })),
});
export type TierDistribution = z.infer<typeof tierDistribution>;

/** GET /api/agents/me/rank?period: the agent's place on the board of the current period, and its neighbours. */
export const myRankQuery = z.object({ period, metric: metricParam });
export const rankNeighbour = z.object({
  /** null for an agent shown as "Anonymous agent". */
  id: z.number().nullable(),
  name: z.string(),
  rank: z.number(),
  periodIncome: moneyString,
  me: z.boolean(),
});
export type RankNeighbour = z.infer<typeof rankNeighbour>;
export const myRank = z.object({
  period: periodRange,
  metric: z.string(),
  rank: z.number(),
  of: z.number(),
  periodIncome: moneyString,
  previousRank: z.number().nullable(),
  /** The agents just above and below (at most RANK_NEIGHBOURS each side) and the agent itself, by rank. */
  neighbours: z.array(rankNeighbour),
});
export type MyRank = z.infer<typeof myRank>;

/**
 * GET /api/agents/me/entries: the signed-in agent's entries, newest deal first (by date, then id), by pages, each with
 * its running total in that order (staff read GET /api/income-entries?agentId).
 */
export const agentEntriesQuery = z
  .object({
    offset: queryInteger('offset', 0, 1_000_000, 0),
    limit: queryInteger('limit', 1, 100, 20),
    from: calendarDay('from').optional(),
    to: calendarDay('to').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { ...zodText(text(messages, 'fromNotAfterTo')), path: ['from'] });
export type AgentEntriesQuery = z.output<typeof agentEntriesQuery>;
export const agentEntriesPage = z.object({
  entries: z.array(incomeEntry.extend({ ...entryDateFields, ...runningTotalField })),
  total: z.number(),
  offset: z.number(),
  limit: z.number(),
});
export type AgentEntriesPage = z.infer<typeof agentEntriesPage>;

/** GET /api/agents/me: the agent's own profile. */
export const myProfile = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  position: z.string(),
  /** Off: other agents and the TV see "Anonymous agent" instead of the name. */
  publicProfile: z.boolean(),
  /** The language the agent chose (contract/languages.ts); null: the organisation's. */
  language: z.enum(LANGUAGES).nullable(),
});
export type MyProfile = z.infer<typeof myProfile>;

/** PATCH /api/agents/me: what the agent may change about itself. */
export const updateMyProfileInput = z
  .object({
    name: displayName(text(messages, 'nameRequired'), 100, text(messages, 'nameLabel')).optional(),
    position: displayName(text(messages, 'positionRequired'), 100, text(messages, 'positionLabel')).optional(),
    publicProfile: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'publicProfile' }))).optional(),
    language: languageChoice.optional(),
  })
  .strict()
  .refine((input) => Object.keys(input).length > 0, zodText(text(messages, 'nothingToChangeProfile')));
export type UpdateMyProfileInput = z.infer<typeof updateMyProfileInput>;

/** POST /api/agents/me/password: the agent's current password and a new one; the agent's other sessions end. */
export const changeMyPasswordInput = z.object({
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
});
export type ChangeMyPasswordInput = z.input<typeof changeMyPasswordInput>;

/**
 * GET /api/agents/{id} (owners, managers, read tokens): an agent's figures, the tiers it reached with when, and its
 * reward claims with where each stands (never their contact details). Its history and entries have their own calls.
 */
export const agentDetail = z.object({
  agent: agentSummary.extend({ publicProfile: z.boolean(), createdAt: z.string() }),
  tiers: z.array(z.object({ tierId: z.number(), order: z.number(), name: z.string(), color: z.string(), achievedAt: z.string() })),
  claims: z.array(
    z.object({ id: z.number(), tierName: z.string(), rewardTitle: z.string(), status: z.enum(claimStatuses), claimedAt: z.string(), statusChangedAt: z.string().nullable() }),
  ),
});
export type AgentDetail = z.infer<typeof agentDetail>;
