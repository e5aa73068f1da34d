// A server-sent events reader for tests: opens a stream with fetch (as EventSource would, with Last-Event-ID when
// given), parses its messages and lets a test wait for the ones it expects.

export interface StreamMessage {
  id: number | undefined;
  type: string;
  data: Record<string, unknown>;
}

export interface OpenedStream {
  status: number;
  headers: Headers;
  /** Every message received so far, in order (comments are not messages). */
  messages: StreamMessage[];
  /** How many comment lines (heartbeats) arrived. */
  comments: number;
  /** Resolves when the server ends the stream (or it fails). */
  ended: Promise<void>;
  /** Waits for a message matching `match`, received before or after the call; rejects after `timeoutMs`. */
  next(match: (message: StreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** The error body when the server refused the stream. */
  refusal: Record<string, unknown> | undefined;
  close(): void;
}

export async function openEventStream(
  url: string,
  options: { cookie?: string; lastEventId?: number | string; headers?: Record<string, string> } = {},
): Promise<OpenedStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.lastEventId !== undefined ? { 'last-event-id': String(options.lastEventId) } : {}),
      ...options.headers,
    },
    signal: controller.signal,
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  const stream: OpenedStream = {
    status: response.status,
    headers: response.headers,
    messages,
    comments: 0,
    ended: Promise.resolve(),
    refusal: undefined,
    close: () => controller.abort(),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        let start = 0;
        const check = () => {
          for (let i = start; i < messages.length; i++) {
            if (match(messages[i]!)) {
              clearTimeout(timer);
              waiters.delete(check);
              resolve(messages[i]!);
              return;
            }
          }
          start = messages.length;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(messages.map((m) => [m.id, m.type]))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    stream.refusal = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    return stream;
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          let comment = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comment = true;
            else {
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
          }
          if (comment && fields.size === 0) stream.comments++;
          else if (fields.has('data')) {
            messages.push({
              id: fields.has('id') ? Number(fields.get('id')) : undefined,
              type: fields.get('event') ?? 'message',
              data: JSON.parse(fields.get('data')!) as Record<string, unknown>,
            });
            for (const waiter of [...waiters]) waiter();
          }
        }
      }
    } catch {
      // Aborted by the test, or cut by the server: both end the stream.
    }
  })();
  return stream;
}
