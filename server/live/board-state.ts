import type { FastifyBaseLogger } from 'fastify';
import type { AgentStatus, AgentSummary } from '../../contract/agents';
import { centsToMoneyString, moneyToCents } from '../../contract/cents';
import type { LeaderboardAgent } from '../../contract/dashboard';
import type { IncomeEntry } from '../../contract/income-entries';
import { LEADERBOARD_PAGE_SIZE, RECENT_ENTRIES_LIMIT } from '../../contract/limits';
import type { Db } from '../db/client';
import type { StoredEvent } from '../db/events';
import { readBoardSnapshot, readBoardTotals, type BoardSnapshot, type BoardTotals } from '../db/queries/board-snapshot';
import type { OwnerDashboardRead } from '../db/queries/dashboard';
import { readEventHorizon } from '../db/sequencer';
import { visibleIn, type TxSnapshot } from '../db/tx-snapshot';
import { periodStartsOf, type PeriodStarts } from '../domain/periods';
import { scopeHolds, scopeIsEveryAgent, type TeamScope } from '../domain/team-scope';
import type { EventHub } from './event-hub';

/** An agent's figures in cents, as the boards show them. */
interface AgentState {
  id: number;
  name: string;
  email: string;
  position: string;
  status: AgentStatus;
  total: bigint;
  week: bigint;
  month: bigint;
  year: bigint;
  entries: number;
  /** The database's order of (name, id): ties of the monthly income are broken by it. */
  nameOrder: number;
  /** The agent's team (null: in none), kept by team.changed events: a scope limited to teams reads its agents only. */
  teamId: number | null;
}

/** The boards as of one event, for one set of periods. */
interface Boards {
  /**
   * The snapshot of the tables the boards were built from: an event whose transaction it saw is in them already and is
   * not applied again; every other event is applied, in the order heard.
   */
  snapshot: TxSnapshot;
  periods: PeriodStarts;
  /** Every agent, on the boards or not (the period sums hold everyone's income). */
  agents: Map<number, AgentState>;
  /** The agents on the boards (active ones), by this month's income (highest first), then name and id: the monthly leaderboard. */
  ranked: AgentState[];
  achievers: Set<number>;
  sums: { week: bigint; month: bigint; year: bigint };
  /** Every agent's total income and number of entries, added up (what a check compares, with the sums). */
  totalIncome: bigint;
  totalEntries: number;
  /** The newest entries, newest first (by when recorded, then id), at most RECENT_ENTRIES_LIMIT. */
  recent: IncomeEntry[];
}

/** How long a read waits for this instance to have heard of the newest committed event before it reads the tables. */
const REACH_TIMEOUT_MS = 1_000;

/** How often boards that are being read are checked against the tables (their figures added up by the database). */
export const BOARDS_CHECK_EVERY_MS = 5 * 60_000;
/** How long a check waits for this instance to reach the event its totals were read at. */
const CHECK_REACH_TIMEOUT_MS = 10_000;
/** A check reads the totals up to this many times, this far apart, for a snapshot with no transaction running. */
const CHECK_SNAPSHOT_ATTEMPTS = 40;
const CHECK_SNAPSHOT_RETRY_MS = 25;

const cents = moneyToCents;
const money = centsToMoneyString;

/** Monthly leaderboard order: highest month first; equal months by the database's name order (name, then id). */
function byRank(a: AgentState, b: AgentState): number {
  if (a.month !== b.month) return a.month > b.month ? -1 : 1;
  return a.nameOrder - b.nameOrder;
}

/** The rank of a monthly income in `ranked`: one more than the agents with a higher income (equal incomes share it). */
function sharedRank(ranked: readonly AgentState[], month: bigint): number {
  let low = 0;
  let high = ranked.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ranked[middle]!.month > month) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

/** Where `agent` belongs in `ranked` (sorted by byRank): the first index whose agent does not rank before it. */
function rankIndex(ranked: readonly AgentState[], agent: AgentState): number {
  let low = 0;
  let high = ranked.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byRank(ranked[middle]!, agent) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const newestFirst = (a: IncomeEntry, b: IncomeEntry) =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;

function fromSnapshot(snapshot: BoardSnapshot): Boards {
  const agents = new Map<number, AgentState>();
  const sums = { week: 0n, month: 0n, year: 0n };
  let totalIncome = 0n;
  let totalEntries = 0;
  for (const row of snapshot.agents) {
    const agent: AgentState = {
      id: row.id,
      name: row.name,
      email: row.email,
      position: row.position,
      status: row.status,
      total: cents(row.total_income),
      week: cents(row.weekly_income),
      month: cents(row.monthly_income),
      year: cents(row.yearly_income),
      entries: row.total_entries,
      nameOrder: row.name_order,
      teamId: row.team_id,
    };
    agents.set(agent.id, agent);
    totalIncome += agent.total;
    totalEntries += agent.entries;
    sums.week += agent.week;
    sums.month += agent.month;
    sums.year += agent.year;
  }
  return {
    snapshot: snapshot.snapshot,
    periods: snapshot.periods,
    agents,
    ranked: [...agents.values()].filter((agent) => agent.status === 'active').sort(byRank),
    achievers: new Set(snapshot.achieversThisMonth),
    sums,
    totalIncome,
    totalEntries,
    recent: [...snapshot.recentEntries].sort(newestFirst),
  };
}

function summaryOf(agent: AgentState): AgentSummary {
  return {
    id: agent.id,
    name: agent.name,
    email: agent.email,
    position: agent.position,
    status: agent.status,
    totalIncome: money(agent.total),
    weeklyIncome: money(agent.week),
    monthlyIncome: money(agent.month),
    yearlyIncome: money(agent.year),
    totalEntries: agent.entries,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** What a check compares: the boards' figures added up (one line, so that a difference reads at a glance). */
function figuresOf(boards: Boards): string {
  const { sums } = boards;
  return `agents ${boards.agents.size}, entries ${boards.totalEntries}, total ${money(boards.totalIncome)}, week ${money(sums.week)}, month ${money(sums.month)}, year ${money(sums.year)}, achievers ${boards.achievers.size}`;
}

function figuresOfTotals(totals: BoardTotals): string {
  return `agents ${totals.agents}, entries ${totals.entries}, total ${money(cents(totals.total))}, week ${money(cents(totals.week))}, month ${money(cents(totals.month))}, year ${money(cents(totals.year))}, achievers ${totals.achievers}`;
}

/**
 * The owner dashboard and the monthly leaderboard of this instance, kept in memory and moved by the events it hears
 * (docs/decisions/0015-throughput-under-load.md). Built from one consistent read of the tables as of an event id,
 * it then applies each later event in commit order: an entry moves its agent's figures, the period sums, the
 * ranking and the recent entries; a tier reached this month counts its agent. What it cannot apply exactly (an
 * agent added or deleted, a tier changed, an entry voided) drops it, and the next read builds it again.
 *
 * A read first learns the database's newest event id (read with the caller's session, or asked for) and waits
 * until this instance has applied it, so what it answers is never older than what was committed before the
 * request, on any instance. A read that finds no state
 * (the first read after start, after a drop, in a new week or month) waits for it to be built; when that fails, the
 * caller reads the tables. Nothing is built at start: an instance that serves no dashboard never pays for it.
 *
 * Boards in use are checked against the tables every few minutes and when the hub resumes after losing its listener:
 * the database adds up their figures as of an event, and the boards' figures as of that same event must agree; when
 * they do not, the difference is logged and new boards are built in the background while the kept ones go on
 * serving. When the hub had to skip events (a reset), the boards are dropped
 * (docs/decisions/0038-live-after-reconnect.md).
 */
export class BoardState {
  private boards: Boards | undefined;
  /** While a snapshot is read: the events heard meanwhile, applied after it when newer than it. */
  private heardWhileBuilding: StoredEvent[] | undefined;
  private building: Promise<void> | undefined;
  /** Goes up at every hub reset: a snapshot begun before it misses the events the hub skipped, and is thrown away. */
  private generation = 0;
  /** Whether the boards were read since the last check (boards nobody reads are not checked). */
  private readSinceCheck = false;
  /** While a check runs: the kept boards' figures after each event they apply, with its transaction. */
  private recording: { xid: number; figures: string }[] | undefined;
  private readonly stopFollowing: () => void;
  private readonly checkTimer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly hub: Pick<EventHub, 'follow' | 'reachHorizon'>,
    private readonly timeZone: string,
    private readonly log: FastifyBaseLogger,
    checkEveryMs = BOARDS_CHECK_EVERY_MS,
  ) {
    this.stopFollowing = hub.follow(
      (events) => this.hear(events),
      (reason) => (reason === 'reset' ? this.drop() : void this.check()),
    );
    this.checkTimer = setInterval(() => {
      if (this.readSinceCheck) void this.check();
    }, checkEveryMs);
    this.checkTimer.unref();
  }

  close(): void {
    clearInterval(this.checkTimer);
    this.stopFollowing();
    this.drop();
  }

  /**
   * Compares the kept boards with the tables as of one event, and builds them again in the background when they
   * differ; readers go on being served meanwhile. Resolves once done (at once when there are no boards to check).
   */
  async check(): Promise<void> {
    this.readSinceCheck = false;
    if (this.building) await this.building;
    const kept = this.boards;
    if (!kept || this.recording) return;
    // The figures now hold every transaction heard so far (each ended before the totals' snapshot is taken).
    const recording = [{ xid: -1, figures: figuresOf(kept) }];
    this.recording = recording;
    try {
      // Comparable only when no transaction was running then: what the snapshot saw is then every transaction below
      // its xmax, all placed before any that began after it, so the boards held exactly that after the last such
      // event. Tried a few times; under a steady stream of writes the check waits for a quieter moment (the next one).
      let totals = await readBoardTotals(this.db, kept.periods, this.timeZone);
      for (let attempt = 1; totals.snapshot.running.length > 0 && attempt < CHECK_SNAPSHOT_ATTEMPTS; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, CHECK_SNAPSHOT_RETRY_MS));
        totals = await readBoardTotals(this.db, kept.periods, this.timeZone);
      }
      if (totals.snapshot.running.length > 0) return;
      if (!(await this.hub.reachHorizon(totals.snapshot.xmax, CHECK_REACH_TIMEOUT_MS))) return;
      const at = recording.findLast((point) => point.xid < totals.snapshot.xmax);
      // Replaced or dropped meanwhile: next time.
      if (this.boards !== kept || at === undefined) return;
      const mine = at.figures;
      const tables = figuresOfTotals(totals);
      if (mine === tables) return;
      this.log.warn({ snapshot: totals.snapshot, kept: mine, tables }, 'the boards in memory differed from the tables; building them again');
      await this.build(kept.periods, kept);
    } catch (error) {
      this.log.warn({ err: error }, 'checking the boards in memory against the tables failed');
    } finally {
      if (this.recording === recording) this.recording = undefined;
    }
  }

  /** Forgets the boards (and a snapshot being read): the next read builds them again from the tables. */
  private drop(): void {
    this.generation++;
    this.boards = undefined;
  }

  /**
   * GET /api/owner/dashboard from memory; undefined when the caller must read the tables: also for a scope limited to
   * teams, whose newest entries the boards do not keep (they keep everyone's newest few only).
   */
  async dashboard(now: Date, scope: TeamScope, fence?: number): Promise<OwnerDashboardRead | undefined> {
    if (!scopeIsEveryAgent(scope)) return undefined;
    const boards = await this.current(now, fence);
    if (!boards) return undefined;
    const { periods, sums } = boards;
    return {
      overview: { totalAgents: boards.ranked.length, newTierAchievements: boards.achievers.size },
      timePeriods: {
        weekly: { income: money(sums.week), start: periods.week },
        monthly: { income: money(sums.month), start: periods.month },
        yearly: { income: money(sums.year), start: periods.year },
      },
      recentEntries: boards.recent.map((entry) => ({ ...entry })),
      agents: boards.ranked.slice(0, LEADERBOARD_PAGE_SIZE).map(summaryOf),
    };
  }

  /**
   * A page of the monthly leaderboard (no search) of the scope's agents, ranked among themselves (the same predicate
   * as the tables' read: scopeHolds), from memory; undefined when the caller must read the tables.
   */
  async leaderboardPage(
    now: Date,
    scope: TeamScope,
    offset: number,
    limit: number,
    fence?: number,
  ): Promise<{ total: number; agents: LeaderboardAgent[] } | undefined> {
    const boards = await this.current(now, fence);
    if (!boards) return undefined;
    const ranked = scopeIsEveryAgent(scope) ? boards.ranked : boards.ranked.filter((agent) => scopeHolds(scope, agent.teamId));
    return {
      total: ranked.length,
      agents: ranked.slice(offset, offset + limit).map((agent) => ({ ...summaryOf(agent), rank: sharedRank(ranked, agent.month) })),
    };
  }

  /**
   * The agents `ids` with their figures of the current periods, from memory, by id (an id the boards do not know is
   * left out); undefined when the caller must read the tables. A page ranked elsewhere in memory (a metric's board)
   * shows them without a query.
   */
  async summaries(now: Date, ids: readonly number[], fence?: number): Promise<Map<number, AgentSummary> | undefined> {
    const boards = await this.current(now, fence);
    if (!boards) return undefined;
    const found = new Map<number, AgentSummary>();
    for (const id of ids) {
      const agent = boards.agents.get(id);
      if (agent) found.set(id, summaryOf(agent));
    }
    return found;
  }

  /**
   * The state, once it has applied every event committed before this call (or up to `fence`, the newest event id
   * the caller read when its request began: eventFenceOf in server/auth/sessions.ts); undefined if it is not to be
   * had now.
   */
  private async current(now: Date, fence?: number): Promise<Boards | undefined> {
    const periods = periodStartsOf(now, this.timeZone);
    const horizon = fence ?? (await readEventHorizon(this.db));
    if (!(await this.hub.reachHorizon(horizon, REACH_TIMEOUT_MS))) return undefined;
    const fits = (boards: Boards | undefined) =>
      boards && boards.periods.week === periods.week && boards.periods.month === periods.month && boards.periods.year === periods.year
        ? boards
        : undefined;
    this.readSinceCheck = true;
    if (fits(this.boards)) return this.boards;
    // No state (at start, after a change it could not apply) or a new week, month or year: built again, once for
    // every read waiting. Its snapshot is taken after `newest`, so it holds all this read must show; if events it
    // cannot apply came meanwhile, the read goes to the tables.
    if (this.building) await this.building;
    if (!fits(this.boards)) await this.build(periods);
    return fits(this.boards);
  }

  /**
   * Builds the boards from a snapshot of the tables. Without `kept` readers wait for it; with `kept` (after a check
   * found them wrong) those boards go on serving until the new ones, brought to the same event, take their place.
   */
  private build(periods: PeriodStarts, kept?: Boards): Promise<void> {
    if (this.building) return this.building;
    if (!kept) this.boards = undefined;
    const generation = this.generation;
    // Set before the snapshot's transaction begins: every event committed after its snapshot is heard from here on.
    this.heardWhileBuilding = [];
    this.building = readBoardSnapshot(this.db, periods, this.timeZone)
      .then((snapshot) => {
        const boards = fromSnapshot(snapshot);
        const heard = this.heardWhileBuilding ?? [];
        this.heardWhileBuilding = undefined;
        if (generation !== this.generation) return;
        if (!heard.every((event) => visibleIn(boards.snapshot, event.xid) || this.apply(boards, event))) {
          if (!kept) this.boards = undefined;
          return;
        }
        // A check replaces boards that are still the ones it checked (or none); boards dropped meanwhile stay dropped.
        if (!kept || this.boards === kept) this.boards = boards;
      })
      .catch((error: unknown) => {
        this.heardWhileBuilding = undefined;
        this.log.warn({ err: error }, 'building the boards in memory failed; reads use the tables');
      })
      .finally(() => {
        this.building = undefined;
      });
    return this.building;
  }

  private hear(events: readonly StoredEvent[]): void {
    if (this.heardWhileBuilding) this.heardWhileBuilding.push(...events);
    const boards = this.boards;
    if (!boards) return;
    for (const event of events) {
      // A snapshot may be newer than the hub's cursor when it was read: the events it holds come again after it.
      if (visibleIn(boards.snapshot, event.xid)) continue;
      if (!this.apply(boards, event)) {
        this.boards = undefined;
        return;
      }
    }
  }

  /** Applies one event; false when it cannot be applied exactly (the state is then built again). */
  private apply(boards: Boards, event: StoredEvent): boolean {
    const applied = this.applyOne(boards, event);
    if (!applied) return false;
    if (this.recording && boards === this.boards) this.recording.push({ xid: event.xid, figures: figuresOf(boards) });
    return true;
  }

  private applyOne(boards: Boards, event: StoredEvent): boolean {
    switch (event.type) {
      case 'entry.created':
        return this.applyEntry(boards, event);
      case 'tier.reached': {
        const achievedAt = text(event.private.achievedAt);
        if (achievedAt === undefined || event.agentId === null) return false;
        if (periodStartsOf(new Date(achievedAt), this.timeZone).month === boards.periods.month) boards.achievers.add(event.agentId);
        return true;
      }
      case 'team.changed':
        return this.applyTeam(boards, event);
      case 'claim.created':
      case 'claim.updated':
      case 'leaderboard.changed':
      case 'notification.created':
        return true;
      default:
        return false;
    }
  }

  /** A team's membership as the event says it now is (none when deleted): agents left out are in no team. */
  private applyTeam(boards: Boards, event: StoredEvent): boolean {
    const teamId = event.private.teamId;
    const agentIds = event.private.agentIds;
    if (typeof teamId !== 'number' || !Array.isArray(agentIds)) return false;
    const members = new Set(agentIds.filter((id): id is number => typeof id === 'number'));
    for (const agent of boards.agents.values()) {
      if (members.has(agent.id)) agent.teamId = teamId;
      else if (agent.teamId === teamId) agent.teamId = null;
    }
    return true;
  }

  private applyEntry(boards: Boards, event: StoredEvent): boolean {
    const agent = event.agentId === null ? undefined : boards.agents.get(event.agentId);
    const amount = text(event.public.amount);
    const date = text(event.public.date);
    const newTotal = text(event.private.newTotal);
    const createdAt = text(event.private.createdAt);
    const entryId = event.public.entryId;
    const type = event.public.transactionType;
    if (!agent || !amount || !date || !newTotal || !createdAt || typeof entryId !== 'number' || (type !== 'addition' && type !== 'deduction')) {
      return false;
    }
    const value = cents(amount);
    const total = cents(newTotal);
    boards.totalIncome += total - agent.total;
    boards.totalEntries += 1;
    agent.total = total;
    agent.entries += 1;
    const periods = periodStartsOf(new Date(date), this.timeZone);
    if (periods.week === boards.periods.week) {
      agent.week += value;
      boards.sums.week += value;
    }
    if (periods.year === boards.periods.year) {
      agent.year += value;
      boards.sums.year += value;
    }
    if (periods.month === boards.periods.month && value !== 0n) {
      // An agent off the boards (an inactive one's late entry) moves the sums, not the ranking.
      const ranked = agent.status === 'active';
      if (ranked) boards.ranked.splice(rankIndex(boards.ranked, agent), 1);
      agent.month += value;
      boards.sums.month += value;
      if (ranked) boards.ranked.splice(rankIndex(boards.ranked, agent), 0, agent);
    }
    const entry: IncomeEntry = {
      id: entryId,
      agentId: agent.id,
      agentName: text(event.public.agentName) ?? agent.name,
      amount,
      transactionType: type,
      description: text(event.private.description) ?? null,
      newTotal,
      date,
      createdAt,
      // A new entry is neither a reversal (voids are not applied here: the state is built again) nor voided yet.
      voidsEntryId: null,
      voidedAt: null,
      voidedBy: null,
      voidReason: null,
    };
    const recent = boards.recent;
    if (recent.length < RECENT_ENTRIES_LIMIT || newestFirst(entry, recent[recent.length - 1]!) < 0) {
      recent.push(entry);
      recent.sort(newestFirst);
      if (recent.length > RECENT_ENTRIES_LIMIT) recent.length = RECENT_ENTRIES_LIMIT;
    }
    return true;
  }
}
