// Issue 12, findings 4, 5 and 7: the server answers only for its own host names, cuts off requests that arrive too
// slowly without holding anyone else back, and answers what Node refuses itself in the API's shape with its headers.
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { UNKNOWN_HOST } from '../../server/http/host-check';
import { openTestDatabase } from '../support/test-database';
import { testConfig } from '../support/test-app';

const limits = { headersTimeoutMs: 600, requestTimeoutMs: 1_200, keepAliveTimeoutMs: 500, idleTimeoutMs: 5_000, checkIntervalMs: 100 };

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from opening the connection until the server closed it. */
  closedAfterMs: number;
}

/** Opens a raw connection, sends `chunks` (one every `gapMs`), and collects whatever comes back until it closes. */
function rawExchange(port: number, chunks: string[], gapMs = 0): Promise<RawAnswer & { socket: Socket }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data) => (received += data));
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body, closedAfterMs: Date.now() - started, socket });
    });
    socket.on('connect', async () => {
      try {
        for (const chunk of chunks) {
          if (socket.destroyed) return;
          socket.write(chunk);
          if (gapMs > 0) await new Promise((wait) => setTimeout(wait, gapMs));
        }
      } catch (error) {
        reject(error);
      }
    });
  });
}

describe('connections and host names (real sockets)', () => {
  let app: FastifyInstance;
  let database: Database;
  let port: number;
  let base: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const config = { ...testConfig({ PUBLIC_URL: 'https://tracker.example.com', MAX_CONNECTIONS: '40' }) };
    app = await createApp({ database, config, webRoot: null, connectionLimits: limits });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('refuses a request for a host name it does not answer for (DNS rebinding), with the security headers', async () => {
    const answer = await rawExchange(port, ['GET /api/app-info HTTP/1.1\r\nHost: attacker.example:3000\r\nConnection: close\r\n\r\n']);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ code: 'FORBIDDEN', message: UNKNOWN_HOST });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Even a state-changing request whose Origin matches the rebound Host is refused.
    const post = await rawExchange(port, [
      'POST /api/login HTTP/1.1\r\nHost: attacker.example\r\nOrigin: http://attacker.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    ]);
    expect(post.status).toBe(403);
    expect(JSON.parse(post.body).message).toBe(UNKNOWN_HOST);
  });

  it('answers for loopback names, its own address and the host of PUBLIC_URL', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'tracker.example.com', `[::1]:${port}`]) {
      const answer = await rawExchange(port, [`GET /api/app-info HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`]);
      expect(answer.status, host).toBe(200);
    }
  });

  it('cuts off connections that send their headers a byte at a time, while serving everyone else', async () => {
    const slow = Array.from({ length: 20 }, () =>
      rawExchange(port, ['GET /api/app-info HTTP/1.1\r\n', ...'Host: 127.0.0.1\r\nX-Slow: yes\r\n'.split('')], 200),
    );
    // Others are served at once while the slow ones hang on.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api/app-info`);
      expect(res.status).toBe(200);
      await res.text();
    }
    const answers = await Promise.all(slow);
    for (const answer of answers) {
      expect(answer.closedAfterMs).toBeLessThan(limits.headersTimeoutMs + 1_500);
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({ code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('cuts off a request whose body never finishes arriving', async () => {
    const answer = await rawExchange(port, [
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    ]);
    expect(answer.closedAfterMs).toBeLessThan(limits.requestTimeoutMs + 1_500);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).code).toBe('REQUEST_TIMEOUT');
  });

  it("answers Node's own refusals (bad HTTP, headers too large) in the API's shape with the security headers", async () => {
    const bad = await rawExchange(port, ['BLAH / HTTP/1.1 extra\r\n\r\n']);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ code: 'VALIDATION_FAILED', message: 'The request is not valid HTTP' });
    expect(bad.headers['x-content-type-options']).toBe('nosniff');

    const large = await rawExchange(port, [`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(large.status).toBe(431);
    expect(JSON.parse(large.body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' });
    expect(large.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses connections beyond MAX_CONNECTIONS at once and serves again when they close', async () => {
    const held: Socket[] = [];
    for (let i = 0; i < 40; i++) {
      held.push(await new Promise<Socket>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => resolve(socket));
        socket.on('error', () => {});
      }));
    }
    await expect(fetch(`${base}/api/app-info`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    for (const socket of held) socket.destroy();
    await new Promise((wait) => setTimeout(wait, 100));
    const res = await fetch(`${base}/api/app-info`);
    expect(res.status).toBe(200);
    await res.text();
  });
});
