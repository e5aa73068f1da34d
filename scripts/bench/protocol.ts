// What the benchmark (scripts/bench/server-process.ts) and the app under test (scripts/bench/server.ts) say to each other.

/** The owner account the benchmark server creates and signs in with. */
export const BENCH_OWNER = { email: 'owner@bench.example', password: 'bench-owner-password' };

export type BenchCommand =
  | { cmd: 'naive-scan'; runs: number }
  | { cmd: 'reset-loop' }
  | { cmd: 'loop' }
  | { cmd: 'counts' }
  | { cmd: 'consistency' }
  /** audit:verify's check of the audit chain: the first broken row (null when it holds) and the rows checked. */
  | { cmd: 'audit-verify' }
  /** Every event id after `after`, in order, once the inboxes are sequenced (server/db/sequencer.ts). */
  | { cmd: 'event-ids'; after: number }
  | { cmd: 'stream-sessions'; count: number }
  | { cmd: 'memory' }
  /** Samples the resident set size until rss-watch-stop, which answers the largest seen (bytes). */
  | { cmd: 'rss-watch-start' }
  | { cmd: 'rss-watch-stop' }
  | { cmd: 'probe-entry'; agentId: number; probe: number }
  /** A connector's deliveries and deals (scripts/bench/connectors.ts). */
  | { cmd: 'connector-state'; connectorId: number; dealPrefix: string }
  /**
   * Waits until the email outbox has nothing pending (at most `timeoutMs`): the emails of the contest start the
   * benchmark made, and how long they took from the first queued to the last sent.
   */
  | { cmd: 'outbox-drained'; timeoutMs: number }
  | { cmd: 'ceiling-start' }
  | { cmd: 'ceiling-stop' }
  | { cmd: 'stop' };

/** A wall-clock time with sub-millisecond precision, comparable between the benchmark's processes. */
export const wallClockMs = () => performance.timeOrigin + performance.now();

/** The server's memory after a full garbage collection, in bytes. */
export interface MemoryUse {
  rss: number;
  heapUsed: number;
  external: number;
}

export interface ReadyMessage {
  type: 'ready';
  port: number;
  engineVersion: string;
  agentIds: { first: number; last: number };
}

export interface LoopDelay {
  /** The longest delay seen beyond the sampling interval, in ms. */
  maxMs: number;
  p99Ms: number;
}

/** The contest start's emails (scripts/bench/run.ts): how many, and how long from the first queued to the last out. */
export interface OutboxDrained {
  emails: number;
  seconds: number;
  /** Still pending or not yet queued when the wait ended (0 when every active agent's went out). */
  pending: number;
}

export interface ConsistencyOutcome {
  drifts: number;
  first: unknown;
  seconds: number;
}
