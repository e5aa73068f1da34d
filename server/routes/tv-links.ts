import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  createTvLinkInput,
  TV_LINK_NOT_FOUND,
  TV_LINK_REVOKED,
  type CreatedTvLink,
  type TvContest,
  type TvLinkList,
  type TvSnapshot,
  type TvTeamGoal,
} from '../../contract/tv-links';
import { eventStreamQuery } from '../../contract/event-stream-query';
import { ANONYMOUS_AGENT } from '../../contract/insight';
import { TV_BOARD_SIZE } from '../../contract/limits';
import { listTvContests } from '../db/queries/contests';
import { contestWindow } from '../domain/contests';
import { namePlaces, readContestPlaces } from '../live/contest-places';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { hashToken } from '../auth/sessions';
import { findLiveTvLink, insertTvLink, isRevokedTvLink, listTvLinks, readTvBoard, readTvWins, revokeTvLink } from '../db/queries/tv-links';
import { text } from '../../contract/i18n';
import { AppError, invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { findMetric } from '../db/queries/metrics';
import { listTeamGoalsInForce } from '../db/queries/goals';
import { readWorkingCalendar } from '../db/queries/settings';
import { figureOut } from '../domain/goals';
import { progressOf } from '../domain/pacing';
import { localDay, periodStartsOf } from '../domain/periods';
import { parseId, parseInput } from '../http/errors';
import { userActor } from '../auth/audit-actor';
import { audited } from '../db/audit';
import { parseLastEventId } from '../http/last-event-id';

type TokenParams = { Params: { token: string } };

/** Tokens are 32 base64url characters; anything else is not one (and is not looked up). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

/**
 * TV links (docs/product.md §11.20, §12.8): the owner makes, lists and revokes them; the board reads its snapshot and its stream
 * with the token alone. A revoked link's streams end at once on this instance and within seconds on the others.
 */
export function registerTvLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const linkAddress = (token: string) =>
    `${ctx.linkOrigin()}/tv/${token}`;

  const liveLink = async (token: string) => {
    if (!TOKEN_SHAPE.test(token)) throw new AppError('NOT_FOUND', TV_LINK_NOT_FOUND);
    const link = await findLiveTvLink(ctx.db, hashToken(token));
    if (link) return link;
    // Both 404: a revoked link says so, a token that never was one (a typing mistake) says that; only a holder of a
    // once-valid token can tell them apart (docs/decisions/0086-tv-pairing.md).
    throw new AppError('NOT_FOUND', (await isRevokedTvLink(ctx.db, hashToken(token))) ? TV_LINK_REVOKED : TV_LINK_NOT_FOUND);
  };

  app.post('/api/tv-links', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createTvLinkInput, request.body);
    for (const key of input.metrics) if (!(await findMetric(ctx.db, key))) throw invalid(text(messages, 'noMetricNamed', { metric: key }), 'metrics');
    const token = randomBytes(24).toString('base64url');
    const link = await audited(
      ctx.db,
      userActor(request, owner),
      ctx.now(),
      (tx) => insertTvLink(tx, { ...input, tokenHash: hashToken(token), createdBy: owner.id, createdAt: ctx.now() }),
      (made) => ({ action: 'tv_link.created', targetType: 'tv_link', targetId: made.id, after: { name: made.name, showAmounts: made.showAmounts, metrics: made.metrics, how: 'address' } }),
    );
    request.log.info({ tvLinkId: link.id }, 'TV link created');
    return reply.status(201).send({ ...link, url: linkAddress(token), token } satisfies CreatedTvLink);
  });

  app.get('/api/tv-links', async (request, reply): Promise<TvLinkList> => {
    await requireOwner(ctx, request, reply);
    return { links: await listTvLinks(ctx.db) };
  });

  app.delete<{ Params: { id: string } }>('/api/tv-links/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'TV link');
    const revoked = await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => revokeTvLink(tx, id, ctx.now()), (done) =>
      done ? { action: 'tv_link.revoked', targetType: 'tv_link', targetId: id } : null,
    );
    if (!revoked) throw notFound('TV link');
    ctx.live.endTvLink(id);
    request.log.info({ tvLinkId: id }, 'TV link revoked');
    return reply.status(204).send();
  });

  app.get<TokenParams>('/api/tv/:token', async (request): Promise<TvSnapshot> => {
    const link = await liveLink(request.params.token);
    const periods = periodStartsOf(ctx.now(), ctx.config.orgTimezone);
    const metrics = (await Promise.all(link.metrics.map((key) => findMetric(ctx.db, key)))).filter((metric) => metric !== undefined);
    const [week, month, wins, goals, calendar, metricWeeks] = await Promise.all([
      readTvBoard(ctx.db, 'week', periods, link.showAmounts),
      readTvBoard(ctx.db, 'month', periods, link.showAmounts),
      readTvWins(ctx.db, link.showAmounts, ctx.config.orgTimezone),
      listTeamGoalsInForce(ctx.db, periods),
      readWorkingCalendar(ctx.db),
      Promise.all(metrics.map((metric) => readTvBoard(ctx.db, 'week', periods, link.showAmounts, { metricId: metric.id, unit: metric.unit }))),
    ]);
    const metricBoards = metrics.map((metric, i) => ({ metric: metric.key, name: metric.name, unit: metric.unit, week: metricWeeks[i]! }));
    const today = localDay(ctx.now(), ctx.config.orgTimezone);
    const teamGoals = goals.map((goal): TvTeamGoal => {
      const progress = progressOf({ actual: goal.actual, target: goal.target, kind: goal.period, start: goal.periodStart, today }, calendar);
      const figures = goal.unit === 'count' || link.showAmounts ? { actual: figureOut(goal.unit, goal.actual), target: figureOut(goal.unit, goal.target) } : {};
      return { goalId: goal.id, teamName: goal.holderName, metricName: goal.metricName, unit: goal.unit, period: goal.period, percent: progress.percent, pace: progress.pace, ...figures };
    });
    const contests = await tvContests(link.showAmounts);
    return { name: link.name, showAmounts: link.showAmounts, week, month, wins, teamGoals, metricBoards, contests };
  });

  /** How long a final contest stays on TV with its winner. */
  const TV_FINAL_SHOWN_MS = 24 * 60 * 60 * 1000;

  /** The contests on TV, each with its first places as anyone may see them. */
  async function tvContests(showAmounts: boolean): Promise<TvContest[]> {
    const now = ctx.now();
    const today = localDay(now, ctx.config.orgTimezone);
    const rows = await listTvContests(ctx.db, today, new Date(now.getTime() - TV_FINAL_SHOWN_MS));
    const shown: TvContest[] = [];
    for (const row of rows) {
      const final = row.finalisedAt !== null;
      const places = (await readContestPlaces({ db: ctx.db, figures: ctx.figures, timeZone: ctx.config.orgTimezone }, row, final)).slice(0, TV_BOARD_SIZE);
      const names = await namePlaces(ctx.db, row, places);
      const figure = (value: bigint) => (row.unit === 'count' || showAmounts ? { value: figureOut(row.unit, value) } : {});
      const nameOf = (id: number) => {
        const known = names.get(id);
        return known && known.publicProfile ? known.name : ANONYMOUS_AGENT;
      };
      shown.push({
        contestId: row.id,
        name: row.name,
        metricName: row.metricName,
        unit: row.unit,
        format: row.format,
        state: final ? 'final' : 'running',
        endsAt: contestWindow(row, ctx.config.orgTimezone).to.toISOString(),
        ...(row.target !== null && (row.unit === 'count' || showAmounts) ? { target: figureOut(row.unit, row.target) } : {}),
        raceWinner: row.raceWinnerId !== null && places[0]?.figure.id === row.raceWinnerId ? nameOf(row.raceWinnerId) : null,
        top: places.map(({ figure: place, rank }) => ({
          rank,
          name: nameOf(place.id),
          ...figure(place.value),
          percentOfTarget: row.target === null ? null : Number((place.value * 100n) / row.target),
        })),
      });
    }
    return shown;
  }

  app.get<TokenParams>('/api/tv/:token/events', async (request, reply) => {
    const link = await liveLink(request.params.token);
    const query = parseInput(eventStreamQuery, request.query);
    const lastEventId = parseLastEventId(request.headers['last-event-id'], query.lastEventId);
    await ctx.live.open(reply, {
      reader: { kind: 'tv', linkId: link.id, showAmounts: link.showAmounts },
      credential: { kind: 'tv-link', linkId: link.id },
      lastEventId,
    });
  });
}
