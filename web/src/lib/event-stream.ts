/**
 * The part of the browser's EventSource the live-update streams use (lib/live-updates.ts, the TV board's stream), so
 * that a test can pass a stand-in (lib/fake-event-stream.ts).
 */
export interface EventStream {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** EventSource.CLOSED: the browser gave up (a refused connection) and will not reconnect by itself. */
export const EVENT_STREAM_CLOSED = 2;
