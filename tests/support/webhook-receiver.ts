// A real HTTP receiver on 127.0.0.1 for webhook tests: it records every request and answers as the test says.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived and when the receiver answered it. */
  startedAt: number;
  answeredAt: number;
}

/**
 * How to answer a request: a status (after a delay, or once `after` settles), or never ('hang', until the client gives
 * up). Requests that hang or wait for `after` count as received when they arrive.
 */
export type Reply = { status: number; delayMs?: number; after?: Promise<unknown> } | 'hang';

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** Requests whose connection closed before they were answered (the sender gave up on a hung request). */
  aborted: number;
  /** Decides the answer to each request; the default answers 200 at once. */
  answer: (request: ReceivedRequest, index: number) => Reply;
  /** Resolves once `count` requests have been answered (or have arrived, for hung ones). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (receiver.received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        startedAt: performance.now(),
        answeredAt: Number.NaN,
      };
      res.on('close', () => {
        if (!res.writableEnded) receiver.aborted += 1;
      });
      const index = receiver.received.length;
      const reply = receiver.answer(request, index);
      if (reply === 'hang') {
        receiver.received.push(request);
        settle();
        return;
      }
      if (reply.after) {
        receiver.received.push(request);
        settle();
        void reply.after.then(() => {
          request.answeredAt = performance.now();
          if (!res.destroyed) res.writeHead(reply.status, { 'content-type': 'text/plain' }).end('ok');
        });
        return;
      }
      setTimeout(() => {
        request.answeredAt = performance.now();
        receiver.received.push(request);
        res.writeHead(reply.status, { 'content-type': 'text/plain' }).end('ok');
        settle();
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    received: [],
    aborted: 0,
    answer: () => ({ status: 200 }),
    waitFor: (count, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver got ${receiver.received.length} of ${count} requests`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(receiver.received);
          },
        });
        settle();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

/**
 * Checks a TierTrack-Signature header as docs/webhooks.md tells receivers to: HMAC-SHA256 of "t.body" with the
 * secret, compared in constant time, and a time no more than `toleranceS` from now.
 */
export function signatureIsValid(header: string | undefined, body: string, secret: string, toleranceS = 300): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== 'string' || Math.abs(Date.now() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
