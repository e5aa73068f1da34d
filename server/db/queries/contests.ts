import { sql } from 'drizzle-orm';
import type { ContestFormat, ContestRecurrence, ParticipantKind, Prize } from '../../../contract/contests';
import { PROFIT_METRIC, type MetricUnit } from '../../../contract/metrics';
import { hundredthsOf } from '../../domain/goals';
import { queryRows, type Db } from '../client';
import { activities, agents, contests, incomeEntries, metrics, rewardOptions, teams } from '../schema';

// Contests as stored (docs/decisions/0077-contests.md) and their standings, read from the entries or activities dated
// in the window (along the date indexes: a week of the reference data is about 10,000 rows).

/** A contest's settings as written (the target in hundredths; prizes in place order). */
export interface ContestSettings {
  name: string;
  description: string | null;
  metricId: number | null;
  startsOn: string;
  endsOn: string;
  format: ContestFormat;
  target: bigint | null;
  participantKind: ParticipantKind;
  participantIds: number[];
  teamsCompete: boolean;
  prizes: Prize[];
  showOnTv: boolean;
  recurrence: ContestRecurrence | null;
}

/** A contest as stored: its settings, its metric's key, name and unit, and the moments its state follows from. */
export interface ContestRow extends ContestSettings {
  id: number;
  metric: string;
  metricName: string;
  unit: MetricUnit;
  createdAt: Date;
  publishedAt: Date | null;
  cancelledAt: Date | null;
  finalisedAt: Date | null;
}

interface StoredContest {
  id: number;
  name: string;
  description: string | null;
  metric_id: number | null;
  metric_key: string | null;
  metric_name: string | null;
  metric_unit: MetricUnit | null;
  starts_on: string;
  ends_on: string;
  format: ContestFormat;
  target: string | null;
  participant_kind: ParticipantKind;
  participant_ids: number[];
  teams_compete: boolean;
  prizes: Prize[];
  show_on_tv: boolean;
  recurrence: ContestRecurrence | null;
  created_at: string;
  published_at: string | null;
  cancelled_at: string | null;
  finalised_at: string | null;
}

const contestColumns = sql`c.id, c.name, c.description, c.metric_id, m.key as metric_key, m.name as metric_name, m.unit as metric_unit,
  c.starts_on::text as starts_on, c.ends_on::text as ends_on, c.format, c.target::text as target, c.participant_kind, c.participant_ids,
  c.teams_compete, c.prizes, c.show_on_tv, c.recurrence, c.created_at::text as created_at, c.published_at::text as published_at,
  c.cancelled_at::text as cancelled_at, c.finalised_at::text as finalised_at`;

const instant = (text: string | null) => (text === null ? null : new Date(text));

function toContestRow(row: StoredContest): ContestRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    metricId: row.metric_id,
    metric: row.metric_key ?? PROFIT_METRIC,
    metricName: row.metric_name ?? 'Profit',
    unit: row.metric_unit ?? 'money',
    startsOn: String(row.starts_on).slice(0, 10),
    endsOn: String(row.ends_on).slice(0, 10),
    format: row.format,
    target: row.target === null ? null : hundredthsOf(row.target),
    participantKind: row.participant_kind,
    participantIds: [...row.participant_ids],
    teamsCompete: row.teams_compete,
    prizes: row.prizes,
    showOnTv: row.show_on_tv,
    recurrence: row.recurrence,
    createdAt: new Date(row.created_at),
    publishedAt: instant(row.published_at),
    cancelledAt: instant(row.cancelled_at),
    finalisedAt: instant(row.finalised_at),
  };
}

/** Every contest, the latest window first. */
export async function listContests(db: Db): Promise<ContestRow[]> {
  const rows = await queryRows<StoredContest>(
    db,
    sql`select ${contestColumns} from ${contests} c left join ${metrics} m on m.id = c.metric_id order by c.starts_on desc, c.id desc`,
  );
  return rows.map(toContestRow);
}

/** One contest by id (locked for the transaction's writes with `lock`), or undefined. */
export async function findContest(db: Db, id: number, lock = false): Promise<ContestRow | undefined> {
  const [row] = await queryRows<StoredContest>(
    db,
    sql`select ${contestColumns} from ${contests} c left join ${metrics} m on m.id = c.metric_id where c.id = ${id}::int ${lock ? sql`for update of c` : sql``}`,
  );
  return row ? toContestRow(row) : undefined;
}

/** The team of each agent named (an agent that does not exist is left out). */
export async function teamsOfAgents(db: Db, ids: readonly number[]): Promise<Map<number, number | null>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; team_id: number | null }>(
    db,
    sql`select a.id, a.team_id from ${agents} a where a.id = any(${sql.param([...ids])}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, row.team_id]));
}

/** Which of the teams, agents or reward options named do not exist (the ids a contest may not name). */
export async function missingIds(db: Db, kind: 'teams' | 'agents' | 'rewardOptions', ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = kind === 'teams' ? teams : kind === 'agents' ? agents : rewardOptions;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select x.id from unnest(${sql.param([...ids])}::int[]) as x(id) where not exists (select 1 from ${table} t where t.id = x.id) order by x.id`,
  );
  return rows.map((row) => row.id);
}

/** One participant's figure in a contest's window: an agent (with its team) or, when teams compete, a team. */
export interface ContestFigureRow {
  id: number;
  name: string;
  /** An agent who chose not to be shown on public boards (always true for a team). */
  publicProfile: boolean;
  /** Hundredths. */
  value: bigint;
}

/**
 * The figures of a contest's participants (its active agents: everyone, its teams' or those named) over the window
 * [from, to), highest first, then by name and id: each agent's, or each team's (the sum of its participating agents';
 * a team with none of them is left out). Every entry or activity dated in the window counts, reversals of voids too.
 */
export async function readContestFigures(db: Db, contest: ContestRow, from: Date, to: Date): Promise<ContestFigureRow[]> {
  const participant =
    contest.participantKind === 'all'
      ? sql`true`
      : contest.participantKind === 'teams'
        ? sql`a.team_id = any(${sql.param(contest.participantIds)}::int[])`
        : sql`a.id = any(${sql.param(contest.participantIds)}::int[])`;
  const window = sql`x.date >= ${from.toISOString()}::timestamptz and x.date < ${to.toISOString()}::timestamptz`;
  const figures =
    contest.metricId === null
      ? sql`select x.agent_id, sum(x.amount) as value from ${incomeEntries} x where ${window} group by x.agent_id`
      : sql`select x.agent_id, sum(x.value) as value from ${activities} x where x.metric_id = ${contest.metricId}::int and ${window} group by x.agent_id`;
  const people = sql`select a.id, a.name, a.public_profile, a.team_id, coalesce(f.value, 0) as value
    from ${agents} a left join (${figures}) f on f.agent_id = a.id
    where a.status = 'active' and ${participant}`;
  const rows = await queryRows<{ id: number; name: string; public_profile: boolean; value: string }>(
    db,
    contest.teamsCompete
      ? sql`select t.id, t.name, true as public_profile, sum(p.value)::numeric(16,2)::text as value
          from (${people}) p join ${teams} t on t.id = p.team_id group by t.id, t.name order by sum(p.value) desc, t.name, t.id`
      : sql`select p.id, p.name, p.public_profile, p.value::numeric(16,2)::text as value from (${people}) p order by p.value desc, p.name, p.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, publicProfile: row.public_profile, value: hundredthsOf(row.value) }));
}
