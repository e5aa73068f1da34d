import { sql } from 'drizzle-orm';
import { centsToMoneyString } from '../../../contract/cents';
import type { ContestWinner } from '../../../contract/events';
import { ANONYMOUS_AGENT } from '../../../contract/insight';
import { contestStateOf, contestWindow, finalAtOf, nextWindow, prizeWinners, rankContest } from '../../domain/contests';
import { figureOut } from '../../domain/goals';
import { localDay } from '../../domain/periods';
import { appendAudit, SYSTEM_ACTOR } from '../audit';
import { moveEventCursor, takeEventCursor } from '../event-cursors';
import { queryRows, type Db } from '../client';
import { appendEvents, type NewEvent } from '../events';
import {
  findContest,
  listOpenContests,
  readAgentWindowFigures,
  readContestFigures,
  readWindowRows,
  teamNames,
  type ContestRow,
  type LaterRows,
} from '../queries/contests';
import { contestChangedEvent, contestEndedEvent, contestFinalEvent, contestStandingsEvent, contestStartedEvent } from '../rule-sql';
import { agents, contestAwards, contestResults, contests, eventInbox, events } from '../schema';
import { createContest } from './save-contest';

// The course of contests (docs/decisions/0077-contests.md): the race winners and moved standings the events lead to
// (watchContests, a cursor over the events as the goal watcher's), and the starts, ends and finals the clock leads to
// (tickContests). Every step is a compare-and-set on the contest's row, so that instances running them together tell
// each thing once.

export const CONTESTS_WATCHED_THROUGH = 'contests_watched_through';
const WATCHED_THROUGH = CONTESTS_WATCHED_THROUGH;

/** The events that move a contest's figures, and the row each adds (the entry or activity, or a void's reversal). */
const ADDED_ROW = sql`case e.type
  when 'entry.created' then e.public_data->>'entryId' when 'activity.created' then e.public_data->>'activityId'
  when 'entry.voided' then e.private_data->>'reversalEntryId' when 'activity.voided' then e.private_data->>'reversalActivityId' end`;
const MOVING = sql`e.type in ('entry.created', 'entry.voided', 'activity.created', 'activity.voided')`;

/** contest.standings at most this often per contest. */
export const STANDINGS_EVERY_MS = 1_000;

interface MovingEvent {
  id: number;
  type: string;
  /** The activity's metric (null for an entry: profit). */
  metric: string | null;
  /** The entry or activity row the event added. */
  row: number | null;
}

const isEntry = (event: { type: string }) => event.type.startsWith('entry.');

/**
 * Reads the events committed since the last call (at most `limit`): marks the open contests whose metric they move
 * (their standings are told by tickContests, at most once a second), and decides the races they win. In one
 * repeatable-read snapshot, so that a race's figures as of the cursor are exact: the figures now, less every entry or
 * activity whose event comes after the cursor (sequenced, or still in the sequencer's inbox). The events are then
 * walked in order, and the first participant whose figure reaches the target wins, once (race_winner_id is set only
 * while null). History is not watched: the cursor starts at the newest event. Returns how many events it read.
 */
export async function watchContests(db: Db, limit: number, now: Date, timeZone: string): Promise<number> {
  return db.transaction(
    async (tx) => {
      const after = await takeEventCursor(tx, WATCHED_THROUGH, 'newest');
      if (after === undefined) return 0;
      const batch = await queryRows<MovingEvent>(
        tx,
        sql`select e.id::float8 as id, e.type, case when ${MOVING} then e.public_data->>'metric' end as metric, (${ADDED_ROW})::float8 as row
          from ${events} e where e.id > ${after} order by e.id limit ${limit}::int`,
      );
      if (batch.length === 0) return 0;
      const moving = batch.filter((event) => event.row !== null);
      if (moving.length > 0) {
        const open = await listOpenContests(tx, localDay(now, timeZone));
        const moves = (contest: ContestRow, event: MovingEvent) => (contest.metricId === null ? isEntry(event) : !isEntry(event) && event.metric === contest.metric);
        const moved = open.filter((contest) => moving.some((event) => moves(contest, event)));
        if (moved.length > 0) {
          await tx.execute(sql`update ${contests} set standings_moved = true where id = any(${sql.param(moved.map((c) => c.id))}::int[])`);
          const races = moved.filter((contest) => contest.format === 'race' && contest.raceWinnerId === null);
          if (races.length > 0) {
            const later = await rowsAfter(tx, after);
            for (const race of races) await decideRace(tx, race, moving.filter((event) => moves(race, event)), later, now, timeZone);
          }
        }
      }
      await moveEventCursor(tx, WATCHED_THROUGH, batch[batch.length - 1]!.id);
      return batch.length;
    },
    { isolationLevel: 'repeatable read' },
  );
}

/** The entries and activities added by the events after `after`, sequenced or still in the inbox (in this snapshot). */
async function rowsAfter(tx: Db, after: number): Promise<LaterRows> {
  const rows = await queryRows<{ type: string; row: number }>(
    tx,
    sql`select e.type, (${ADDED_ROW})::float8 as row from ${events} e where e.id > ${after} and ${MOVING}
      union all
      select e.type, (${ADDED_ROW})::float8 as row from ${eventInbox} e where ${MOVING}`,
  );
  const present = rows.filter((row) => row.row !== null);
  return { entryIds: present.filter(isEntry).map((row) => row.row), activityIds: present.filter((row) => !isEntry(row)).map((row) => row.row) };
}

/**
 * Walks a race's events in commit order from its figures as of the cursor; records the first participant to reach the
 * target (when one already had, from changes no event orders, such as an import: the highest), and tells it.
 */
async function decideRace(tx: Db, race: ContestRow, walked: readonly MovingEvent[], later: LaterRows, now: Date, timeZone: string): Promise<void> {
  const { from, to } = contestWindow(race, timeZone);
  const taking = await readAgentWindowFigures(tx, race, from, to, later);
  const target = race.target!;
  const keyOf = new Map(taking.map((agent) => [agent.id, race.teamsCompete ? agent.teamId : agent.id]));
  const figures = new Map<number, bigint>();
  for (const agent of taking) {
    const key = keyOf.get(agent.id);
    if (key === null || key === undefined) continue;
    figures.set(key, (figures.get(key) ?? 0n) + agent.value);
  }
  // Already there before these events (highest first, then by name: the order the figures were read in).
  let winner = [...figures].sort((a, b) => (a[1] === b[1] ? 0 : a[1] > b[1] ? -1 : 1)).find(([, value]) => value >= target)?.[0];
  if (winner === undefined) {
    const rows = await readWindowRows(tx, race.metricId, walked.flatMap((event) => (event.row === null ? [] : [event.row])), from, to);
    for (const event of walked) {
      const row = rows.get(event.row!);
      if (!row || !row.inWindow) continue;
      const key = keyOf.get(row.agentId);
      if (key === null || key === undefined) continue;
      const value = (figures.get(key) ?? 0n) + row.value;
      figures.set(key, value);
      if (value >= target) {
        winner = key;
        break;
      }
    }
  }
  if (winner === undefined) return;
  const won = await queryRows<{ id: number }>(
    tx,
    sql`update ${contests} set race_winner_id = ${winner}::int, race_won_at = ${now.toISOString()}::timestamptz, standings_sent_at = ${now.toISOString()}::timestamptz
      where id = ${race.id}::int and race_winner_id is null returning id`,
  );
  if (won.length === 0) return;
  const name = race.teamsCompete
    ? ((await teamNames(tx, [winner])).get(winner) ?? 'A team')
    : (() => {
        const agent = taking.find((candidate) => candidate.id === winner);
        return agent?.publicProfile ? agent.name : ANONYMOUS_AGENT;
      })();
  await appendEvents(tx, [contestStandingsEvent({ contestId: race.id, raceWonBy: name })]);
}

/** The contests named, read one after another (a transaction's connection runs one query at a time). */
async function contestsOf(tx: Db, named: readonly { id: number }[]): Promise<ContestRow[]> {
  const rows: ContestRow[] = [];
  for (const { id } of named) {
    const row = await findContest(tx, id);
    if (row) rows.push(row);
  }
  return rows;
}

const eventBase = (contest: ContestRow) => ({ contestId: contest.id, name: contest.name, metric: contest.metric, metricName: contest.metricName });

/**
 * What the clock leads to, for every contest: the start of a published contest's window (contest.started), standings
 * moved since they were last told (contest.standings, at most once a second each), the end of a window
 * (contest.ended), and the final of a contest whose grace has passed (finaliseContest). Each is told once: the row is
 * changed only while its moment is unset. Returns when standings that moved but could not be told yet may be told
 * (null: none wait; the caller comes back then), and whether any contest is published and not over (final or
 * cancelled): without one, entries need no contest pass.
 */
export async function tickContests(db: Db, now: Date, timeZone: string, graceHours: number): Promise<{ standingsDueAt: Date | null; open: boolean }> {
  const today = localDay(now, timeZone);
  const at = sql`${now.toISOString()}::timestamptz`;
  const live = sql`published_at is not null and cancelled_at is null and finalised_at is null`;
  const everyMs = new Date(now.getTime() - STANDINGS_EVERY_MS).toISOString();
  const standingsDue = sql`standings_moved and (standings_sent_at is null or standings_sent_at <= ${everyMs}::timestamptz)`;

  // What is due, in one read: this runs at every pass (once a second while entries move a contest), and most passes
  // have nothing to start, end or finalise; each step below writes only when the read says it may have work. The
  // standings that moved but were told less than a second ago wait: the caller comes back when their second is up.
  const [due] = await queryRows<{ starts: boolean; standings: boolean; ends: boolean; past: boolean; open: boolean; waiting: boolean; waiting_since_ms: number | null }>(
    db,
    sql`select coalesce(bool_or(start_told_at is null and starts_on <= ${today}::date), false) as starts,
        coalesce(bool_or(${standingsDue}), false) as standings,
        coalesce(bool_or(end_told_at is null and ends_on < ${today}::date), false) as ends,
        coalesce(bool_or(ends_on < ${today}::date), false) as past,
        count(*) > 0 as open,
        coalesce(bool_or(standings_moved and not (${standingsDue})), false) as waiting,
        (extract(epoch from min(standings_sent_at) filter (where standings_moved and not (${standingsDue}))) * 1000)::float8 as waiting_since_ms
      from ${contests} where ${live}`,
  );
  if (due?.starts) {
    await db.transaction(async (tx) => {
      const started = await queryRows<{ id: number }>(
        tx,
        sql`update ${contests} set start_told_at = ${at} where ${live} and start_told_at is null and starts_on <= ${today}::date returning id`,
      );
      const rows = await contestsOf(tx, started);
      // A contest whose whole window passed unseen (every instance stopped) is not announced as starting.
      await appendEvents(
        tx,
        rows
          .filter((row) => row.endsOn >= today)
          .map((row) => contestStartedEvent({ ...eventBase(row), startsAt: row.startsOn, endsAt: row.endsOn, format: row.format, showOnTv: row.showOnTv })),
      );
    });
  }

  if (due?.standings) {
    await db.transaction(async (tx) => {
      const told = await queryRows<{ id: number }>(
        tx,
        sql`update ${contests} set standings_sent_at = ${at}, standings_moved = false where ${live} and ${standingsDue} returning id`,
      );
      await appendEvents(tx, told.map((row) => contestStandingsEvent({ contestId: row.id, raceWonBy: null })));
    });
  }

  if (due?.ends) {
    await db.transaction(async (tx) => {
      const ended = await queryRows<{ id: number }>(
        tx,
        sql`update ${contests} set end_told_at = ${at} where ${live} and end_told_at is null and ends_on < ${today}::date returning id`,
      );
      const rows = await contestsOf(tx, ended);
      await appendEvents(tx, rows.map((row) => contestEndedEvent({ ...eventBase(row), finalAt: finalAtOf(row, timeZone, graceHours).toISOString() })));
    });
  }

  if (due?.past) {
    const ended = await queryRows<{ id: number; ends_on: string }>(db, sql`select id, ends_on::text as ends_on from ${contests} where ${live} and ends_on < ${today}::date order by id`);
    for (const row of ended) {
      if (finalAtOf({ endsOn: String(row.ends_on).slice(0, 10) }, timeZone, graceHours).getTime() <= now.getTime()) await finaliseContest(db, row.id, now, timeZone, graceHours);
    }
  }
  // Standings that moved within the last second wait for it (those told just now wait for their next move).
  return {
    standingsDueAt: due?.waiting ? new Date((due.waiting_since_ms ?? now.getTime()) + STANDINGS_EVERY_MS) : null,
    open: due?.open ?? false,
  };
}

/**
 * Freezes a contest whose grace has passed, in one transaction (the row locked, skipped by another instance doing the
 * same): its standings into contest_results (ranked as they are read, a race's winner first), finalised_at set, the
 * audit row, the prizes awarded (contest_awards: each winning agent, or each participating member of a winning team;
 * a prize with a reward option is then claimed through the claim lifecycle), contest.final, and a recurring contest's
 * next window published with the same settings. False when it was not due or another instance has it.
 */
export async function finaliseContest(db: Db, id: number, now: Date, timeZone: string, graceHours: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ id: number }>(tx, sql`select id from ${contests} where id = ${id}::int for update skip locked`);
    if (!locked) return false;
    const contest = await findContest(tx, id);
    if (!contest || contestStateOf(contest, localDay(now, timeZone)) !== 'ended' || finalAtOf(contest, timeZone, graceHours).getTime() > now.getTime()) return false;
    const { from, to } = contestWindow(contest, timeZone);
    const figures = await readContestFigures(tx, contest, from, to);
    const ranked = rankContest(figures, contest.raceWinnerId);
    if (ranked.length > 0) {
      const values = ranked.map(
        ({ figure, rank }, position) =>
          sql`(${id}::int, ${contest.teamsCompete ? null : figure.id}::int, ${contest.teamsCompete ? figure.id : null}::int, ${figure.name}::text,
            ${figure.publicProfile}::boolean, ${rank}::int, ${centsToMoneyString(figure.value)}::numeric, ${position}::int)`,
      );
      await tx.execute(
        sql`insert into ${contestResults} (contest_id, agent_id, team_id, name, public_profile, rank, value, position) values ${sql.join(values, sql`, `)}`,
      );
    }
    const winners = prizeWinners(
      ranked,
      contest.prizes.map((prize) => prize.place),
      { format: contest.format, winnerId: contest.raceWinnerId },
    );
    const awards: { place: number; agentId: number; text: string; rewardOptionId: number | null }[] = [];
    for (const prize of contest.prizes) {
      const taking = winners.get(prize.place) ?? [];
      const agentIds = contest.teamsCompete ? await membersOf(tx, contest, taking.map((team) => team.id)) : taking.map((agent) => agent.id);
      for (const agentId of agentIds) awards.push({ place: prize.place, agentId, text: prize.text, rewardOptionId: prize.rewardOptionId });
    }
    if (awards.length > 0) {
      await tx.insert(contestAwards).values(
        awards.map((award) => ({ contestId: id, place: award.place, agentId: award.agentId, prizeText: award.text, rewardOptionId: award.rewardOptionId, awardedAt: now })),
      );
    }
    await tx.execute(sql`update ${contests} set finalised_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz where id = ${id}::int`);
    const podium: ContestWinner[] = ranked
      .filter((row) => row.rank <= 3 && row.figure.value > 0n)
      .map(({ figure, rank }) => ({ rank, id: figure.id, name: figure.name, value: figureOut(contest.unit, figure.value), publicProfile: figure.publicProfile }));
    await appendAudit(
      tx,
      SYSTEM_ACTOR,
      {
        action: 'contest.finalised',
        targetType: 'contest',
        targetId: id,
        before: { state: 'ended' },
        after: { state: 'final', participants: ranked.length, podium, awards: awards.map(({ place, agentId }) => ({ place, agentId })) },
      },
      now,
    );
    const told: NewEvent[] = [contestFinalEvent({ ...eventBase(contest), podium, prizesAwarded: awards.length }), contestChangedEvent({ contestId: id })];
    await appendEvents(tx, told);
    if (contest.recurrence) {
      const window = nextWindow(contest.startsOn, contest.endsOn, contest.recurrence);
      await createContest(tx, { ...contest, ...window }, false, SYSTEM_ACTOR, null, now);
    }
    return true;
  });
}

/** The active members of the teams named who take part in the contest (a team contest's prize goes to each). */
async function membersOf(tx: Db, contest: ContestRow, teamIds: readonly number[]): Promise<number[]> {
  if (teamIds.length === 0) return [];
  const named = contest.participantKind === 'agents' ? sql`and id = any(${sql.param(contest.participantIds)}::int[])` : sql``;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${agents} where status = 'active' and team_id = any(${sql.param([...teamIds])}::int[]) ${named} order by id`,
  );
  return rows.map((row) => row.id);
}
