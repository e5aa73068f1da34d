import type { StoredEvent } from '../db/events';
import { readPeriodStandings, type BoardMetric, type Standing } from '../db/queries/boards';
import { everyAgentScope } from '../domain/team-scope';
import type { Db } from '../db/client';
import { periodStartsOf, type BoardPeriodKind } from '../domain/periods';
import type { EventHub } from './event-hub';

/** How many periods' standings are kept (this month's board asks for last month's; other boards for theirs). */
const KEPT = 16;
/** How long a read waits for this instance to hear of the events its caller has seen committed. */
const REACH_TIMEOUT_MS = 1_000;

/**
 * Where every agent stood in a past period (rank among the period's earners, income), read once per period and kept
 * until an event may have moved it: an entry dated in that period, a void, an agent made or deleted, a bulk change.
 * This month's board adds last month's standing to each row without a query per request (docs/product.md §12.14).
 * An entry back-dated into a past period shows in that period's standings once this instance has heard of it.
 */
export class StandingsCache {
  private readonly kept = new Map<string, Promise<Map<number, Standing>>>();
  private readonly stopFollowing: () => void;

  constructor(
    private readonly db: Db,
    private readonly hub: EventHub,
    private readonly timeZone: string,
  ) {
    // After a reset the events that moved kept standings may never come: nothing kept is trusted.
    this.stopFollowing = hub.follow(
      (events) => this.heard(events),
      (reason) => (reason === 'reset' ? this.kept.clear() : undefined),
    );
  }

  /**
   * The standings of the period of `kind` starting on `start`; with `fence` (the event horizon when the request began:
   * eventFenceOf), once this instance has heard of every event below it, so a change the caller made shows.
   */
  async get(kind: BoardPeriodKind, start: string, fence?: number, metric?: BoardMetric): Promise<Map<number, Standing>> {
    // A metric's standings are read each time (only profit's are kept: its boards are the ones every screen shows).
    if (metric) return readPeriodStandings(this.db, kind, start, everyAgentScope(), metric);
    if (fence !== undefined && !(await this.hub.reachHorizon(fence, REACH_TIMEOUT_MS))) return readPeriodStandings(this.db, kind, start, everyAgentScope());
    const key = `${kind}:${start}`;
    let standings = this.kept.get(key);
    if (!standings) {
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!);
      standings = readPeriodStandings(this.db, kind, start, everyAgentScope());
      this.kept.set(key, standings);
      // A failed read is not kept.
      standings.catch(() => {
        if (this.kept.get(key) === standings) this.kept.delete(key);
      });
    }
    return standings;
  }

  close(): void {
    this.stopFollowing();
    this.kept.clear();
  }

  private heard(events: readonly StoredEvent[]): void {
    for (const event of events) {
      switch (event.type) {
        case 'entry.created': {
          const date = typeof event.public.date === 'string' ? new Date(event.public.date) : undefined;
          if (!date || Number.isNaN(date.getTime())) {
            this.kept.clear();
            break;
          }
          const starts = periodStartsOf(date, this.timeZone);
          for (const kind of ['week', 'month', 'quarter', 'year'] as const) this.kept.delete(`${kind}:${starts[kind]}`);
          break;
        }
        case 'entry.voided':
        case 'agent.created':
        case 'agent.deleted':
        case 'agent.updated':
        case 'data.changed':
          this.kept.clear();
          break;
        default:
          break;
      }
    }
  }
}
