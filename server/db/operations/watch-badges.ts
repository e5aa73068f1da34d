import { sql } from 'drizzle-orm';
import { periodsInARow, podiumDetail, workingDayStreak } from '../../domain/badges';
import { localDay, periodStartsOf, shiftDay } from '../../domain/periods';
import { moveEventCursor, takeEventCursor } from '../event-cursors';
import { jsonColumn, queryRows, type Db } from '../client';
import { appendEvents } from '../events';
import { listBadgeRules, type BadgeRuleRow } from '../queries/badges';
import { readWorkingCalendar } from '../queries/settings';
import { badgeAwardedEvent } from '../rule-sql';
import { activities, agentBadges, agentPeriodTotals, agents, contestResults, contests, events, goalMarks, metrics } from '../schema';

export const BADGES_WATCHED_THROUGH = 'badges_watched_through';
const WATCHED_THROUGH = BADGES_WATCHED_THROUGH;

/** A badge to award: whose, which rule's, what earned it. */
interface Award {
  ruleId: number;
  agentId: number;
  detail: string;
  eventId: number;
}

interface WatchedEvent {
  id: number;
  type: string;
  agent_id: number | null;
  data: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The events that may earn a badge. */
const EARNING = ['entry.created', 'tier.reached', 'goal.reached', 'activity.created', 'contest.final'];

/**
 * Awards the badges the events committed since the last call earn (docs/decisions/0078-achievements.md), at most
 * `limit` events at a time, in commit order: each active rule's badge once per agent (agent_badges' unique key: every
 * instance agrees; only the badges inserted now are told, by badge.awarded). As the goal watcher: the cursor row is
 * locked and skipped by others and moves in the transaction that awards. History is not watched: the cursor starts
 * at the newest event, so a rule switched on rewards what happens from then on. Returns how many events it read.
 */
export async function watchBadges(db: Db, limit: number, now: Date, timeZone: string): Promise<number> {
  return db.transaction(async (tx) => {
    const after = await takeEventCursor(tx, WATCHED_THROUGH, 'newest');
    if (after === undefined) return 0;
    const rows = await queryRows<{ id: number; type: string; agent_id: number | null; public_data: unknown; private_data: unknown }>(
      tx,
      // Only the earning events' data is read; the others move the cursor.
      sql`select e.id::float8 as id, e.type, e.agent_id,
          case when e.type in (${sql.join(EARNING.map((type) => sql`${type}`), sql`, `)}) then e.public_data end as public_data,
          case when e.type in (${sql.join(EARNING.map((type) => sql`${type}`), sql`, `)}) then e.private_data end as private_data
        from ${events} e where e.id > ${after} order by e.id limit ${limit}::int`,
    );
    if (rows.length === 0) return 0;
    const earning = rows.filter((row) => EARNING.includes(row.type));
    const rules = earning.length === 0 ? [] : await listBadgeRules(tx, true);
    if (rules.length > 0) {
      const watched = earning.map((row) => ({
        id: row.id,
        type: row.type,
        agent_id: row.agent_id,
        data: { ...jsonColumn<Record<string, unknown>>(row.public_data as string), ...jsonColumn<Record<string, unknown>>(row.private_data as string) },
      }));
      const awards = await earned(tx, rules, watched, now, timeZone);
      await award(tx, rules, awards, now);
    }
    await moveEventCursor(tx, WATCHED_THROUGH, rows[rows.length - 1]!.id);
    return rows.length;
  });
}

/** The badges the events earn, before those already held are left out. */
async function earned(tx: Db, rules: readonly BadgeRuleRow[], watched: readonly WatchedEvent[], now: Date, timeZone: string): Promise<Award[]> {
  const ofKind = (kind: BadgeRuleRow['kind']) => rules.filter((rule) => rule.kind === kind);
  const awards: Award[] = [];
  const held = await heldBy(tx, [...new Set(watched.flatMap((event) => (event.agent_id === null ? [] : [event.agent_id])))]);
  const wants = (rule: BadgeRuleRow, agentId: number) => !held.has(`${rule.id}:${agentId}`) && !awards.some((a) => a.ruleId === rule.id && a.agentId === agentId);
  const today = localDay(now, timeZone);
  let calendar: Awaited<ReturnType<typeof readWorkingCalendar>> | undefined;

  for (const event of watched) {
    const agentId = event.agent_id;
    const d = event.data;
    switch (event.type) {
      case 'entry.created': {
        if (agentId === null) break;
        for (const rule of ofKind('first_entry')) if (wants(rule, agentId)) awards.push({ ruleId: rule.id, agentId, detail: 'A first sale recorded', eventId: event.id });
        const records = ofKind('record_week').filter((rule) => wants(rule, agentId));
        if (records.length > 0 && typeof d.date === 'string' && Number(d.amount) > 0) {
          const week = periodStartsOf(new Date(d.date), timeZone).week;
          if (await isRecordWeek(tx, agentId, week)) for (const rule of records) awards.push({ ruleId: rule.id, agentId, detail: `A record week of profit: the week of ${week}`, eventId: event.id });
        }
        break;
      }
      case 'tier.reached': {
        if (agentId === null) break;
        for (const rule of ofKind('tier_reached')) {
          if ((rule.params.tierId === undefined || rule.params.tierId === d.tierId) && wants(rule, agentId)) {
            awards.push({ ruleId: rule.id, agentId, detail: `The ${text(d.tierName)} tier reached`, eventId: event.id });
          }
        }
        break;
      }
      case 'goal.reached': {
        // An agent's own goal, reached in full (a team's goal is the team's, not one agent's).
        if (agentId === null || d.teamId !== null || Number(d.threshold) < 100 || typeof d.goalId !== 'number') break;
        const rules = ofKind('goal_streak').filter((rule) => wants(rule, agentId));
        if (rules.length === 0) break;
        const kind = d.period as 'week' | 'month' | 'quarter';
        const start = text(d.periodStart);
        const marks = await queryRows<{ period_start: string }>(
          tx,
          sql`select period_start::text as period_start from ${goalMarks} where goal_id = ${d.goalId}::int and threshold = 100 and period_start <= ${start}::date`,
        );
        const inARow = periodsInARow(new Set(marks.map((mark) => String(mark.period_start).slice(0, 10))), kind, start);
        for (const rule of rules) {
          if (inARow >= (rule.params.count ?? Infinity)) awards.push({ ruleId: rule.id, agentId, detail: `${text(d.metricName)} goal reached ${inARow} ${kind}s in a row`, eventId: event.id });
        }
        break;
      }
      case 'activity.created': {
        if (agentId === null || typeof d.date !== 'string') break;
        const rules = ofKind('activity_streak').filter((rule) => rule.params.metric === d.metric && wants(rule, agentId));
        if (rules.length === 0) break;
        calendar ??= await readWorkingCalendar(tx);
        const day = localDay(new Date(d.date), timeZone);
        const active = await activeDays(tx, agentId, text(d.metric), shiftDay(day, { days: -400 }), timeZone);
        const streak = workingDayStreak(active, day, today, calendar);
        for (const rule of rules) {
          if (streak >= (rule.params.count ?? Infinity)) awards.push({ ruleId: rule.id, agentId, detail: `${text(d.metricName)} on ${streak} working days in a row`, eventId: event.id });
        }
        break;
      }
      case 'contest.final': {
        const rules = ofKind('contest_podium');
        if (rules.length === 0 || typeof d.contestId !== 'number') break;
        for (const placed of await podiumOf(tx, d.contestId)) {
          for (const rule of rules) {
            if (placed.rank <= (rule.params.places ?? 3) && !held.has(`${rule.id}:${placed.agentId}`) && wants(rule, placed.agentId)) {
              awards.push({ ruleId: rule.id, agentId: placed.agentId, detail: podiumDetail(placed.rank, text(d.name)), eventId: event.id });
            }
          }
        }
        break;
      }
    }
  }
  if (awards.some((a) => !held.has(`${a.ruleId}:${a.agentId}`))) {
    // Agents met only through a contest's results: their badges were not read above.
    const more = await heldBy(tx, [...new Set(awards.map((a) => a.agentId))]);
    return awards.filter((a) => !more.has(`${a.ruleId}:${a.agentId}`));
  }
  return awards;
}

/** The badges (rule:agent) the agents hold. */
async function heldBy(tx: Db, agentIds: readonly number[]): Promise<Set<string>> {
  if (agentIds.length === 0) return new Set();
  const rows = await queryRows<{ rule_id: number; agent_id: number }>(tx, sql`select rule_id, agent_id from ${agentBadges} where agent_id = any(${sql.param([...agentIds])}::int[])`);
  return new Set(rows.map((row) => `${row.rule_id}:${row.agent_id}`));
}

/** Whether the agent's profit in the week from `week` beats every earlier week of its (at least one earlier week sold). */
async function isRecordWeek(tx: Db, agentId: number, week: string): Promise<boolean> {
  const [row] = await queryRows<{ now: string | null; best: string | null }>(
    tx,
    sql`select (select income::text from ${agentPeriodTotals} where agent_id = ${agentId}::int and period_kind = 'week' and period_start = ${week}::date) as now,
      (select max(income)::text from ${agentPeriodTotals} where agent_id = ${agentId}::int and period_kind = 'week' and period_start < ${week}::date) as best`,
  );
  return row?.now != null && row.best != null && Number(row.best) > 0 && Number(row.now) > Number(row.best);
}

/** The local days from `from` on on which the agent's activities on a metric add up to more than nothing. */
async function activeDays(tx: Db, agentId: number, metricKey: string, from: string, timeZone: string): Promise<Set<string>> {
  const rows = await queryRows<{ day: string }>(
    tx,
    sql`select (x.date at time zone ${timeZone})::date::text as day from ${activities} x join ${metrics} m on m.id = x.metric_id
      where x.agent_id = ${agentId}::int and m.key = ${metricKey} and x.date >= (${from}::date::timestamp at time zone ${timeZone})
      group by 1 having sum(x.value) > 0`,
  );
  return new Set(rows.map((row) => row.day));
}

/** A final contest's placed agents (a figure above zero), each with its rank; a team's rank goes to its participating members. */
async function podiumOf(tx: Db, contestId: number): Promise<{ agentId: number; rank: number }[]> {
  return queryRows<{ agentId: number; rank: number }>(
    tx,
    sql`select r.agent_id as "agentId", r.rank from ${contestResults} r where r.contest_id = ${contestId}::int and r.agent_id is not null and r.value > 0
      union all
      select a.id as "agentId", r.rank from ${contestResults} r join ${contests} c on c.id = r.contest_id
        join ${agents} a on a.team_id = r.team_id and a.status = 'active'
          and (c.participant_kind <> 'agents' or a.id = any(c.participant_ids))
      where r.contest_id = ${contestId}::int and r.team_id is not null and r.value > 0`,
  );
}

/** Records the badges (once: a second instance's are skipped) and tells each with badge.awarded. */
async function award(tx: Db, rules: readonly BadgeRuleRow[], awards: readonly Award[], now: Date): Promise<void> {
  if (awards.length === 0) return;
  const values = awards.map((a) => sql`(${a.ruleId}::int, ${a.agentId}::int, ${now.toISOString()}::timestamptz, ${a.detail}::text, ${a.eventId}::bigint)`);
  const inserted = await queryRows<{ id: number; rule_id: number; agent_id: number; detail: string; agent_name: string }>(
    tx,
    sql`with added as (
        insert into ${agentBadges} (rule_id, agent_id, awarded_at, detail, event_id)
        select v.rule_id, v.agent_id, v.awarded_at, v.detail, v.event_id
        from (values ${sql.join(values, sql`, `)}) as v(rule_id, agent_id, awarded_at, detail, event_id)
        where exists (select 1 from ${agents} a where a.id = v.agent_id)
        on conflict do nothing
        returning id, rule_id, agent_id, detail
      )
      select added.id, added.rule_id, added.agent_id, added.detail, a.name as agent_name from added join ${agents} a on a.id = added.agent_id order by added.id`,
  );
  const ruleOf = new Map(rules.map((rule) => [rule.id, rule]));
  await appendEvents(
    tx,
    inserted.map((row) =>
      badgeAwardedEvent({
        agentId: row.agent_id,
        agentName: row.agent_name,
        badgeId: row.id,
        ruleId: row.rule_id,
        kind: ruleOf.get(row.rule_id)!.kind,
        name: ruleOf.get(row.rule_id)!.name,
        detail: row.detail,
      }),
    ),
  );
}
