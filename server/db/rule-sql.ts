import { sql, type SQL } from 'drizzle-orm';
import type { EventDataByType, EventType } from '../../contract/events';
import type { NewEvent } from './events';
import { activities, agentMetricPeriodTotals, agentPeriodTotals, incomeEntries } from './schema';

/**
 * The business rules that SQL applies, each written once. Entry writes, voids, threshold edits, the consistency check
 * and the bulk loader all decide with these fragments, so they cannot disagree (docs/product.md §9.3). The events
 * those writes append are built here too, from one key list per event type checked against contract/events.ts, both
 * in TypeScript and in SQL.
 */

/**
 * Whether a total reaches a tier's threshold: at or above it, to the cent (server/domain/claims.ts `isTierReached`
 * is the same rule in TypeScript). An achievement is recorded the first time an agent's running total does this;
 * since totals can fall, "has reached" is judged on the agent's peak total.
 */
export function thresholdReached(threshold: SQL, total: SQL): SQL {
  return sql`${threshold} <= ${total}`;
}

/**
 * The entries that count (docs/product.md §12.11), of income_entries aliased `e`: neither voided nor a reversal. A
 * voided entry never happened as far as entry counts and tiers go.
 */
export const entryCounts = sql`e.voided_at is null and e.voids_entry_id is null`;

/**
 * Each entry of income_entries `e` matching `where` with its agent's running total after it (entry id order, the order
 * totals are kept in), over the entries `where` keeps: columns id, agent_id, created_at, new_total (as stored), total.
 */
export function runningTotals(where: SQL = sql`true`): SQL {
  return sql`
    select e.id, e.agent_id, e.created_at, e.new_total, sum(e.amount) over (partition by e.agent_id order by e.id) as total
    from ${incomeEntries} e
    where ${where}`;
}

/**
 * Each agent's peak total (columns agent_id, peak): the highest running total, never below 0 (the total before any
 * entry), over the entries that count, for the agents of income_entries `e` matching `where`. An agent without
 * entries has no row (its peak is 0). What tiers rest on: a void keeps the agent's peak by it, the consistency check
 * recomputes it.
 */
export function peakTotals(where: SQL = sql`true`): SQL {
  return sql`select r.agent_id, greatest(0, max(r.total)) as peak from (${runningTotals(sql`${entryCounts} and ${where}`)}) r group by r.agent_id`;
}

/**
 * The week/month/quarter/year roll-ups of `entries` (a query with columns agent_id, date as timestamptz, amount), with
 * PostgreSQL's own calendar in the organisation's time zone (weeks start on Monday), as columns agent_id,
 * period_kind, period_start, income. server/domain/periods.ts computes the same starts for reads.
 */
export function periodRollUps(entries: SQL, timeZone: string): SQL {
  return sql`
    select e.agent_id, k.kind as period_kind, ${periodStart(sql`k.kind`, sql`e.date`, timeZone)} as period_start, sum(e.amount) as income
    from (${entries}) e cross join ${PERIOD_KINDS} group by 1, 2, 3`;
}

/** The kinds of period rolled up, as a FROM item `k(kind)`. */
const PERIOD_KINDS = sql`(values ('week'), ('month'), ('quarter'), ('year')) as k(kind)`;

/** The local date a period of `kind` holding `date` (timestamptz) begins, in the organisation's time zone. */
function periodStart(kind: SQL, date: SQL, timeZone: string): SQL {
  return sql`date_trunc(${kind}, ${date} at time zone ${timeZone})::date`;
}

/** Every roll-up computed from all the income entries (periodRollUps). */
export function periodRollUpsFromEntries(timeZone: string): SQL {
  return periodRollUps(sql`select agent_id, date, amount from ${incomeEntries}`, timeZone);
}

/**
 * The statement (or data-modifying CTE body) that adds the amounts of `entries` (columns agent_id, date, amount) to
 * their agents' week, month, quarter and year roll-ups: an entry, a void's reversal, an import, a repair.
 */
export function addingToPeriodRollUps(entries: SQL, timeZone: string): SQL {
  return sql`insert into ${agentPeriodTotals} (agent_id, period_kind, period_start, income)
    select r.agent_id, r.period_kind, r.period_start, r.income from (${periodRollUps(entries, timeZone)}) r
    on conflict (agent_id, period_kind, period_start) do update set income = ${agentPeriodTotals}.income + excluded.income`;
}

/**
 * The roll-ups of each metric's activities, as periodRollUps for profit: `activities` is a query with columns
 * metric_id, agent_id, date (timestamptz) and value; columns metric_id, agent_id, period_kind, period_start, total.
 */
export function metricPeriodRollUps(activities: SQL, timeZone: string): SQL {
  return sql`
    select a.metric_id, a.agent_id, k.kind as period_kind, ${periodStart(sql`k.kind`, sql`a.date`, timeZone)} as period_start, sum(a.value) as total
    from (${activities}) a cross join ${PERIOD_KINDS} group by 1, 2, 3, 4`;
}

/** Every metric roll-up computed from all the activities (metricPeriodRollUps). */
export function metricPeriodRollUpsFromActivities(timeZone: string): SQL {
  return metricPeriodRollUps(sql`select metric_id, agent_id, date, value from ${activities}`, timeZone);
}

/**
 * The statement (or data-modifying CTE body) that adds the values of `activities` (columns metric_id, agent_id, date,
 * value) to their agents' week, month, quarter and year roll-ups of their metric: an activity, a void's reversal, an
 * import, a repair.
 */
export function addingToMetricRollUps(activities: SQL, timeZone: string): SQL {
  return sql`insert into ${agentMetricPeriodTotals} (metric_id, agent_id, period_kind, period_start, total)
    select r.metric_id, r.agent_id, r.period_kind, r.period_start, r.total from (${metricPeriodRollUps(activities, timeZone)}) r
    on conflict (agent_id, metric_id, period_kind, period_start) do update set total = ${agentMetricPeriodTotals}.total + excluded.total`;
}

// --- Events -------------------------------------------------------------------------------------------------------

type EventKey<T extends EventType> = keyof EventDataByType[T] & string;

/**
 * Which part of an event a field of its contract type is stored in: public (anyone) or private (staff, the agent);
 * `private, when set` is private and left out of the event when the write gives it no value (a field only some writes
 * have, such as agent.created's `via`).
 */
type Part = 'public' | 'private' | 'private, when set';

/** Where each field of an event type's contract type is stored. */
type EventLayout<T extends EventType> = Record<EventKey<T>, Part>;

type KeysIn<T extends EventType, L extends EventLayout<T>, P> = { [K in EventKey<T>]: L[K] extends P ? K : never }[EventKey<T>];

/** The fields a layout leaves out when they have no value. */
type UnsetKeys<T extends EventType, L extends EventLayout<T>> = KeysIn<T, L, 'private, when set'>;

type StoredValue<T extends EventType, K extends EventKey<T>> = Exclude<EventDataByType[T][K], undefined>;

/**
 * An event's fields as written: every field of the contract type (the reader's view may leave some out), but those
 * `private, when set`, which may be missing.
 */
export type StoredEventData<T extends EventType, L extends EventLayout<T>> = {
  [K in Exclude<EventKey<T>, UnsetKeys<T, L>>]-?: StoredValue<T, K>;
} & { [K in UnsetKeys<T, L>]?: StoredValue<T, K> };

/** The SQL of every field of an event, by the contract's names; a `private, when set` field is left out when not given. */
type EventValuesSql<T extends EventType, L extends EventLayout<T>> = { [K in Exclude<EventKey<T>, UnsetKeys<T, L>>]: SQL } & {
  [K in UnsetKeys<T, L>]?: SQL;
};

/** An event whose parts are typed by the contract: `public` and `private` hold exactly the layout's fields. */
export interface TypedEvent<T extends EventType, L extends EventLayout<T>> extends NewEvent {
  type: T;
  public: { [K in KeysIn<T, L, 'public'>]: StoredValue<T, K> };
  private: { [K in KeysIn<T, L, 'private'>]: StoredValue<T, K> } & { [K in UnsetKeys<T, L>]?: StoredValue<T, K> };
}

// `satisfies EventLayout<...>`: every field of the contract type has its part, and no other field is named.
const ENTRY_CREATED = {
  entryId: 'public',
  agentId: 'public',
  agentName: 'public',
  amount: 'public',
  transactionType: 'public',
  date: 'public',
  description: 'private',
  newTotal: 'private',
  createdAt: 'private',
} as const satisfies EventLayout<'entry.created'>;

const ENTRY_VOIDED = {
  entryId: 'public',
  agentId: 'public',
  agentName: 'public',
  amount: 'public',
  reversalEntryId: 'private',
  newTotal: 'private',
  reason: 'private',
  voidedBy: 'private',
  tiersTakenBack: 'private',
} as const satisfies EventLayout<'entry.voided'>;

const TIER_REACHED = {
  agentId: 'public',
  agentName: 'public',
  tierId: 'public',
  tierName: 'public',
  tierColor: 'public',
  achievedAt: 'private',
} as const satisfies EventLayout<'tier.reached'>;

const AGENT_CREATED = {
  agentId: 'public',
  agentName: 'public',
  status: 'private',
  via: 'private, when set',
} as const satisfies EventLayout<'agent.created'>;

const ACTIVITY_CREATED = {
  activityId: 'public',
  agentId: 'public',
  agentName: 'public',
  metric: 'public',
  metricName: 'public',
  value: 'public',
  date: 'public',
  note: 'private',
  selfReported: 'private',
  createdAt: 'private',
} as const satisfies EventLayout<'activity.created'>;

const ACTIVITY_VOIDED = {
  activityId: 'public',
  agentId: 'public',
  agentName: 'public',
  metric: 'public',
  metricName: 'public',
  value: 'public',
  reversalActivityId: 'private',
  reason: 'private',
  voidedBy: 'private',
} as const satisfies EventLayout<'activity.voided'>;

const METRIC_CHANGED = { metric: 'public', name: 'public', active: 'public' } as const satisfies EventLayout<'metric.changed'>;

const CONTEST_CHANGED = { contestId: 'public', deleted: 'private, when set' } as const satisfies EventLayout<'contest.changed'>;

const CONTEST_STARTED = {
  contestId: 'public',
  name: 'public',
  metric: 'public',
  metricName: 'public',
  startsAt: 'public',
  endsAt: 'public',
  format: 'public',
  showOnTv: 'public',
} as const satisfies EventLayout<'contest.started'>;

const CONTEST_STANDINGS = { contestId: 'public', raceWonBy: 'public' } as const satisfies EventLayout<'contest.standings'>;

const CONTEST_ENDED = { contestId: 'public', name: 'public', metric: 'public', metricName: 'public', finalAt: 'public' } as const satisfies EventLayout<'contest.ended'>;

const BADGE_AWARDED = {
  agentId: 'public',
  agentName: 'public',
  badgeId: 'public',
  ruleId: 'public',
  kind: 'public',
  name: 'public',
  detail: 'public',
} as const satisfies EventLayout<'badge.awarded'>;

const CONTEST_FINAL = {
  contestId: 'public',
  name: 'public',
  metric: 'public',
  metricName: 'public',
  podium: 'private',
  prizesAwarded: 'private',
} as const satisfies EventLayout<'contest.final'>;

const GOAL_CHANGED = { goalId: 'public', agentId: 'private', teamId: 'private', deleted: 'private, when set' } as const satisfies EventLayout<'goal.changed'>;

const GOAL_REACHED = {
  goalId: 'public',
  threshold: 'public',
  agentId: 'public',
  teamId: 'public',
  holderName: 'public',
  metric: 'public',
  metricName: 'public',
  period: 'public',
  periodStart: 'public',
  actual: 'public',
  target: 'public',
} as const satisfies EventLayout<'goal.reached'>;

const GOAL_BEHIND = {
  goalId: 'public',
  agentId: 'public',
  teamId: 'public',
  holderName: 'public',
  metric: 'public',
  metricName: 'public',
  period: 'public',
  periodStart: 'public',
  actual: 'public',
  expectedByNow: 'public',
  target: 'public',
} as const satisfies EventLayout<'goal.behind'>;

const AGENT_DELETED = { agentId: 'public' } as const satisfies EventLayout<'agent.deleted'>;

const partOf = (part: Part): 'public' | 'private' => (part === 'public' ? 'public' : 'private');

function eventOf<T extends EventType, L extends EventLayout<T>>(type: T, layout: L, agentId: number, data: StoredEventData<T, L>): TypedEvent<T, L> {
  const parts = { public: {} as Record<string, unknown>, private: {} as Record<string, unknown> };
  for (const [key, part] of Object.entries(layout) as [EventKey<T>, Part][]) {
    const value = (data as Record<string, unknown>)[key];
    if (part === 'private, when set' && value === undefined) continue;
    parts[partOf(part)][key] = value;
  }
  return { type, agentId, ...parts } as TypedEvent<T, L>;
}

const SQL_KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * The select list of one event row for appendingEvents (columns n, type, agent_id, public_data, private_data), its
 * parts built with jsonb_build_object from the layout: `values` gives the SQL of every field, by the contract's names.
 */
function eventColumns<T extends EventType, L extends EventLayout<T>>(type: T, layout: L, row: { n: SQL; agentId: SQL; values: EventValuesSql<T, L> }): SQL {
  const values = row.values as Partial<Record<EventKey<T>, SQL>>;
  const part = (which: 'public' | 'private') => {
    const keys = (Object.keys(layout) as EventKey<T>[]).filter((key) => partOf(layout[key]) === which && values[key] !== undefined);
    return sql`jsonb_build_object(${sql.join(
      keys.map((key) => {
        if (!SQL_KEY.test(key)) throw new Error(`not an event field name: ${key}`);
        return sql`${sql.raw(`'${key}'`)}, ${values[key]}`;
      }),
      sql`, `,
    )})`;
  };
  if (!SQL_KEY.test(type.replace('.', ''))) throw new Error(`not an event type: ${type}`);
  return sql`${row.n} as n, ${sql.raw(`'${type}'`)}::text as type, ${row.agentId} as agent_id, ${part('public')} as public_data, ${part('private')} as private_data`;
}

/** The select list of an event row of one type (eventColumns), each field's value given in SQL. */
type EventColumnsOf<T extends EventType, L extends EventLayout<T>> = (row: { n: SQL; agentId: SQL; values: EventValuesSql<T, L> }) => SQL;

/** entry.created: an income entry was recorded (recordIncomeEntry, importIncomeEntries). */
export const entryCreatedEvent = (agentId: number, data: StoredEventData<'entry.created', typeof ENTRY_CREATED>) =>
  eventOf('entry.created', ENTRY_CREATED, agentId, data);

/** entry.created as the select list of an event row (eventColumns), each field's value given in SQL. */
export const entryCreatedEventColumns: EventColumnsOf<'entry.created', typeof ENTRY_CREATED> = (row) => eventColumns('entry.created', ENTRY_CREATED, row);

/** entry.voided: an income entry was voided, with the reversal that undoes it (voidIncomeEntry). */
export const entryVoidedEvent = (agentId: number, data: StoredEventData<'entry.voided', typeof ENTRY_VOIDED>) =>
  eventOf('entry.voided', ENTRY_VOIDED, agentId, data);

/** tier.reached: an agent's peak total reached a tier for the first time (an entry, an import, a void of a deduction). */
export const tierReachedEvent = (agentId: number, data: StoredEventData<'tier.reached', typeof TIER_REACHED>) =>
  eventOf('tier.reached', TIER_REACHED, agentId, data);

/** tier.reached as the select list of an event row (eventColumns), each field's value given in SQL. */
export const tierReachedEventColumns: EventColumnsOf<'tier.reached', typeof TIER_REACHED> = (row) => eventColumns('tier.reached', TIER_REACHED, row);

/**
 * agent.created: an agent was made (by the owner, active), registered (`via: 'sign-up'`, active or pending the
 * owner's approval) or approved (again, active this time).
 */
export const agentCreatedEvent = (agentId: number, data: StoredEventData<'agent.created', typeof AGENT_CREATED>) =>
  eventOf('agent.created', AGENT_CREATED, agentId, data);

/** agent.created as the select list of an event row (eventColumns), each field's value given in SQL: the agent import. */
export const agentCreatedEventColumns: EventColumnsOf<'agent.created', typeof AGENT_CREATED> = (row) => eventColumns('agent.created', AGENT_CREATED, row);

/** agent.deleted: an agent was deleted, with what was kept about it (deleteAgent). */
export const agentDeletedEvent = (agentId: number) => eventOf('agent.deleted', AGENT_DELETED, agentId, { agentId });

/** activity.created as the select list of an event row (eventColumns): recordActivity. */
export const activityCreatedEventColumns: EventColumnsOf<'activity.created', typeof ACTIVITY_CREATED> = (row) =>
  eventColumns('activity.created', ACTIVITY_CREATED, row);

/** activity.voided: an activity was voided, with the reversal that undoes it (voidActivity). */
export const activityVoidedEvent = (agentId: number, data: StoredEventData<'activity.voided', typeof ACTIVITY_VOIDED>) =>
  eventOf('activity.voided', ACTIVITY_VOIDED, agentId, data);

/** metric.changed: the owner made or changed a metric (about no agent). */
export const metricChangedEvent = (data: StoredEventData<'metric.changed', typeof METRIC_CHANGED>) => ({
  ...eventOf('metric.changed', METRIC_CHANGED, 0, data),
  agentId: null,
});

/** goal.changed: a goal was set, changed or removed (an agent's goal is about the agent; a team's about no agent). */
export const goalChangedEvent = (data: StoredEventData<'goal.changed', typeof GOAL_CHANGED>) => ({
  ...eventOf('goal.changed', GOAL_CHANGED, data.agentId ?? 0, data),
  agentId: data.agentId ?? null,
});

/** contest.changed: a contest was made, changed, published, cancelled or deleted (about no agent). */
export const contestChangedEvent = (data: StoredEventData<'contest.changed', typeof CONTEST_CHANGED>) => ({
  ...eventOf('contest.changed', CONTEST_CHANGED, 0, data),
  agentId: null,
});

/** contest.started, contest.standings, contest.ended, contest.final: a contest's course (about no agent; the notifier's). */
export const contestStartedEvent = (data: StoredEventData<'contest.started', typeof CONTEST_STARTED>) => ({
  ...eventOf('contest.started', CONTEST_STARTED, 0, data),
  agentId: null,
});

export const contestStandingsEvent = (data: StoredEventData<'contest.standings', typeof CONTEST_STANDINGS>) => ({
  ...eventOf('contest.standings', CONTEST_STANDINGS, 0, data),
  agentId: null,
});

export const contestEndedEvent = (data: StoredEventData<'contest.ended', typeof CONTEST_ENDED>) => ({
  ...eventOf('contest.ended', CONTEST_ENDED, 0, data),
  agentId: null,
});

export const contestFinalEvent = (data: StoredEventData<'contest.final', typeof CONTEST_FINAL>) => ({
  ...eventOf('contest.final', CONTEST_FINAL, 0, data),
  agentId: null,
});

/** badge.awarded: an agent earned a badge (server/db/operations/watch-badges.ts). */
export const badgeAwardedEvent = (data: StoredEventData<'badge.awarded', typeof BADGE_AWARDED>) => ({
  ...eventOf('badge.awarded', BADGE_AWARDED, data.agentId ?? 0, data),
  agentId: data.agentId,
});

/** goal.reached: a goal passed 50%, 90% or 100% of its target in a period (server/db/operations/watch-goals.ts). */
export const goalReachedEvent = (data: StoredEventData<'goal.reached', typeof GOAL_REACHED>) => ({
  ...eventOf('goal.reached', GOAL_REACHED, data.agentId ?? 0, data),
  agentId: data.agentId,
});

/** goal.behind: a goal fell behind pace (server/db/operations/watch-goals.ts), at most once a week. */
export const goalBehindEvent = (data: StoredEventData<'goal.behind', typeof GOAL_BEHIND>) => ({
  ...eventOf('goal.behind', GOAL_BEHIND, data.agentId ?? 0, data),
  agentId: data.agentId,
});
