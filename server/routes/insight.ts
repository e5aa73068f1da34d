import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AgentDetail, LeaderboardBoardPage, MyRank, Trend, TrendQuery } from '../../contract/insight';
import {
  agentEntriesQuery,
  changeMyPasswordInput,
  leaderboardQuery,
  myRankQuery,
  trendQuery,
  updateMyProfileInput,
} from '../../contract/insight';
import { WRONG_PASSWORD_TEXT } from '../../contract/auth';
import type { AppContext } from '../app-context';
import { checkPassword } from '../auth/credentials';
import { assertPasswordNotCommon } from '../domain/password-policy';
import { hashPassword } from '../auth/passwords';
import { requireAgent, requireStaffReader } from '../auth/permissions';
import { cookieNames, eventFenceOf, hashToken } from '../auth/sessions';
import { updateAgentProfile } from '../db/operations/update-agent-profile';
import { readAgentProfile } from '../db/queries/agent-profile';
import { boardMetricOf } from '../db/queries/metrics';
import { centsToMoneyString } from '../../contract/cents';
import { changePassword } from '../db/operations/change-password';
import { findAgentById, listLeaderboardPage, readAgentSummariesOf, type AgentPageQuery } from '../db/queries/agents';
import {
  readAgentDetail,
  readAgentRank,
  readBoardPage,
  readTierDistribution,
  readTrend,
  type BoardMetric,
  type BoardRow,
} from '../db/queries/boards';
import { assertAgentInScope, narrowToTeam } from '../auth/team-scope';
import { type TeamScope } from '../domain/team-scope';
import { countAgentEntries, listOwnIncomeEntryPage } from '../db/queries/income-entries';
import { invalid, notFound } from '../domain/errors';
import { withEntryDates } from '../domain/income-entries';
import { boardPeriodOf, lastPeriodStarts, localDay, periodStartsOf, type BoardPeriodKind, type PeriodStarts } from '../domain/periods';
import { agentActor } from '../auth/audit-actor';
import { parseId, parseInput } from '../http/errors';

/** The `count` periods of a trend, ending with the current one. */
function trendStarts(ctx: AppContext, query: TrendQuery): string[] {
  return lastPeriodStarts(query.granularity, localDay(ctx.now(), ctx.config.orgTimezone), query.count);
}

/**
 * Insight (docs/product.md §12.14): boards of every period with movement, trends, the tier distribution, an agent's
 * history, and the signed-in agent's own rank, entries and profile. Every figure comes from the roll-ups.
 */
export function registerInsightRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/owner/leaderboard', async (request, reply): Promise<LeaderboardBoardPage> => {
    const reader = await requireStaffReader(ctx, request, reply);
    const query = parseInput(leaderboardQuery, request.query);
    const metric = await boardMetricOf(ctx.db, query.metric);
    const { range, period } = boardPeriodOf(query.period, query.at, ctx.now(), ctx.config.orgTimezone);
    const scope = narrowToTeam(reader.scope, query.team);
    const now = ctx.now();
    const current = periodStartsOf(now, ctx.config.orgTimezone);
    const page = { offset: query.offset, limit: query.limit, search: query.search };
    // This month's profit board: the live board in memory (or its index-led read); other boards of income, and every
    // metric's: ranked in the period figures kept in memory (decision 0076), or one sort of the roll-ups (growth, a
    // search, all time, or when memory cannot answer). A team's board (a filter, or a manager who leads teams) ranks
    // within the team, last period's places too.
    const fence = eventFenceOf(request);
    const board =
      !metric && period.kind === 'month' && period.start === current.month && query.mode === 'income'
        ? await thisMonthsBoard(ctx, request, now, current, page, scope)
        : ((period.kind === 'all' || query.mode !== 'income' || page.search
            ? undefined
            : await boardFromFigures(ctx, now, current, { key: query.metric, metric }, period, page, scope, fence)) ??
          (await readBoardPage(ctx.db, current, period, query.mode, page, scope, metric)));
    const previous =
      period.kind === 'all'
        ? undefined
        : await ctx.figures.standings(query.metric, metric, period.kind, period.previous, scope, board.agents.map((agent) => agent.id), fence);
    return {
      agents: board.agents.map((agent) => ({
        ...agent,
        previousRank: previous?.get(agent.id)?.rank ?? null,
        previousIncome: previous ? (previous.get(agent.id)?.income ?? '0.00') : null,
      })),
      total: board.total,
      offset: query.offset,
      limit: query.limit,
      period: range,
      mode: query.mode,
      metric: query.metric,
    };
  });

  app.get('/api/owner/trends', async (request, reply): Promise<Trend> => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const query = parseInput(trendQuery, request.query);
    const metric = await boardMetricOf(ctx.db, query.metric);
    return { granularity: query.granularity, metric: query.metric, points: await readTrend(ctx.db, query.granularity, trendStarts(ctx, query), { scope }, metric) };
  });

  app.get('/api/owner/tier-distribution', async (request, reply) => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    return readTierDistribution(ctx.db, scope);
  });

  app.get<{ Params: { id: string } }>('/api/agents/:id', async (request, reply): Promise<AgentDetail> => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const id = parseId(request.params.id, 'Agent');
    await assertAgentInScope(ctx, scope, id);
    const detail = await readAgentDetail(ctx.db, periodStartsOf(ctx.now(), ctx.config.orgTimezone), id, scope);
    if (!detail) throw notFound('Agent');
    return detail;
  });

  app.get<{ Params: { id: string } }>('/api/agents/:id/history', async (request, reply): Promise<Trend> => {
    const { scope } = await requireStaffReader(ctx, request, reply);
    const id = parseId(request.params.id, 'Agent');
    await assertAgentInScope(ctx, scope, id);
    const query = parseInput(trendQuery, request.query);
    const metric = await boardMetricOf(ctx.db, query.metric);
    if (!(await findAgentById(ctx.db, id))) throw notFound('Agent');
    return { granularity: query.granularity, metric: query.metric, points: await readTrend(ctx.db, query.granularity, trendStarts(ctx, query), { agentId: id }, metric) };
  });

  app.get('/api/agents/me/history', async (request, reply): Promise<Trend> => {
    const agent = await requireAgent(ctx, request, reply);
    const query = parseInput(trendQuery, request.query);
    const metric = await boardMetricOf(ctx.db, query.metric);
    return { granularity: query.granularity, metric: query.metric, points: await readTrend(ctx.db, query.granularity, trendStarts(ctx, query), { agentId: agent.id }, metric) };
  });

  app.get('/api/agents/me/rank', async (request, reply): Promise<MyRank> => {
    const agent = await requireAgent(ctx, request, reply);
    const query = parseInput(myRankQuery, request.query);
    const metric = await boardMetricOf(ctx.db, query.metric);
    const { range, period } = boardPeriodOf(query.period, undefined, ctx.now(), ctx.config.orgTimezone);
    const standing = await readAgentRank(ctx.db, agent.id, period, metric);
    if (!standing) throw notFound('Agent');
    const previous = period.kind === 'all' ? undefined : await ctx.figures.standings(query.metric, metric, period.kind, period.previous, 'every agent', [agent.id]);
    return { period: range, metric: query.metric, ...standing, previousRank: previous?.get(agent.id)?.rank ?? null };
  });

  app.get('/api/agents/me/entries', async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    const query = parseInput(agentEntriesQuery, request.query);
    const filter = { from: query.from, to: query.to, offset: query.offset, limit: query.limit };
    const [page, total] = await Promise.all([
      listOwnIncomeEntryPage(ctx.db, agent.id, filter, ctx.config.orgTimezone),
      countAgentEntries(ctx.db, agent.id, query, ctx.config.orgTimezone),
    ]);
    const timeZone = ctx.config.orgTimezone;
    return { entries: page.entries.map(({ externalId: _externalId, ...entry }) => withEntryDates(entry, timeZone)), total, offset: query.offset, limit: query.limit };
  });

  app.get('/api/agents/me', async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    return readAgentProfile(ctx.db, agent.id);
  });

  app.patch('/api/agents/me', async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    const input = parseInput(updateMyProfileInput, request.body);
    return updateAgentProfile(ctx.db, agent.id, input, agentActor(request, agent.id), ctx.now());
  });

  // Counts against the client's address like a sign-in (server/http/security.ts): the current password cannot be guessed at speed.
  app.post('/api/agents/me/password', { config: { signIn: true } }, async (request, reply) => {
    const agent = await requireAgent(ctx, request, reply);
    const input = parseInput(changeMyPasswordInput, request.body);
    assertPasswordNotCommon(input.newPassword, 'newPassword');
    if (!(await checkPassword((await findAgentById(ctx.db, agent.id))?.passwordHash, input.currentPassword))) throw invalid(WRONG_PASSWORD_TEXT, 'currentPassword');
    const passwordHash = await hashPassword(input.newPassword);
    const keep = hashToken(request.cookies[cookieNames.agent] ?? '');
    const ended = await changePassword(ctx.db, { kind: 'agent', id: agent.id }, passwordHash, keep, agentActor(request, agent.id), ctx.now());
    // Their live streams here end now; other instances end theirs at their next check.
    for (const tokenHash of ended) ctx.live.endSession(tokenHash);
    return reply.status(204).send();
  });
}

/** This month's board page from the live board in memory, or the index-led read of the tables. */
async function thisMonthsBoard(ctx: AppContext, request: FastifyRequest, now: Date, current: PeriodStarts, page: AgentPageQuery, scope: TeamScope) {
  const board =
    (page.search ? undefined : await ctx.boards.leaderboardPage(now, scope, page.offset, page.limit, eventFenceOf(request))) ??
    (await listLeaderboardPage(ctx.db, current, page, scope));
  return { total: board.total, agents: board.agents.map((agent) => ({ ...agent, periodIncome: agent.monthlyIncome, growth: null })) };
}

/** A metric by its key (profit too) and, for another than profit, its id and unit (boardMetricOf). */
interface MetricOfBoard {
  key: string;
  metric: BoardMetric;
}

/**
 * A page of a period's board (income, no search) ranked in memory (server/live/period-figures.ts), each agent with its
 * current figures read by id; undefined when the caller must read the tables (the figures are not to be had now, or an
 * agent of the page was deleted meanwhile).
 */
async function boardFromFigures(
  ctx: AppContext,
  now: Date,
  current: PeriodStarts,
  which: MetricOfBoard,
  period: { kind: BoardPeriodKind; start: string },
  page: AgentPageQuery,
  scope: TeamScope,
  fence: number | undefined,
): Promise<{ total: number; agents: BoardRow[] } | undefined> {
  const figures = await ctx.figures.figures(which.key, which.metric, period.kind, period.start, fence);
  if (!figures) return undefined;
  const { total, rows } = figures.page(scope, page.offset, page.limit);
  const ids = rows.map((row) => row.id);
  const summaries = (await ctx.boards.summaries(now, ids, fence)) ?? (await readAgentSummariesOf(ctx.db, current, ids));
  const agents: BoardRow[] = [];
  for (const row of rows) {
    const summary = summaries.get(row.id);
    if (!summary) return undefined;
    agents.push({ ...summary, rank: row.rank, periodIncome: centsToMoneyString(row.value), growth: null });
  }
  return { total, agents };
}

