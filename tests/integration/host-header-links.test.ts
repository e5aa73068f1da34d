// Reset-link poisoning through the Host header (issue 30, high): a Host that merely ends in ".localhost", such as
// "evil.example#.localhost", was answered, and with PUBLIC_URL unset the emailed link was built from it, so the token
// went to the attacker's page. Now a Host that is not an RFC 3986 host[:port] is refused, and every link that leaves
// the app is built from PUBLIC_URL or the address the server listens on, never from a request header. Over real HTTP,
// against a real SMTP server, on each engine.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { UNKNOWN_HOST } from '../../server/http/host-check';
import { createUser, createAgent } from '../factories/accounts';
import { MailServer } from '../support/mail-server';
import { testConfig } from '../support/test-app';
import { openTestDatabase, testEngines } from '../support/test-database';
import type { FastifyInstance } from 'fastify';

/** A POST over a real socket with the Host (and other) headers exactly as given: fetch would not send them so. */
function postWithHost(port: number, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', setHost: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const POISONED_HOSTS = [
  'evil.example#.localhost',
  'evil.example/x.localhost',
  'evil.example?.localhost',
  'evil.example\\.localhost',
  'user@evil.example.localhost',
  'evil.example%2f.localhost',
  'evil.example .localhost',
  'localhost:99999',
  '[not-an-address]',
];

for (const engine of testEngines()) {
  describe(`links that leave the app never follow the Host header [${engine}]`, () => {
    const mail = new MailServer();
    let database: Database;
    let app: FastifyInstance;
    let port = 0;

    beforeAll(async () => {
      await mail.start();
      database = await openTestDatabase(engine);
      // No PUBLIC_URL (the default), a proxy trusted: X-Forwarded-Host is read too.
      const config = testConfig({ TRUST_PROXY: '1', SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'TierTrack <noreply@tiertrack.test>' });
      app = await createApp({ database, config, webRoot: null, demo: false, notifierPollMs: 100 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      port = address.port;
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await mail.stop();
    });

    const mailsTo = (address: string) => mail.received.filter((m) => (m.to as { text: string }).text === address);

    it('refuses a Host or X-Forwarded-Host that is not host[:port], and sends no link', async () => {
      const owner = await createUser(database.db, { role: 'owner' });
      for (const host of POISONED_HOSTS) {
        const res = await postWithHost(port, '/api/password-resets', { email: owner.email }, { host });
        expect(res.status, host).toBe(403);
        expect(JSON.parse(res.body).message, host).toBe(UNKNOWN_HOST);
        const forwarded = await postWithHost(port, '/api/password-resets', { email: owner.email }, { host: `127.0.0.1:${port}`, 'x-forwarded-host': host });
        expect(forwarded.status, `X-Forwarded-Host: ${host}`).toBe(403);
      }
      // A request the server answers does get its email: had any poisoned one been answered, it would be there too.
      const fair = await postWithHost(port, '/api/password-resets', { email: owner.email }, { host: `127.0.0.1:${port}` });
      expect(fair.status).toBe(202);
      await expect.poll(() => mailsTo(owner.email).length, { timeout: 20_000 }).toBe(1);
      expect(mailsTo(owner.email)[0]!.text).not.toContain('evil.example');
    });

    it('builds the emailed link from the address it listens on, whatever Host the request named', async () => {
      const agent = await createAgent(database.db);
      // A Host the server answers for (a loopback name) but that is not where the app lives.
      const res = await postWithHost(port, '/api/password-resets', { email: agent.email }, { host: 'attacker.localhost:8443' });
      expect(res.status).toBe(202);
      await expect.poll(() => mailsTo(agent.email).length, { timeout: 20_000 }).toBe(1);
      const text = mailsTo(agent.email)[0]!.text ?? '';
      expect(text).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/reset-password#token=[A-Za-z0-9_-]{43}`));
      expect(text).not.toContain('attacker');
      expect(text).not.toContain('8443');
    });
  });
}
