import { sql } from 'drizzle-orm';
import type { GoalThreshold } from '../../../contract/goals';
import { BEHIND_NOTICE_EVERY_MS, figureOut, goalPeriodStartsOf, marksPassed } from '../../domain/goals';
import { isWorkingDay, progressOf } from '../../domain/pacing';
import { localDay } from '../../domain/periods';
import { everyAgentScope } from '../../domain/team-scope';
import { moveEventCursor, takeEventCursor } from '../event-cursors';
import { queryRows, type Db } from '../client';
import { appendEvents, type NewEvent } from '../events';
import { listGoalsInForce, type GoalInPeriod } from '../queries/goals';
import { readWorkingCalendar } from '../queries/settings';
import { goalBehindEvent, goalReachedEvent } from '../rule-sql';
import { agents, events, goalMarks, goals } from '../schema';

export const GOALS_WATCHED_THROUGH = 'goals_watched_through';
const WATCHED_THROUGH = GOALS_WATCHED_THROUGH;

/** The events that move a goal's actual figure. */
const MOVING_TYPES = ['entry.created', 'entry.voided', 'activity.created', 'activity.voided'];

const percentOf = (goal: GoalInPeriod): number => (goal.target <= 0n ? 0 : Number((goal.actual * 100n) / goal.target));

const holderOf = (goal: GoalInPeriod) => ({ agentId: goal.agentId, teamId: goal.teamId, holderName: goal.holderName, metric: goal.metric, metricName: goal.metricName, period: goal.period, periodStart: goal.periodStart });

/**
 * The marks goals reached (docs/decisions/0074-goals.md): reads the events committed since the last call (at most
 * `limit`), and for the agents whose figures they moved, checks the goals in force now of those agents and their
 * teams. Each mark (50%, 90%, 100%) a goal passes in a period is recorded once (goal_marks' primary key: every
 * instance agrees) and told by one goal.reached event, of the highest mark newly passed. As the notifier's cursor: the
 * cursor row is locked and skipped by others, and moves in the transaction that records the marks. History is not
 * watched: the cursor starts at the newest event. Returns how many events it read.
 */
export async function watchGoals(db: Db, limit: number, now: Date, timeZone: string): Promise<number> {
  return db.transaction(async (tx) => {
    const after = await takeEventCursor(tx, WATCHED_THROUGH, 'newest');
    if (after === undefined) return 0;
    const rows = await queryRows<{ id: number; type: string; agent_id: number | null }>(
      tx,
      sql`select e.id::float8 as id, e.type, e.agent_id from ${events} e where e.id > ${after} order by e.id limit ${limit}::int`,
    );
    if (rows.length === 0) return 0;
    const moved = [...new Set(rows.flatMap((row) => (MOVING_TYPES.includes(row.type) && row.agent_id !== null ? [row.agent_id] : [])))];
    if (moved.length > 0) await appendEvents(tx, await marksReached(tx, moved, now, timeZone));
    await moveEventCursor(tx, WATCHED_THROUGH, rows[rows.length - 1]!.id);
    return rows.length;
  });
}

/** The goal.reached events of the marks newly passed by the goals in force now of these agents and their teams. */
async function marksReached(tx: Db, agentIds: number[], now: Date, timeZone: string): Promise<NewEvent[]> {
  const teamIds = (
    await queryRows<{ team_id: number }>(tx, sql`select distinct team_id from ${agents} where id = any(${sql.param(agentIds)}::int[]) and team_id is not null`)
  ).map((row) => row.team_id);
  const inForce = await listGoalsInForce(tx, goalPeriodStartsOf(localDay(now, timeZone)), { scope: everyAgentScope() }, { holders: { agentIds, teamIds } });
  const candidates = inForce.filter((goal) => percentOf(goal) >= 50);
  if (candidates.length === 0) return [];
  const recorded = await queryRows<{ goal_id: number; threshold: number }>(
    tx,
    sql`select m.goal_id, m.threshold from ${goalMarks} m
      join unnest(${sql.param(candidates.map((goal) => goal.id))}::int[], ${`{${candidates.map((goal) => goal.periodStart).join(',')}}`}::date[]) as c(goal_id, period_start)
        on c.goal_id = m.goal_id and c.period_start = m.period_start`,
  );
  const marksOf = new Map<number, Set<number>>();
  for (const row of recorded) marksOf.set(row.goal_id, (marksOf.get(row.goal_id) ?? new Set()).add(row.threshold));
  const passing = candidates.flatMap((goal) => marksPassed(percentOf(goal), marksOf.get(goal.id) ?? new Set()).map((threshold) => ({ goal, threshold })));
  if (passing.length === 0) return [];
  const values = passing.map(({ goal, threshold }) => sql`(${goal.id}::int, ${goal.periodStart}::date, ${threshold}::int, ${now.toISOString()}::timestamptz)`);
  // Another pass that got here first (a restarted cursor) recorded them already: only the marks inserted now are told.
  const inserted = await queryRows<{ goal_id: number; threshold: number }>(
    tx,
    sql`insert into ${goalMarks} (goal_id, period_start, threshold, reached_at) values ${sql.join(values, sql`, `)} on conflict do nothing returning goal_id, threshold`,
  );
  const highest = new Map<number, GoalThreshold>();
  for (const row of inserted) highest.set(row.goal_id, Math.max(highest.get(row.goal_id) ?? 0, row.threshold) as GoalThreshold);
  return candidates
    .filter((goal) => highest.has(goal.id))
    .map((goal) =>
      goalReachedEvent({
        goalId: goal.id,
        threshold: highest.get(goal.id)!,
        ...holderOf(goal),
        actual: figureOut(goal.unit, goal.actual),
        target: figureOut(goal.unit, goal.target),
      }),
    );
}

/**
 * Tells of the goals in force now that are behind pace (below 90% of what is expected by now, in working days), each
 * at most once a week: the goal's behind_noticed_at moves in the statement that picks it, so two instances never
 * both tell. Nothing on a day that is not worked. Returns how many goals were told of.
 */
export async function noticeGoalsBehind(db: Db, now: Date, timeZone: string): Promise<number> {
  const today = localDay(now, timeZone);
  return db.transaction(async (tx) => {
    const calendar = await readWorkingCalendar(tx);
    if (!isWorkingDay(today, calendar)) return 0;
    const inForce = await listGoalsInForce(tx, goalPeriodStartsOf(today), { scope: everyAgentScope() });
    const behind = inForce.flatMap((goal) => {
      const progress = progressOf({ actual: goal.actual, target: goal.target, kind: goal.period, start: goal.periodStart, today }, calendar);
      return progress.pace === 'behind' ? [{ goal, expectedByNow: progress.expectedByNow }] : [];
    });
    if (behind.length === 0) return 0;
    const told = await queryRows<{ id: number }>(
      tx,
      sql`update ${goals} set behind_noticed_at = ${now.toISOString()}::timestamptz
        where id = any(${sql.param(behind.map(({ goal }) => goal.id))}::int[])
          and (behind_noticed_at is null or behind_noticed_at <= ${new Date(now.getTime() - BEHIND_NOTICE_EVERY_MS).toISOString()}::timestamptz)
        returning id`,
    );
    const toldIds = new Set(told.map((row) => row.id));
    await appendEvents(
      tx,
      behind
        .filter(({ goal }) => toldIds.has(goal.id))
        .map(({ goal, expectedByNow }) =>
          goalBehindEvent({
            goalId: goal.id,
            ...holderOf(goal),
            actual: figureOut(goal.unit, goal.actual),
            expectedByNow: figureOut(goal.unit, expectedByNow),
            target: figureOut(goal.unit, goal.target),
          }),
        ),
    );
    return toldIds.size;
  });
}
