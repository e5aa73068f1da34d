import type { EventStream } from './event-stream';

/** An EventSource stand-in for unit tests, driven by the test: open, messages, dropped and refused connections. */
export class FakeEventStream implements EventStream {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  /** A message of `type` with event id `id` and `data` as its JSON. */
  emit(type: string, data: unknown, id: number | string) {
    const event = { data: JSON.stringify(data), lastEventId: String(id) } as MessageEvent<string>;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The connection dropped; the browser tries again by itself. */
  drop() {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }
  /** A (re)connection was refused (401, 404, 429, 503): the browser gives up. */
  refuse() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}
