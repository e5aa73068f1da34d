import type { FastifyBaseLogger } from 'fastify';
import { centsToMoneyString, moneyToCents, parseMoneyToCents } from '../../contract/cents';
import { PROFIT_METRIC } from '../../contract/metrics';
import type { Db } from '../db/client';
import type { StoredEvent } from '../db/events';
import { readFigureSnapshot, readWindowFigureSnapshot, type FigureRow } from '../db/queries/board-snapshot';
import { readPeriodStandings, type BoardMetric, type Standing } from '../db/queries/boards';
import { readEventHorizon } from '../db/sequencer';
import { visibleIn, type TxSnapshot } from '../db/tx-snapshot';
import { periodStartsOf, type BoardPeriodKind, type PeriodStarts } from '../domain/periods';
import { everyAgentScope, scopeHolds, scopeIsEveryAgent, type TeamScope } from '../domain/team-scope';
import type { EventHub } from './event-hub';

/**
 * The memory the sets may take together (20 bytes an agent each: 64 MB is about 330 periods of 10,000 agents, every
 * metric's boards of the last year and their previous periods); beyond it the least recently read sets go first.
 */
export const FIGURE_SETS_BYTES = 64 * 1024 * 1024;
/** Bytes a set takes per agent: its id, figure, team and name order. */
const BYTES_PER_AGENT = 20;
/** How long a read waits for this instance to have heard of the newest committed event before it reads the tables. */
const REACH_TIMEOUT_MS = 1_000;
/** No team, in the teams column. */
const NO_TEAM = 0;

/**
 * What a set adds up: a board's period (a kind and its first day), or a contest's window of instants [from, to)
 * (docs/decisions/0077-contests.md).
 */
export type FigureSpan = { kind: BoardPeriodKind; start: string } | { from: Date; to: Date };

/** A contest's participants as a set filters them: everyone, the agents of some teams, or some agents. */
export interface ParticipantFilter {
  kind: 'all' | 'teams' | 'agents';
  ids: readonly number[];
}

/**
 * Every active agent's figure on one metric in one period (or window), in the board's order (highest first, then by
 * the database's name order), as parallel arrays: 20 bytes an agent, no object per agent, so that many periods fit in
 * memory.
 */
export class FigureSet {
  constructor(
    readonly metric: string,
    readonly span: FigureSpan,
    /** The snapshot the set was read in: an event whose transaction it saw is in it already. */
    readonly snapshot: TxSnapshot,
    private readonly ids: Int32Array,
    /** Hundredths (cents of a money metric, a count times 100). */
    private readonly values: BigInt64Array,
    private readonly teams: Int32Array,
    private readonly names: Int32Array,
  ) {}

  /** A set from rows read in the board's order (readFigureSnapshot, readWindowFigureSnapshot). */
  static of(metric: string, span: FigureSpan, snapshot: TxSnapshot, rows: readonly FigureRow[]): FigureSet {
    const n = rows.length;
    const set = new FigureSet(metric, span, snapshot, new Int32Array(n), new BigInt64Array(n), new Int32Array(n), new Int32Array(n));
    rows.forEach((row, i) => {
      set.ids[i] = row.id;
      set.values[i] = moneyToCents(row.value);
      set.teams[i] = row.team_id ?? NO_TEAM;
      set.names[i] = row.name_order;
    });
    return set;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Whether the agent at `i` comes before an agent with `value` and name order `name` on the board. */
  private before(i: number, value: bigint, name: number): boolean {
    const other = this.values[i]!;
    return other !== value ? other > value : this.names[i]! < name;
  }

  /** Adds `delta` to the figure of agent `agentId` and moves it to its place; false when the agent is not in the set. */
  add(agentId: number, delta: bigint): boolean {
    const from = this.ids.indexOf(agentId);
    if (from < 0) return false;
    if (delta === 0n) return true;
    const value = this.values[from]! + delta;
    const team = this.teams[from]!;
    const name = this.names[from]!;
    // The place among the others (the agent's own slot left out): the first index whose agent does not come before it.
    let to = from;
    if (delta > 0n) {
      while (to > 0 && !this.before(to - 1, value, name)) to--;
      this.ids.copyWithin(to + 1, to, from);
      this.values.copyWithin(to + 1, to, from);
      this.teams.copyWithin(to + 1, to, from);
      this.names.copyWithin(to + 1, to, from);
    } else {
      while (to < this.ids.length - 1 && this.before(to + 1, value, name)) to++;
      this.ids.copyWithin(from, from + 1, to + 1);
      this.values.copyWithin(from, from + 1, to + 1);
      this.teams.copyWithin(from, from + 1, to + 1);
      this.names.copyWithin(from, from + 1, to + 1);
    }
    this.ids[to] = agentId;
    this.values[to] = value;
    this.teams[to] = team;
    this.names[to] = name;
    return true;
  }

  /** A team's membership as a team.changed event says it now is: agents left out of `members` are in no team. */
  setTeam(teamId: number, members: ReadonlySet<number>): void {
    for (let i = 0; i < this.ids.length; i++) {
      if (members.has(this.ids[i]!)) this.teams[i] = teamId;
      else if (this.teams[i] === teamId) this.teams[i] = NO_TEAM;
    }
  }

  /**
   * The board of the scope's agents (ranked among themselves): `total` of them, and those from `offset` (at most
   * `limit`) with their figure and rank (equal figures share the rank of the first of them).
   */
  page(scope: TeamScope, offset: number, limit: number): { total: number; rows: { id: number; value: bigint; rank: number }[] } {
    const every = scopeIsEveryAgent(scope);
    const rows: { id: number; value: bigint; rank: number }[] = [];
    let total = 0;
    let rank = 0;
    let previous: bigint | undefined;
    for (let i = 0; i < this.ids.length; i++) {
      if (!every && !scopeHolds(scope, this.teams[i] || null)) continue;
      const value = this.values[i]!;
      if (value !== previous) rank = total + 1;
      previous = value;
      if (total >= offset && rows.length < limit) rows.push({ id: this.ids[i]!, value, rank });
      total++;
      // Every agent of the board is counted, so the scan goes on past the page only to count (no rank needed).
      if (every && rows.length === limit) return { total: this.ids.length, rows };
    }
    return { total, rows };
  }

  /**
   * Where each of the scope's agents stood (ranked among themselves), or only the agents `ids` of it: its figure as a
   * decimal string, and its rank when the figure is positive (null: not on that board), as readPeriodStandings reads
   * them from the tables. For every agent and a few ids, a rank is found by halving (it is one more than the number of
   * higher figures), not by a pass over the board.
   */
  standings(scope: TeamScope, ids?: readonly number[]): Map<number, Standing> {
    const every = scopeIsEveryAgent(scope);
    const standings = new Map<number, Standing>();
    const standingOf = (value: bigint, rank: number): Standing => ({ rank: value > 0n ? rank : null, income: centsToMoneyString(value) });
    if (every && ids) {
      for (const id of ids) {
        const at = this.ids.indexOf(id);
        if (at < 0) continue;
        const value = this.values[at]!;
        let low = 0;
        let high = at;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (this.values[middle]! > value) low = middle + 1;
          else high = middle;
        }
        standings.set(id, standingOf(value, low + 1));
      }
      return standings;
    }
    const wanted = ids ? new Set(ids) : undefined;
    let counted = 0;
    let rank = 0;
    let previous: bigint | undefined;
    for (let i = 0; i < this.ids.length; i++) {
      if (!every && !scopeHolds(scope, this.teams[i] || null)) continue;
      const value = this.values[i]!;
      if (value !== previous) rank = counted + 1;
      previous = value;
      counted++;
      if (!wanted || wanted.has(this.ids[i]!)) standings.set(this.ids[i]!, standingOf(value, rank));
    }
    return standings;
  }

  /**
   * A contest's participants in the board's order (highest first, then by name): each agent's figure, or, when teams
   * compete, each team's (the sum of its participating agents'; a team none of whose agents take part is left out),
   * highest first, then by team id.
   */
  participants(filter: ParticipantFilter, teamsCompete: boolean): { id: number; value: bigint }[] {
    const named = new Set(filter.ids);
    const takesPart = (i: number) =>
      filter.kind === 'all' ? true : filter.kind === 'teams' ? this.teams[i] !== NO_TEAM && named.has(this.teams[i]!) : named.has(this.ids[i]!);
    if (!teamsCompete) {
      const rows: { id: number; value: bigint }[] = [];
      for (let i = 0; i < this.ids.length; i++) if (takesPart(i)) rows.push({ id: this.ids[i]!, value: this.values[i]! });
      return rows;
    }
    const sums = new Map<number, bigint>();
    for (let i = 0; i < this.ids.length; i++) {
      const team = this.teams[i]!;
      if (team === NO_TEAM || !takesPart(i)) continue;
      sums.set(team, (sums.get(team) ?? 0n) + this.values[i]!);
    }
    return [...sums]
      .map(([id, value]) => ({ id, value }))
      .sort((a, b) => (a.value === b.value ? a.id - b.id : a.value > b.value ? -1 : 1));
  }

  /** The figures of the agents `ids` (those in the set: active ones), and the sum of each team's of `teamIds`. */
  figuresOf(ids: ReadonlySet<number>, teamIds: ReadonlySet<number>): { agents: Map<number, bigint>; teams: Map<number, bigint> } {
    const agents = new Map<number, bigint>();
    const teams = new Map<number, bigint>();
    for (const teamId of teamIds) teams.set(teamId, 0n);
    for (let i = 0; i < this.ids.length; i++) {
      const id = this.ids[i]!;
      if (ids.has(id)) agents.set(id, this.values[i]!);
      const team = this.teams[i]!;
      if (team !== NO_TEAM && teamIds.has(team)) teams.set(team, teams.get(team)! + this.values[i]!);
    }
    return { agents, teams };
  }
}

interface Kept {
  set: FigureSet | undefined;
  /** While the set is read: the events heard meanwhile, applied after it when newer than it. */
  heard: StoredEvent[] | undefined;
  building: Promise<FigureSet | undefined> | undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** An event's figure in hundredths: a count (a JSON number or its text) or a money string; undefined when neither. */
function hundredthsOfValue(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value) * 100n;
  if (typeof value === 'string') return parseMoneyToCents(value) ?? undefined;
  return undefined;
}

/**
 * Every active agent's figure on a metric (profit too) in a period, kept in memory by this instance and moved by the
 * events it hears (docs/decisions/0076-period-figures-in-memory.md): a metric's boards and the progress of goals read
 * them instead of sorting the roll-ups on every request. A set is read once, in one snapshot of the tables, and then
 * follows the events in commit order: an entry or an activity dated in its period moves its agent's figure and place,
 * a team change moves agents between teams; what it cannot apply exactly (a void, an agent made, changed or deleted,
 * a bulk change, a metric changed) drops the sets it may touch, and the next read reads them again. A read first
 * waits until this instance has heard of every event committed before the request, as the boards in memory do
 * (server/live/board-state.ts), so it never answers older than what its caller wrote; undefined tells the caller to
 * read the tables.
 */
export class PeriodFigures {
  private readonly kept = new Map<string, Kept>();
  private readonly eventStarts = new WeakMap<StoredEvent, PeriodStarts | null>();
  private readonly stopFollowing: () => void;

  constructor(
    private readonly db: Db,
    private readonly hub: Pick<EventHub, 'follow' | 'reachHorizon'>,
    private readonly timeZone: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stopFollowing = hub.follow(
      (events) => this.hear(events),
      (reason) => (reason === 'reset' ? this.kept.clear() : undefined),
    );
  }

  close(): void {
    this.stopFollowing();
    this.kept.clear();
  }

  /**
   * The figures of metric `key` (`metric`: its id and unit, undefined for profit) in the period of `kind` starting on
   * `start`, once this instance has heard every event committed before the call (or below `fence`: eventFenceOf);
   * undefined when the caller must read the tables.
   */
  async figures(key: string, metric: BoardMetric, kind: BoardPeriodKind, start: string, fence?: number): Promise<FigureSet | undefined> {
    return this.spanFigures(key, metric, { kind, start }, fence);
  }

  /**
   * The figures of metric `key` over the window [from, to) (a contest's: docs/decisions/0077-contests.md), as
   * `figures` gives a period's.
   */
  async windowFigures(key: string, metric: BoardMetric, from: Date, to: Date, fence?: number): Promise<FigureSet | undefined> {
    return this.spanFigures(key, metric, { from, to }, fence);
  }

  private async spanFigures(key: string, metric: BoardMetric, span: FigureSpan, fence?: number): Promise<FigureSet | undefined> {
    const horizon = fence ?? (await readEventHorizon(this.db));
    if (!(await this.hub.reachHorizon(horizon, REACH_TIMEOUT_MS))) return undefined;
    const name = 'kind' in span ? `${key}:${span.kind}:${span.start}` : `${key}:window:${span.from.toISOString()}:${span.to.toISOString()}`;
    const kept = this.kept.get(name);
    if (kept) {
      // Read last: it goes to the end of the map's order, and the first in that order is the one dropped when full.
      this.kept.delete(name);
      this.kept.set(name, kept);
      return kept.set ?? kept.building;
    }
    return this.build(name, key, metric, span);
  }

  /**
   * Where the agents `ids` of `scope` ('every agent': the whole board, as an agent's own rank reads it) stood in the
   * period of `kind` starting on `start`, ranked among the scope's agents: from memory, or the roll-ups (every agent of
   * the scope) when memory cannot answer.
   */
  async standings(
    key: string,
    metric: BoardMetric,
    kind: BoardPeriodKind,
    start: string,
    scope: TeamScope | 'every agent',
    ids: readonly number[],
    fence?: number,
  ): Promise<Map<number, Standing>> {
    const whose = scope === 'every agent' ? everyAgentScope() : scope;
    const figures = await this.figures(key, metric, kind, start, fence);
    return figures ? figures.standings(whose, ids) : readPeriodStandings(this.db, kind, start, whose, metric);
  }

  private build(name: string, key: string, metric: BoardMetric, span: FigureSpan): Promise<FigureSet | undefined> {
    this.makeRoom();
    // Kept before the snapshot's transaction begins: every event committed after its snapshot is heard from here on.
    const kept: Kept = { set: undefined, heard: [], building: undefined };
    this.kept.set(name, kept);
    const reading = 'kind' in span ? readFigureSnapshot(this.db, metric, span.kind, span.start) : readWindowFigureSnapshot(this.db, metric, span.from, span.to);
    kept.building = reading
      .then(({ snapshot, rows }) => {
        const set = FigureSet.of(key, span, snapshot, rows);
        const heard = kept.heard ?? [];
        kept.heard = undefined;
        kept.building = undefined;
        // An event heard meanwhile that it cannot apply: the readers waiting read the tables, the next read reads it
        // again. Dropped meanwhile to make room: the readers waiting still get it.
        for (const event of heard) {
          if (visibleIn(snapshot, event.xid)) continue;
          if (!this.apply(set, event)) {
            if (this.kept.get(name) === kept) this.kept.delete(name);
            return undefined;
          }
        }
        if (this.kept.get(name) === kept) kept.set = set;
        return set;
      })
      .catch((error: unknown) => {
        if (this.kept.get(name) === kept) this.kept.delete(name);
        this.log.warn({ err: error }, 'reading the period figures failed; reads use the tables');
        return undefined;
      });
    return kept.building;
  }

  /** Drops the least recently read sets while the kept ones take more than FIGURE_SETS_BYTES (one more is coming). */
  private makeRoom(): void {
    let bytes = 0;
    let largest = 0;
    for (const kept of this.kept.values()) {
      const size = kept.set?.size ?? 0;
      bytes += size * BYTES_PER_AGENT;
      largest = Math.max(largest, size);
    }
    for (const [name, kept] of this.kept) {
      if (bytes + largest * BYTES_PER_AGENT <= FIGURE_SETS_BYTES) return;
      bytes -= (kept.set?.size ?? 0) * BYTES_PER_AGENT;
      this.kept.delete(name);
    }
  }

  private hear(events: readonly StoredEvent[]): void {
    for (const [name, kept] of this.kept) {
      if (kept.heard) {
        kept.heard.push(...events);
        continue;
      }
      const set = kept.set;
      if (!set) continue;
      for (const event of events) {
        if (visibleIn(set.snapshot, event.xid)) continue;
        if (!this.apply(set, event)) {
          this.kept.delete(name);
          break;
        }
      }
    }
  }

  /** Applies one event to a set; false when it cannot be applied exactly (the set is then read again). */
  private apply(set: FigureSet, event: StoredEvent): boolean {
    switch (event.type) {
      case 'entry.created':
        return set.metric !== PROFIT_METRIC || this.applyFigure(set, event, event.public.amount);
      case 'activity.created':
        return event.public.metric !== set.metric || this.applyFigure(set, event, event.public.value);
      case 'entry.voided':
        return set.metric !== PROFIT_METRIC;
      case 'activity.voided':
      case 'metric.changed':
        return typeof event.public.metric === 'string' && event.public.metric !== set.metric;
      case 'team.changed': {
        const teamId = event.private.teamId;
        const agentIds = event.private.agentIds;
        if (typeof teamId !== 'number' || !Array.isArray(agentIds)) return false;
        set.setTeam(teamId, new Set(agentIds.filter((id): id is number => typeof id === 'number')));
        return true;
      }
      case 'agent.created':
      case 'agent.updated':
      case 'agent.deleted':
      case 'data.changed':
        return false;
      default:
        return true;
    }
  }

  /** The periods holding an event's date (null: not a date), worked out once for all the sets the event is applied to. */
  private startsOf(event: StoredEvent, date: string): PeriodStarts | null {
    let starts = this.eventStarts.get(event);
    if (starts === undefined) {
      const instant = new Date(date);
      starts = Number.isNaN(instant.getTime()) ? null : periodStartsOf(instant, this.timeZone);
      this.eventStarts.set(event, starts);
    }
    return starts;
  }

  /** An entry's or activity's figure added to its agent's, when it is dated in the set's period. */
  private applyFigure(set: FigureSet, event: StoredEvent, value: unknown): boolean {
    const date = text(event.public.date);
    const figure = hundredthsOfValue(value);
    if (date === undefined || figure === undefined || event.agentId === null) return false;
    const span = set.span;
    if ('from' in span) {
      const at = Date.parse(date);
      if (Number.isNaN(at)) return false;
      if (at < span.from.getTime() || at >= span.to.getTime()) return true;
    } else {
      const starts = this.startsOf(event, date);
      if (!starts) return false;
      if (starts[span.kind] !== span.start) return true;
    }
    // An agent not in the set is not active (not on the boards, its goals not read): its figure is not kept.
    set.add(event.agentId, figure);
    return true;
  }
}

