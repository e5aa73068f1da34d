import { sql } from 'drizzle-orm';
import type { ContestFormat, ContestPrizeWon, ContestRecurrence, ParticipantKind, Prize } from '../../../contract/contests';
import type { ClaimStatus } from '../../../contract/rewards';
import { PROFIT_METRIC, type MetricUnit } from '../../../contract/metrics';
import { hundredthsOf } from '../../domain/goals';
import { queryRows, type Db } from '../client';
import { activities, agents, contestAwards, contestResults, contests, incomeEntries, metrics, rewardClaims, rewardOptions, teams } from '../schema';

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
  /** A race's winner (an agent, or a team when teams compete), once one reached the target. */
  raceWinnerId: number | null;
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
  race_winner_id: number | null;
}

const contestColumns = sql`c.id, c.name, c.description, c.metric_id, m.key as metric_key, m.name as metric_name, m.unit as metric_unit,
  c.starts_on::text as starts_on, c.ends_on::text as ends_on, c.format, c.target::text as target, c.participant_kind, c.participant_ids,
  c.teams_compete, c.prizes, c.show_on_tv, c.recurrence, c.created_at::text as created_at, c.published_at::text as published_at,
  c.cancelled_at::text as cancelled_at, c.finalised_at::text as finalised_at, c.race_winner_id`;

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
    raceWinnerId: row.race_winner_id,
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

/** Contests published, not cancelled and not final whose window began by `today`: running, or ended in their grace. */
export async function listOpenContests(db: Db, today: string): Promise<ContestRow[]> {
  const rows = await queryRows<StoredContest>(
    db,
    sql`select ${contestColumns} from ${contests} c left join ${metrics} m on m.id = c.metric_id
      where c.published_at is not null and c.cancelled_at is null and c.finalised_at is null and c.starts_on <= ${today}::date
      order by c.id`,
  );
  return rows.map(toContestRow);
}

/** The participants' condition of a contest, on agents `a`: everyone active, its teams' or the agents named. */
function participating(contest: Pick<ContestRow, 'participantKind' | 'participantIds'>) {
  const named =
    contest.participantKind === 'all'
      ? sql`true`
      : contest.participantKind === 'teams'
        ? sql`a.team_id = any(${sql.param(contest.participantIds)}::int[])`
        : sql`a.id = any(${sql.param(contest.participantIds)}::int[])`;
  return sql`a.status = 'active' and ${named}`;
}

/** Entries (profit) or activities the watcher leaves out of a figure: those whose events come after its cursor. */
export interface LaterRows {
  entryIds: readonly number[];
  activityIds: readonly number[];
}

/** One participating agent's figure over a window, with its team. */
export interface AgentWindowFigure {
  id: number;
  name: string;
  publicProfile: boolean;
  teamId: number | null;
  /** Hundredths. */
  value: bigint;
}

/**
 * Each participating agent's figure over the window [from, to), leaving out the entries or activities `later` names
 * (the race watcher's figures as of its cursor), highest first, then by name and id.
 */
export async function readAgentWindowFigures(db: Db, contest: ContestRow, from: Date, to: Date, later: LaterRows): Promise<AgentWindowFigure[]> {
  const window = sql`x.date >= ${from.toISOString()}::timestamptz and x.date < ${to.toISOString()}::timestamptz`;
  const figures =
    contest.metricId === null
      ? sql`select x.agent_id, sum(x.amount) as value from ${incomeEntries} x
          where ${window} and x.id <> all(${sql.param([...later.entryIds])}::bigint[]) group by x.agent_id`
      : sql`select x.agent_id, sum(x.value) as value from ${activities} x
          where x.metric_id = ${contest.metricId}::int and ${window} and x.id <> all(${sql.param([...later.activityIds])}::bigint[]) group by x.agent_id`;
  const rows = await queryRows<{ id: number; name: string; public_profile: boolean; team_id: number | null; value: string }>(
    db,
    sql`select a.id, a.name, a.public_profile, a.team_id, coalesce(f.value, 0)::numeric(16,2)::text as value
      from ${agents} a left join (${figures}) f on f.agent_id = a.id
      where ${participating(contest)}
      order by coalesce(f.value, 0) desc, a.name, a.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, publicProfile: row.public_profile, teamId: row.team_id, value: hundredthsOf(row.value) }));
}

/** An entry or activity the race watcher walks past: whose, how much (hundredths) and whether it is dated in the window. */
export interface WindowRow {
  agentId: number;
  value: bigint;
  inWindow: boolean;
}

/** The entries (metricId null) or activities named, by id, with their agent, figure and whether they are in [from, to). */
export async function readWindowRows(db: Db, metricId: number | null, ids: readonly number[], from: Date, to: Date): Promise<Map<number, WindowRow>> {
  if (ids.length === 0) return new Map();
  const inWindow = sql`x.date >= ${from.toISOString()}::timestamptz and x.date < ${to.toISOString()}::timestamptz`;
  const rows = await queryRows<{ id: number; agent_id: number; value: string; in_window: boolean }>(
    db,
    metricId === null
      ? sql`select x.id::float8 as id, x.agent_id, x.amount::text as value, ${inWindow} as in_window from ${incomeEntries} x where x.id = any(${sql.param([...ids])}::bigint[])`
      : sql`select x.id::float8 as id, x.agent_id, x.value::text as value, ${inWindow} as in_window from ${activities} x
          where x.id = any(${sql.param([...ids])}::bigint[]) and x.metric_id = ${metricId}::int`,
  );
  return new Map(rows.map((row) => [Number(row.id), { agentId: row.agent_id, value: hundredthsOf(row.value), inWindow: row.in_window }]));
}

/** The names of teams, by id. */
export async function teamNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from ${teams} where id = any(${sql.param([...ids])}::int[])`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A final contest's frozen results, in their order. */
export interface ContestResultRow {
  agentId: number | null;
  teamId: number | null;
  name: string;
  publicProfile: boolean;
  rank: number;
  value: bigint;
}

export async function readContestResults(db: Db, contestId: number): Promise<ContestResultRow[]> {
  const rows = await queryRows<{ agent_id: number | null; team_id: number | null; name: string; public_profile: boolean; rank: number; value: string }>(
    db,
    sql`select r.agent_id, r.team_id, r.name, r.public_profile, r.rank, r.value::text as value from ${contestResults} r
      where r.contest_id = ${contestId}::int order by r.position`,
  );
  return rows.map((row) => ({ agentId: row.agent_id, teamId: row.team_id, name: row.name, publicProfile: row.public_profile, rank: row.rank, value: hundredthsOf(row.value) }));
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
  const window = sql`x.date >= ${from.toISOString()}::timestamptz and x.date < ${to.toISOString()}::timestamptz`;
  const figures =
    contest.metricId === null
      ? sql`select x.agent_id, sum(x.amount) as value from ${incomeEntries} x where ${window} group by x.agent_id`
      : sql`select x.agent_id, sum(x.value) as value from ${activities} x where x.metric_id = ${contest.metricId}::int and ${window} group by x.agent_id`;
  const people = sql`select a.id, a.name, a.public_profile, a.team_id, coalesce(f.value, 0) as value
    from ${agents} a left join (${figures}) f on f.agent_id = a.id
    where ${participating(contest)}`;
  const rows = await queryRows<{ id: number; name: string; public_profile: boolean; value: string }>(
    db,
    contest.teamsCompete
      ? sql`select t.id, t.name, true as public_profile, sum(p.value)::numeric(16,2)::text as value
          from (${people}) p join ${teams} t on t.id = p.team_id group by t.id, t.name order by sum(p.value) desc, t.id`
      : sql`select p.id, p.name, p.public_profile, p.value::numeric(16,2)::text as value from (${people}) p order by p.value desc, p.name, p.id`,
  );
  return rows.map((row) => ({ id: row.id, name: row.name, publicProfile: row.public_profile, value: hundredthsOf(row.value) }));
}

/** Who a contest's notifications go to (its active participants, with their teams) and, once final, their places and prizes. */
export interface ContestAudienceRows {
  participants: { agentId: number; teamId: number | null }[];
  rankOf: Map<number, number>;
  prizesOf: Map<number, string[]>;
}

export async function readContestAudience(db: Db, contestId: number): Promise<ContestAudienceRows> {
  const audience: ContestAudienceRows = { participants: [], rankOf: new Map(), prizesOf: new Map() };
  const contest = await findContest(db, contestId);
  if (!contest) return audience;
  const people = await queryRows<{ id: number; team_id: number | null }>(
    db,
    sql`select a.id, a.team_id from ${agents} a where ${participating(contest)} order by a.id`,
  );
  audience.participants = people.map((row) => ({ agentId: row.id, teamId: row.team_id }));
  if (!contest.finalisedAt) return audience;
  // Placed: a figure above zero (as prizes go); a team's place is each of its members'.
  const results = await readContestResults(db, contestId);
  const teamRank = new Map<number, number>();
  for (const result of results) {
    if (result.value <= 0n) continue;
    if (result.agentId !== null) audience.rankOf.set(result.agentId, result.rank);
    if (result.teamId !== null) teamRank.set(result.teamId, result.rank);
  }
  for (const person of audience.participants) {
    const rank = person.teamId === null ? undefined : teamRank.get(person.teamId);
    if (contest.teamsCompete && rank !== undefined) audience.rankOf.set(person.agentId, rank);
  }
  const awards = await queryRows<{ agent_id: number; prize_text: string }>(
    db,
    sql`select agent_id, prize_text from ${contestAwards} where contest_id = ${contestId}::int order by place, agent_id`,
  );
  for (const award of awards) audience.prizesOf.set(award.agent_id, [...(audience.prizesOf.get(award.agent_id) ?? []), award.prize_text]);
  return audience;
}

/** The prizes contests awarded an agent, newest first, with their live claims. */
export async function listPrizesOf(db: Db, agentId: number): Promise<ContestPrizeWon[]> {
  const rows = await queryRows<{
    id: number;
    contest_id: number;
    contest_name: string;
    place: number;
    prize_text: string;
    reward_title: string | null;
    awarded_at: string;
    claim_id: number | null;
    claim_status: ClaimStatus | null;
  }>(
    db,
    sql`select w.id, w.contest_id, c.name as contest_name, w.place, w.prize_text, o.title as reward_title, w.awarded_at::text as awarded_at,
        r.id as claim_id, r.status as claim_status
      from ${contestAwards} w join ${contests} c on c.id = w.contest_id
        left join ${rewardOptions} o on o.id = w.reward_option_id
        left join ${rewardClaims} r on r.contest_award_id = w.id and r.status <> 'rejected'
      where w.agent_id = ${agentId}::int
      order by w.awarded_at desc, w.id desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    contestId: row.contest_id,
    contestName: row.contest_name,
    place: row.place,
    prizeText: row.prize_text,
    rewardTitle: row.reward_title,
    awardedAt: new Date(row.awarded_at).toISOString(),
    claim: row.claim_id === null ? null : { id: row.claim_id, status: row.claim_status! },
  }));
}

/** The names of the agents (with whether they are shown on public boards) or teams named, by id. */
export async function participantNames(db: Db, kind: 'agents' | 'teams', ids: readonly number[]): Promise<Map<number, { name: string; publicProfile: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string; public_profile: boolean }>(
    db,
    kind === 'agents'
      ? sql`select id, name, public_profile from ${agents} where id = any(${sql.param([...ids])}::int[])`
      : sql`select id, name, true as public_profile from ${teams} where id = any(${sql.param([...ids])}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, publicProfile: row.public_profile }]));
}

/**
 * The contests a TV shows (showOnTv): published and not cancelled, running on `today`, or final since `finalSince`
 * (the winner's celebration), the soonest to end first.
 */
export async function listTvContests(db: Db, today: string, finalSince: Date): Promise<ContestRow[]> {
  const rows = await queryRows<StoredContest>(
    db,
    sql`select ${contestColumns} from ${contests} c left join ${metrics} m on m.id = c.metric_id
      where c.show_on_tv and c.published_at is not null and c.cancelled_at is null
        and ((c.finalised_at is null and c.starts_on <= ${today}::date and c.ends_on >= ${today}::date)
          or c.finalised_at >= ${finalSince.toISOString()}::timestamptz)
      order by c.ends_on, c.id`,
  );
  return rows.map(toContestRow);
}
