import type { EventType } from '../../contract/events';
import type { Db } from '../db/client';
import { readEventHorizon } from '../db/sequencer';
import type { EventHub } from './event-hub';

/** How long a read waits for this instance to have heard of the newest committed event before it uses what is kept. */
const REACH_TIMEOUT_MS = 1_000;

/**
 * Answers of one kind of read of the tables, kept by this instance until it hears an event that may change any of
 * them (`dropOn`: every answer goes) or the hub resets. A read first waits until the instance has heard every event
 * committed before the request (its event fence, or the database's newest event id), so a kept answer is never older
 * than what its caller saw committed; an answer read while such an event was heard is not kept. For reads whose data
 * changes seldom and whose answers are asked for often (the goals in force, decision 0076).
 */
export class AnswerCache<T> {
  private readonly kept = new Map<string, T>();
  /** Goes up whenever what is kept is dropped: an answer read across it may be older than the drop. */
  private generation = 0;
  private readonly stopFollowing: () => void;

  constructor(
    private readonly db: Db,
    private readonly hub: Pick<EventHub, 'follow' | 'reachHorizon'>,
    private readonly dropOn: ReadonlySet<EventType>,
    /** At most this many answers are kept; the oldest go first. */
    private readonly max: number,
  ) {
    this.stopFollowing = hub.follow(
      (events) => {
        if (events.some((event) => this.dropOn.has(event.type))) this.drop();
      },
      (reason) => (reason === 'reset' ? this.drop() : undefined),
    );
  }

  close(): void {
    this.stopFollowing();
    this.drop();
  }

  /** The answer kept under `key`, or `read()`'s (kept when nothing was dropped while it was read). */
  async get(key: string, fence: number | undefined, read: () => Promise<T>): Promise<T> {
    const horizon = fence ?? (await readEventHorizon(this.db));
    if (!(await this.hub.reachHorizon(horizon, REACH_TIMEOUT_MS))) return read();
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const answer = await read();
    if (generation === this.generation) {
      if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(key, answer);
    }
    return answer;
  }

  private drop(): void {
    this.generation++;
    this.kept.clear();
  }
}
