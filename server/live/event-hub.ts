import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { MAX_STREAMS_PER_IDENTITY, STREAM_RESET, type EventType } from '../../contract/events';
import type { Db } from '../db/client';
import { EVENTS_CHANNEL, eventsPrunedThrough, latestEventId, parseEventsNotice, readEventsAfter, readEventsKept, type StoredEvent } from '../db/events';
import { liveStreamCredentials } from '../db/queries/event-streams';
import { readEventHorizon, sequenceInboxes, vacuumInboxes, type SequencePass } from '../db/sequencer';
import { text } from '../../contract/i18n';
import { AppError } from '../domain/errors';
import { readHiddenAgentIds, readOffBoardAgentIds } from '../db/queries/agent-profile';
import { readTeamMembership } from '../db/queries/teams';
import { anonymised, eventDataFor, eventViewFor, managerHears, seesHiddenName, type EventReader } from '../domain/event-visibility';
import { scopeOfLedTeams } from '../domain/team-scope';
import { messages } from './messages';

export interface EventHubOptions {
  /** A comment line this often keeps proxies from closing a quiet stream (docs/product.md §12.8: 15 s). */
  heartbeatMs: number;
  /** How often the sessions and TV links behind open streams are checked (a revoked link closes within this). */
  checkCredentialsMs: number;
  /** leaderboard.changed is sent at most this often. */
  leaderboardEveryMs: number;
  /** A stream whose unsent data grows past this many bytes is dropped (its reader is too slow). */
  maxBufferedBytes: number;
  /**
   * How often the hub looks for appends it was not told of (another process's writes on PostgreSQL, which send no
   * NOTIFY, or an instance that stopped between its commit and its pass): a read with no lock when there are none.
   * 0: never (PGlite, where writes place their events themselves).
   */
  sequenceLookMs: number;
}

export const DEFAULT_EVENT_HUB_OPTIONS: EventHubOptions = {
  heartbeatMs: 15_000,
  checkCredentialsMs: 5_000,
  leaderboardEveryMs: 1_000,
  maxBufferedBytes: 256 * 1024,
  sequenceLookMs: 500,
};

/** What an open stream stands on: a session (by its token's hash) or a TV link; checked while the stream is open. */
export type StreamCredential = { kind: 'session'; tokenHash: string } | { kind: 'tv-link'; linkId: number };

export interface StreamRequest {
  reader: EventReader;
  credential: StreamCredential;
  /** The reader's Last-Event-ID, when it reconnects. */
  lastEventId: number | undefined;
}

interface Stream {
  reader: EventReader;
  identityKey: string;
  credential: StreamCredential;
  response: ServerResponse;
  /** Every event up to this id has been sent, or was not for this reader. */
  cursor: number;
  /** Set once the replay is done; until then live events wait in the database for the replay to read them. */
  live: boolean;
  /** An event that moves this reader's boards went by since its last leaderboard.changed. */
  boardsDue: boolean;
}

/**
 * What the hub tells its followers besides events: `reset`, it could not read every event after its cursor (they are
 * no longer kept, or the database ends before the cursor: restored from a backup) and went on from the newest, so
 * what they keep from events is to be dropped; `resumed`, its listening connection was lost and made again, and it
 * read everything it missed in order (what follows the events stays exact; a follower may check itself anyway).
 */
export type ResyncReason = 'reset' | 'resumed';

interface Follower {
  heard: (events: readonly StoredEvent[]) => void;
  resync: ((reason: ResyncReason) => void) | undefined;
}

/** Types after which the leaderboards may read differently. */
const MOVES_BOARDS: ReadonlySet<EventType> = new Set([
  'entry.created',
  'entry.voided',
  // A metric's boards: agents and TV links hear of them by this alone (they do not receive others' activities).
  'activity.created',
  'activity.voided',
  'agent.created',
  'agent.deleted',
  'agent.updated',
  'data.changed',
  'team.changed',
]);
const BATCH = 500;
/** How long a replay waits at most for the pass that places what committed before it (reachHorizon). */
const REPLAY_REACH_MS = 2000;
/**
 * While a reader waits for a horizon that an older transaction still holds back (it may end without a notification:
 * a rollback, or a write with no events), the hub runs another pass after this long, doubling up to the maximum.
 */
const SEQUENCE_WAIT_MIN_MS = 2;
const SEQUENCE_WAIT_MAX_MS = 200;
/** The inboxes are vacuumed once this hub's passes have moved this many rows since the last vacuum (vacuumInboxes). */
const VACUUM_AFTER_ROWS = 5000;

function identityKeyOf(reader: EventReader): string {
  switch (reader.kind) {
    case 'staff':
      return `user:${reader.userId}`;
    case 'agent':
      return `agent:${reader.agentId}`;
    case 'tv':
      return `tv:${reader.linkId}`;
  }
}

function message(id: number, type: string, data: unknown): string {
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The live-update fan-out of one app instance (docs/decisions/0014-live-events.md). It LISTENs on the events
 * channel; each notification carries the committed events (or names them, to be read from the table), and each
 * event is written to every open stream whose reader may see it (the message is built once per view). Nothing
 * passes between instances but the database: each hears the same notifications and reads the same table, so a
 * second instance on the same PostgreSQL delivers the same events.
 */
export class EventHub {
  private readonly streams = new Set<Stream>();
  private cursor = 0;
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private closed = false;
  private started = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private boardsTimer: NodeJS.Timeout | undefined;
  private boardsSentAt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly followers = new Set<Follower>();
  /**
   * Whether the cursor follows on from the notifications: a notice's events may then be fanned out as they come.
   * False at start, after the listener (re)connected (notifications sent meanwhile are lost) and after a failed read
   * (a notice naming a range went unread): notices then only make the hub read the table, until a read begun after
   * the latest of these is done; that read reaches every event the notifications will not bring.
   */
  private caughtUp = false;
  /** Goes up each time the listener says it (re)connected; a read begun before then cannot catch the hub up. */
  private listenerEpoch = 0;
  /** The listener has (re)connected at least once since start: the next catch-up tells the followers it resumed. */
  private resumedPending = false;
  private readonly waiters = new Set<{ id: number; done: (reached: boolean) => void }>();
  /** A write committed events to the inbox (or a reader needs the horizon): the next read runs a sequencer pass first. */
  private sequenceDue = true;
  /**
   * Every transaction below this id had ended by the last pass this hub ran, and the hub has fanned out every event
   * that pass placed: whatever those transactions wrote, the boards in memory have heard (reachHorizon).
   */
  private horizon = 0;
  private readonly horizonWaiters = new Set<{ horizon: number; done: (reached: boolean) => void }>();
  private sequenceTimer: NodeJS.Timeout | undefined;
  /** Rows this hub's passes moved since it last vacuumed the inboxes, and the vacuum under way. */
  private movedSinceVacuum = 0;
  private vacuuming: Promise<void> | undefined;
  private sequenceWaitMs = SEQUENCE_WAIT_MIN_MS;
  /**
   * The agents not shown on public boards, as of the hub's cursor: their names go out as "Anonymous agent" to readers
   * other than staff and themselves (docs/product.md §12.14). Loaded at start, then kept by the agent.updated events.
   */
  private readonly hiddenAgents = new Set<number>();
  /**
   * The agents off the boards (waiting for approval, or made inactive), as of the hub's cursor: their events reach
   * staff only, never other agents or TV links. Loaded at start, then kept by agent.created, agent.updated (`active`)
   * and agent.deleted events.
   */
  private readonly offBoardAgents = new Set<number>();
  /**
   * Who is in which team and who leads which, as of the hub's cursor: a manager who leads teams hears only of their
   * agents (docs/decisions/0032-teams.md). Loaded at start, then kept by team.changed and agent.deleted events.
   */
  private readonly agentTeams = new Map<number, number>();
  private readonly managerTeams = new Map<number, Set<number>>();

  constructor(
    private readonly db: Db,
    private readonly listen: (channel: string, onNotify: (payload?: string) => void) => Promise<() => Promise<void>>,
    private readonly limits: { maxStreams: number },
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly options: EventHubOptions = DEFAULT_EVENT_HUB_OPTIONS,
  ) {}

  /** Starts listening from the newest event; call once the database is migrated. */
  async start(): Promise<void> {
    await this.loadFromNewest();
    this.stopListening = await this.listen(EVENTS_CHANNEL, (payload) => this.onNotice(payload));
    this.started = true;
    const every = (ms: number, task: () => void) => {
      const timer = setInterval(task, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.heartbeatMs, () => this.writeToAll(': keep-alive\n\n'));
    every(this.options.checkCredentialsMs, () => void this.checkCredentials());
    if (this.options.sequenceLookMs > 0) every(this.options.sequenceLookMs, () => this.appended());
    // Reads what was committed between the cursor and LISTEN (notices meanwhile only asked for this read).
    this.wake();
  }

  /**
   * Moves the cursor to the newest event and reads what the hub keeps as of it: who is hidden, who is off the boards,
   * who leads which team. Read after the cursor: at least as new as it, and the events after it set the same again.
   */
  private async loadFromNewest(): Promise<void> {
    const cursor = await latestEventId(this.db);
    const hidden = await readHiddenAgentIds(this.db);
    const offBoard = await readOffBoardAgentIds(this.db);
    const membership = await readTeamMembership(this.db);
    this.cursor = cursor;
    this.hiddenAgents.clear();
    for (const id of hidden) this.hiddenAgents.add(id);
    this.offBoardAgents.clear();
    for (const id of offBoard) this.offBoardAgents.add(id);
    this.agentTeams.clear();
    this.managerTeams.clear();
    for (const [agentId, teamId] of membership.agentTeams) this.agentTeams.set(agentId, teamId);
    for (const [userId, teamId] of membership.managerTeams) this.ledBy(userId).add(teamId);
  }

  /**
   * The newest event this instance has fanned out: every event up to it was committed before now, so a read that
   * starts after this is taken shows them all. Undefined until the hub has started.
   */
  get newestEventId(): number | undefined {
    return this.started ? this.cursor : undefined;
  }

  /**
   * Calls `follower` with every batch of events this instance fans out from now on, in commit order, each event once,
   * right after the hub's cursor passed them (state kept in memory follows the database this way:
   * docs/decisions/0015); and `resync` when the hub skipped events (a reset: what was kept from them is wrong) or
   * resumed after losing its listener (docs/decisions/0038-live-after-reconnect.md).
   */
  follow(follower: (events: readonly StoredEvent[]) => void, resync?: (reason: ResyncReason) => void): () => void {
    const entry: Follower = { heard: follower, resync };
    this.followers.add(entry);
    return () => void this.followers.delete(entry);
  }

  /**
   * Resolves true once every event up to `id` has been fanned out here (at once if it has), reading the table if no
   * notification brings them; false after `timeoutMs`, or when the hub is closed or not started.
   */
  reach(id: number, timeoutMs: number): Promise<boolean> {
    if (this.started && this.cursor >= id) return Promise.resolve(true);
    if (this.closed || !this.started) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = {
        id,
        done: (reached: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      this.waiters.add(waiter);
      this.wake();
    });
  }

  /**
   * Resolves true once this instance has fanned out the events of every transaction below `horizon` (a transaction
   * id: pg_snapshot_xmax of a request's snapshot, eventFenceOf), running a sequencer pass if it must; false after
   * `timeoutMs`, or when the hub is closed or not started. What a request changed before then shows in memory.
   */
  reachHorizon(horizon: number, timeoutMs: number): Promise<boolean> {
    if (this.started && this.horizon >= horizon) return Promise.resolve(true);
    if (this.closed || !this.started) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = {
        horizon,
        done: (reached: boolean) => {
          clearTimeout(timer);
          this.horizonWaiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      this.horizonWaiters.add(waiter);
      this.sequenceDue = true;
      this.wake();
    });
  }

  /**
   * A transaction of this process that appended to the inboxes has committed (Database.onAppended): the next read runs
   * a sequencer pass first, which places it and tells every instance (docs/decisions/0069-writes-without-notify.md).
   */
  appended(): void {
    if (!this.started) return;
    this.sequenceDue = true;
    this.wake();
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /**
   * Checks the limits (429 beyond them), then takes over the response: writes the stream's headers, replays what
   * the reader missed and keeps the stream open until the reader goes, its credential ends, or the hub closes.
   */
  async open(reply: FastifyReply, request: StreamRequest): Promise<void> {
    if (this.closed || !this.started) throw new AppError('SERVICE_UNAVAILABLE', text(messages, 'liveUnavailable'));
    const identityKey = identityKeyOf(request.reader);
    if (this.streams.size >= this.limits.maxStreams) {
      throw new AppError('RATE_LIMITED', text(messages, 'tooManyStreams'));
    }
    let own = 0;
    for (const stream of this.streams) if (stream.identityKey === identityKey) own++;
    if (own >= MAX_STREAMS_PER_IDENTITY) {
      throw new AppError('RATE_LIMITED', text(messages, 'tooManyOwnStreams', { max: MAX_STREAMS_PER_IDENTITY }));
    }

    // From here on the response is written by hand; the headers set so far (security headers) go with it.
    reply.hijack();
    const response = reply.raw;
    const stream: Stream = { reader: request.reader, identityKey, credential: request.credential, response, cursor: this.cursor, live: false, boardsDue: false };
    this.streams.add(stream);
    response.on('close', () => this.streams.delete(stream));
    response.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies such as nginx would otherwise hold the messages back.
      'x-accel-buffering': 'no',
    });
    response.write('retry: 2000\n\n');
    try {
      await this.replay(stream, request.lastEventId);
    } catch (error) {
      this.log.error({ err: error }, 'event stream replay failed');
      this.end(stream);
    }
  }

  /** Sends what the reader missed since `lastEventId` (or a reset when that is no longer kept), then goes live. */
  private async replay(stream: Stream, lastEventId: number | undefined): Promise<void> {
    if (lastEventId === undefined) {
      stream.live = true;
      return;
    }
    // What committed before the reader came back is replayed, not sent later as if new: wait (a little at most) for
    // the pass that places it (this process's writes are placed just after their commit, others' at the next look).
    await this.reachHorizon(await readEventHorizon(this.db), REPLAY_REACH_MS);
    if (stream.response.destroyed) return;
    const prunedThrough = await eventsPrunedThrough(this.db);
    const newest = Math.max(this.cursor, await latestEventId(this.db));
    if (lastEventId < prunedThrough || lastEventId > newest) {
      stream.cursor = this.cursor;
      this.write(stream, message(this.cursor, STREAM_RESET, {}));
      stream.live = true;
      return;
    }
    stream.cursor = lastEventId;
    let movedBoards = false;
    // Reads until it has caught up with the hub; the check and the switch to live are one synchronous step, so no
    // event falls between the replay and the live stream.
    for (;;) {
      // Every event up to the hub's cursor was committed before this read began, so a short batch has them all.
      const readThrough = this.cursor;
      const batch = await readEventsAfter(this.db, stream.cursor, BATCH);
      if (stream.response.destroyed) return;
      for (const event of batch) {
        this.deliver(stream, event, new Map());
        if (this.movesBoardsOf(stream.reader, event)) movedBoards = true;
      }
      if (batch.length < BATCH) {
        stream.cursor = Math.max(stream.cursor, readThrough);
        if (stream.cursor >= this.cursor) break;
      }
    }
    stream.live = true;
    if (movedBoards) this.write(stream, message(stream.cursor, 'leaderboard.changed', {}));
  }

  /** Ends the streams whose credential is this session, at once (this instance; others notice at their check). */
  endSession(tokenHash: string): void {
    for (const stream of this.streams) {
      if (stream.credential.kind === 'session' && stream.credential.tokenHash === tokenHash) this.end(stream);
    }
  }

  /** Ends the streams an agent reads as itself (its sessions ended with its deactivation or deletion). */
  private endAgent(agentId: number): void {
    for (const stream of [...this.streams]) {
      if (stream.reader.kind === 'agent' && stream.reader.agentId === agentId) this.end(stream);
    }
  }

  /** Ends the streams of a TV link, at once (this instance; others notice at their check). */
  endTvLink(linkId: number): void {
    for (const stream of this.streams) {
      if (stream.credential.kind === 'tv-link' && stream.credential.linkId === linkId) this.end(stream);
    }
  }

  /** Ends every stream and stops listening; new streams are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    clearTimeout(this.boardsTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.sequenceTimer);
    for (const stream of this.streams) this.end(stream);
    for (const waiter of [...this.waiters]) waiter.done(false);
    for (const waiter of [...this.horizonWaiters]) waiter.done(false);
    await this.stopListening?.();
    await this.reading;
    await this.vacuuming;
  }

  /**
   * A notification: the committed events themselves are fanned out at once, with no read (notifications arrive in
   * commit order, hence id order), when the cursor follows on from them. A notice naming only ids, one that comes
   * while a read is under way (whose answer must go out first) or while the hub is not caught up, makes the hub read
   * the table instead. None at all means the listener (re)connected: notifications sent while it was away are lost,
   * so nothing newer goes out before the table has been read from the cursor.
   */
  private onNotice(payload: string | undefined): void {
    if (this.closed) return;
    if (payload === undefined) {
      this.caughtUp = false;
      this.listenerEpoch++;
      if (this.started) this.resumedPending = true;
      this.wake();
      return;
    }
    const notice = parseEventsNotice(payload);
    if (!notice || !('events' in notice) || this.reading || !this.caughtUp) {
      this.wake();
      return;
    }
    this.fanOut(notice.events.filter((event) => event.id > this.cursor));
  }

  private wake(): void {
    if (this.closed) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readNew().finally(() => {
      this.reading = undefined;
    });
  }

  /**
   * Reads the events after the cursor until none is left, and again while notices came meanwhile. A pass that
   * catches up (begun after the listener last connected) first checks that every event after the cursor is still
   * there to read; when not, the hub resets.
   */
  private async readNew(): Promise<void> {
    try {
      do {
        this.readAgain = false;
        const epoch = this.listenerEpoch;
        if (!this.caughtUp) await this.resetIfEventsLost();
        if (this.closed) return;
        let pass: SequencePass | undefined;
        if (this.sequenceDue) {
          this.sequenceDue = false;
          pass = await sequenceInboxes(this.db);
          if (this.closed) return;
        }
        let batch: StoredEvent[];
        do {
          batch = await readEventsAfter(this.db, this.cursor, BATCH);
          if (this.closed) return;
          this.fanOut(batch);
        } while (batch.length === BATCH);
        if (pass) this.passed(pass);
        if (!this.caughtUp && epoch === this.listenerEpoch) this.caughtUp = true;
        if (this.caughtUp && this.resumedPending) {
          this.resumedPending = false;
          this.tellFollowers('resumed');
        }
      } while (this.readAgain && !this.closed);
    } catch (error) {
      if (this.closed) return;
      // A notice whose events this read was to bring may have come and gone: later ones must wait for a read.
      this.caughtUp = false;
      this.sequenceDue = true;
      this.log.error({ err: error }, 'reading new events failed; retrying in a second');
      this.retryTimer = setTimeout(() => this.wake(), 1000);
      this.retryTimer.unref();
    }
  }

  /**
   * After a pass and the read of what it placed: the horizon moves on; a pass cut short is followed by the next at
   * once, and while readers wait for a horizon that an older transaction still holds back, another pass is set for a
   * little later (doubling while nothing moves).
   */
  private passed(pass: SequencePass): void {
    if (pass.horizon > this.horizon) this.horizon = pass.horizon;
    for (const waiter of [...this.horizonWaiters]) if (waiter.horizon <= this.horizon) waiter.done(true);
    if (pass.moved > 0) this.sequenceWaitMs = SEQUENCE_WAIT_MIN_MS;
    this.movedSinceVacuum += pass.moved;
    if (this.movedSinceVacuum >= VACUUM_AFTER_ROWS && !this.vacuuming && !this.closed) {
      this.movedSinceVacuum = 0;
      // Beside the read loop, not in it: the next pass need not wait for the vacuum.
      this.vacuuming = vacuumInboxes(this.db)
        .catch((error: unknown) => this.log.warn({ err: error }, 'vacuuming the event inboxes failed'))
        .finally(() => {
          this.vacuuming = undefined;
        });
    }
    if (pass.more) {
      this.sequenceDue = true;
      this.readAgain = true;
      return;
    }
    if (this.horizonWaiters.size === 0 || this.sequenceTimer) return;
    this.sequenceTimer = setTimeout(() => {
      this.sequenceTimer = undefined;
      this.sequenceDue = true;
      this.wake();
    }, this.sequenceWaitMs);
    this.sequenceTimer.unref();
    this.sequenceWaitMs = Math.min(this.sequenceWaitMs * 2, SEQUENCE_WAIT_MAX_MS);
  }

  /**
   * When events after the cursor are gone (pruned while this instance did not listen) or the database's events end
   * before the cursor (it was restored from a backup), they cannot be delivered: the hub goes on from the newest
   * event, every live stream gets stream.reset (its reader reloads what it shows), a stream still replaying is
   * ended (its reader reconnects and replays or resets), and the followers drop what they keep.
   */
  private async resetIfEventsLost(): Promise<void> {
    const kept = await readEventsKept(this.db);
    if (kept.prunedThrough <= this.cursor && Math.max(kept.newest, kept.prunedThrough) >= this.cursor) return;
    const from = this.cursor;
    await this.loadFromNewest();
    if (this.closed) return;
    this.log.warn({ cursor: from, newest: this.cursor, prunedThrough: kept.prunedThrough }, 'events missed while not listening are no longer kept; streams reset');
    const text = message(this.cursor, STREAM_RESET, {});
    for (const stream of [...this.streams]) {
      if (!stream.live) {
        // Cut rather than ended, so that its replay stops writing at once.
        stream.response.destroy();
        this.streams.delete(stream);
        continue;
      }
      stream.cursor = this.cursor;
      this.write(stream, text);
    }
    this.tellFollowers('reset');
    for (const waiter of [...this.waiters]) if (waiter.id <= this.cursor) waiter.done(true);
  }

  private tellFollowers(reason: ResyncReason): void {
    for (const follower of this.followers) {
      try {
        follower.resync?.(reason);
      } catch (error) {
        this.log.error({ err: error }, 'an event follower failed');
      }
    }
  }

  private fanOut(batch: readonly StoredEvent[]): void {
    let movedBoards = false;
    for (const event of batch) {
      if (event.type === 'agent.updated' && event.agentId !== null) {
        if (event.public.publicProfile === false) this.hiddenAgents.add(event.agentId);
        else this.hiddenAgents.delete(event.agentId);
        if (event.public.active === false) this.offBoardAgents.add(event.agentId);
        else if (event.public.active === true) this.offBoardAgents.delete(event.agentId);
      }
      if (event.type === 'agent.created' && event.agentId !== null) {
        if (event.private.status === 'active') this.offBoardAgents.delete(event.agentId);
        else this.offBoardAgents.add(event.agentId);
      }
      if (event.type === 'agent.deleted' && event.agentId !== null) this.offBoardAgents.delete(event.agentId);
      if (event.type === 'team.changed') this.followTeam(event.private);
      const built = new Map<string, string>();
      for (const stream of this.streams) {
        if (!stream.live) continue;
        this.deliver(stream, event, built);
        if (this.movesBoardsOf(stream.reader, event)) movedBoards = stream.boardsDue = true;
      }
      // Forgotten after delivery: the managers of its team hear of the deletion.
      if (event.type === 'agent.deleted' && event.agentId !== null) this.agentTeams.delete(event.agentId);
      // An agent made inactive (by the owner or the company directory) or deleted: its own streams end here at once,
      // on every instance as each hub hears the event, not at the next check of their sessions.
      if (event.agentId !== null && ((event.type === 'agent.updated' && event.public.active === false) || event.type === 'agent.deleted')) {
        this.endAgent(event.agentId);
      }
      this.cursor = event.id;
    }
    if (movedBoards) this.boardsMoved();
    if (batch.length === 0) return;
    for (const follower of this.followers) {
      try {
        follower.heard(batch);
      } catch (error) {
        this.log.error({ err: error }, 'an event follower failed');
      }
    }
    for (const waiter of [...this.waiters]) if (waiter.id <= this.cursor) waiter.done(true);
  }

  /** Writes one event to one stream if its reader may see it; `built` keeps each view's message for the next stream. */
  private deliver(stream: Stream, event: StoredEvent, built: Map<string, string>): void {
    if (event.id <= stream.cursor) return;
    stream.cursor = event.id;
    const view = eventViewFor(stream.reader, event);
    if (view === null) return;
    // An agent off the boards is heard of by staff only (and by itself, should it still be reading).
    if (event.agentId !== null && this.offBoardAgents.has(event.agentId) && !seesHiddenName(stream.reader, event.agentId)) return;
    // A manager who leads teams hears of their agents and their teams only.
    if (!this.readerHears(stream.reader, event)) return;
    const hidden = event.agentId !== null && this.hiddenAgents.has(event.agentId) && !seesHiddenName(stream.reader, event.agentId);
    const key = hidden ? `${view}:hidden` : view;
    let text = built.get(key);
    if (text === undefined) {
      const data = eventDataFor(view, event);
      text = message(event.id, event.type, hidden ? anonymised(data) : data);
      built.set(key, text);
    }
    this.write(stream, text);
  }

  /** Whether the scope of a manager who leads teams holds the event (everyone else: yes; visibility is eventViewFor's). */
  private readerHears(reader: EventReader, event: StoredEvent): boolean {
    if (reader.kind !== 'staff' || reader.role !== 'manager') return true;
    // The same scope the request guard builds (server/domain/team-scope.ts), from the membership as of this event.
    const scope = scopeOfLedTeams(this.managerTeams.get(reader.userId) ?? []);
    return managerHears(scope, reader.userId, event, event.agentId === null ? undefined : this.agentTeams.get(event.agentId));
  }

  /**
   * Whether the event may move the boards this reader reads: a manager who leads teams reads boards of their agents
   * only, so another team's entries send them no leaderboard.changed (its timing would tell when that team sold).
   */
  private movesBoardsOf(reader: EventReader, event: StoredEvent): boolean {
    return MOVES_BOARDS.has(event.type) && this.readerHears(reader, event);
  }

  private ledBy(userId: number): Set<number> {
    let teams = this.managerTeams.get(userId);
    if (!teams) this.managerTeams.set(userId, (teams = new Set()));
    return teams;
  }

  /** A team's membership as a team.changed event says it now is (none when deleted). */
  private followTeam(data: Record<string, unknown>): void {
    const teamId = data.teamId;
    if (typeof teamId !== 'number') return;
    const ids = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []);
    for (const teams of this.managerTeams.values()) teams.delete(teamId);
    for (const userId of ids(data.managerIds)) this.ledBy(userId).add(teamId);
    for (const [agentId, team] of this.agentTeams) if (team === teamId) this.agentTeams.delete(agentId);
    for (const agentId of ids(data.agentIds)) this.agentTeams.set(agentId, teamId);
  }

  /** leaderboard.changed, coalesced: at once if none went out in the last second, else when that second is over. */
  private boardsMoved(): void {
    if (this.boardsTimer) return;
    const wait = this.boardsSentAt + this.options.leaderboardEveryMs - Date.now();
    const send = () => {
      this.boardsTimer = undefined;
      this.boardsSentAt = Date.now();
      const text = message(this.cursor, 'leaderboard.changed', {});
      for (const stream of this.streams) {
        if (!stream.live || !stream.boardsDue) continue;
        stream.boardsDue = false;
        if (eventViewFor(stream.reader, { type: 'leaderboard.changed', agentId: null }) !== null) this.write(stream, text);
      }
    };
    if (wait <= 0) send();
    else {
      this.boardsTimer = setTimeout(send, wait);
      this.boardsTimer.unref();
    }
  }

  private write(stream: Stream, text: string): void {
    if (stream.response.destroyed) return;
    // A reader that does not keep up is dropped rather than buffered for without end; it reconnects and replays.
    if (stream.response.writableLength > this.options.maxBufferedBytes) {
      stream.response.destroy();
      this.streams.delete(stream);
      return;
    }
    stream.response.write(text);
  }

  private writeToAll(text: string): void {
    for (const stream of this.streams) if (stream.live) this.write(stream, text);
  }

  private end(stream: Stream): void {
    this.streams.delete(stream);
    if (!stream.response.destroyed) stream.response.end();
  }

  private async checkCredentials(): Promise<void> {
    if (this.streams.size === 0) return;
    // Only the streams open now are judged: one opened while the query runs is not in its answer.
    const checked = [...this.streams];
    const sessionHashes = new Set<string>();
    const tvLinkIds = new Set<number>();
    for (const { credential } of checked) {
      if (credential.kind === 'session') sessionHashes.add(credential.tokenHash);
      else tvLinkIds.add(credential.linkId);
    }
    try {
      const live = await liveStreamCredentials(this.db, { sessionHashes: [...sessionHashes], tvLinkIds: [...tvLinkIds] }, this.now());
      for (const stream of checked) {
        const holds =
          stream.credential.kind === 'session' ? live.sessionHashes.has(stream.credential.tokenHash) : live.tvLinkIds.has(stream.credential.linkId);
        if (!holds) this.end(stream);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'checking the credentials of open event streams failed');
    }
  }
}
