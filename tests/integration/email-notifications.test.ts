// Email notifications (docs/product.md §12.13) against a real SMTP server started here (smtp-server), read back with
// mailparser: the outbox sends each email once, with text and HTML bodies and a signed one-click unsubscribe link;
// a server that is down or refuses leaves the email queued and it goes out once it accepts; a restart sends nothing
// twice; without SMTP_URL emails are logged.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences } from '../../contract/notifications';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { queryRows } from '../../server/db/client';
import { createAgent, signInAgent, signedInUser } from '../factories/accounts';
import { MailServer } from '../support/mail-server';
import { testConfig, type TestApp } from '../support/test-app';
import { openTestDatabase, testEngines } from '../support/test-database';

async function startApp(database: Database, env: Record<string, string>): Promise<TestApp & { close(): Promise<void> }> {
  const config = testConfig({ PUBLIC_URL: 'http://tiertrack.test', EMAIL_RETRY_BASE_MS: '100', ...env });
  // The real clock: retries fall due as time passes.
  const clock = { now: new Date() };
  const app = await createApp({ database, config, webRoot: null, demo: false, now: () => new Date(), notifierPollMs: 200 });
  await app.ready();
  return { engine: database.engine, app, database, config, clock, request: (req) => app.inject(req), close: () => app.close() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const engine of testEngines()) {
  describe(`email notifications [${engine}]`, () => {
    const mail = new MailServer();
    let database: Database;
    let t: TestApp & { close(): Promise<void> };
    let owner: { cookie: string };

    beforeAll(async () => {
      await mail.start();
      database = await openTestDatabase(engine);
      t = await startApp(database, { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'TierTrack <noreply@tiertrack.test>' });
      owner = await signedInUser(t, 'owner');
    });
    afterAll(async () => {
      await t?.close();
      await database?.close();
      await mail.stop();
    });

    const record = (agentId: number, amount: string) =>
      t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner.cookie }, payload: { agentId, amount } });

    const outbox = (agentId: number) =>
      queryRows<{ status: string; attempts: number; last_error: string | null }>(
        database.db,
        sql`select status, attempts, last_error from email_outbox where agent_id = ${agentId} order by id`,
      );

    it('emails the agent once, in text and HTML, from MAIL_FROM, with a one-click unsubscribe link that works', async () => {
      const agent = await createAgent(database.db, { firstName: 'Mia', lastName: 'Mail' });
      const before = mail.received.length;
      expect((await record(agent.id, '5000.00')).statusCode).toBe(201);
      const [email] = (await mail.waitFor(before + 1)).slice(before);
      expect(email!.subject).toBe('You reached Starter!');
      expect(email!.from?.value).toEqual([{ name: 'TierTrack', address: 'noreply@tiertrack.test' }]);
      expect((email!.to as { text: string }).text).toBe(agent.email);
      expect(email!.text).toContain('Your total reached the Starter tier. Claim its reward on your tier dashboard.');
      expect(email!.text).toContain('Open TierTrack: http://tiertrack.test');
      expect(email!.html).toContain('<h1 style="font-size: 20px">You reached Starter!</h1>');
      expect(email!.messageId).toMatch(/^<tiertrack-email-\d+@tiertrack\.test>$/);
      const header = (name: string) =>
        email!.headerLines.map((line) => new RegExp(`^${name}:\\s*(.*)$`, 'is').exec(line.line)?.[1]).find((value) => value !== undefined);
      const unsubscribe = { url: /^<(.*)>$/.exec(header('List-Unsubscribe') ?? '')?.[1] ?? '' };
      expect(unsubscribe.url).toMatch(/^http:\/\/tiertrack\.test\/api\/notifications\/unsubscribe\/tier_reached\.agent\.\d+\.[\w-]{43}$/);
      expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(email!.text).toContain(`Stop these emails: ${unsubscribe.url}`);
      // Recorded as sent once the server has answered.
      for (let i = 0; i < 100 && (await outbox(agent.id))[0]?.status !== 'sent'; i++) await sleep(50);
      expect(await outbox(agent.id)).toEqual([{ status: 'sent', attempts: 1, last_error: null }]);

      const path = new URL(unsubscribe.url).pathname;
      // A person who opens the link is asked first; a forged link is refused and changes nothing.
      const page = await t.request({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('You will no longer get an email when: I reach a tier.');
      const forged = path.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
      expect((await t.request({ method: 'GET', url: forged })).json()).toMatchObject({ message: 'This unsubscribe link is not valid', code: 'VALIDATION_FAILED' });
      expect((await t.request({ method: 'POST', url: forged, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(400);
      const otherKind = path.replace('/tier_reached.', '/claim_status.');
      expect((await t.request({ method: 'POST', url: otherKind, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(400);

      // A mail program's one-click POST: no session, form-encoded.
      const done = await t.request({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.body).toContain('You are unsubscribed');
      const { cookie } = await signInAgent(database.db, agent);
      const choices = notificationPreferences.parse((await t.request({ method: 'GET', url: '/api/notification-preferences', headers: { cookie } })).json());
      expect(choices.preferences.find((p) => p.kind === 'tier_reached')).toEqual({ kind: 'tier_reached', inApp: true, email: false, push: true });

      // The next tier: a notification in the app, no email.
      const count = mail.received.length;
      await record(agent.id, '5000.00');
      for (let i = 0; i < 100; i++) {
        const [made] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from notifications where agent_id = ${agent.id}`);
        if (made!.n === 2) break;
        await sleep(50);
      }
      await sleep(400);
      expect(mail.received.length).toBe(count);
      expect(await outbox(agent.id)).toHaveLength(1);
    });

    it('keeps an email queued while the server refuses it or is down, and sends it once when it accepts', async () => {
      const agent = await createAgent(database.db);
      const before = mail.received.length;
      mail.refuse = true;
      await record(agent.id, '5000.00');
      for (let i = 0; i < 100; i++) {
        const [row] = await outbox(agent.id);
        if (row && row.attempts >= 2) break;
        await sleep(50);
      }
      const [refused] = await outbox(agent.id);
      expect(refused).toMatchObject({ status: 'pending' });
      expect(refused!.attempts).toBeGreaterThanOrEqual(2);
      expect(refused!.last_error).toContain('Mailbox busy');

      // Down altogether.
      await mail.stop();
      mail.refuse = false;
      await sleep(800);
      expect((await outbox(agent.id))[0]).toMatchObject({ status: 'pending' });
      expect((await outbox(agent.id))[0]!.last_error).not.toBeNull();
      await mail.start(mail.port);

      const [email] = (await mail.waitFor(before + 1)).slice(before);
      expect(email!.subject).toBe('You reached Starter!');
      for (let i = 0; i < 100 && (await outbox(agent.id))[0]!.status !== 'sent'; i++) await sleep(50);
      expect((await outbox(agent.id))[0]).toMatchObject({ status: 'sent', last_error: null });
      await sleep(600);
      expect(mail.received.length).toBe(before + 1);
    });

    it('sends nothing twice when the app restarts', async () => {
      const agent = await createAgent(database.db);
      const before = mail.received.length;
      await record(agent.id, '5000.00');
      await mail.waitFor(before + 1);
      for (let i = 0; i < 100 && (await outbox(agent.id))[0]?.status !== 'sent'; i++) await sleep(50);
      await t.close();
      t = await startApp(database, { SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'TierTrack <noreply@tiertrack.test>' });
      await sleep(800);
      expect(mail.received.length).toBe(before + 1);
      expect(await outbox(agent.id)).toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
    });

    it('without SMTP_URL, logs the email instead (without its address or text)', async () => {
      await t.close();
      const lines: string[] = [];
      const config = testConfig({ LOG_LEVEL: 'info' });
      const clock = { now: new Date() };
      const app = await createApp({
        database,
        config,
        webRoot: null,
        demo: false,
        now: () => new Date(),
        notifierPollMs: 200,
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } as never,
      });
      await app.ready();
      t = { engine, app, database, config, clock, request: (req) => app.inject(req), close: () => app.close() };
      const agent = await createAgent(database.db, { firstName: 'Lou', lastName: 'Logged' });
      await t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner.cookie }, payload: { agentId: agent.id, amount: '5000.00' } });
      for (let i = 0; i < 100 && (await outbox(agent.id))[0]?.status !== 'logged'; i++) await sleep(50);
      expect(await outbox(agent.id)).toEqual([{ status: 'logged', attempts: 1, last_error: null }]);
      const [queued] = await queryRows<{ id: number }>(database.db, sql`select id::float8 as id from email_outbox where agent_id = ${agent.id}`);
      const logged = lines.filter((line) => line.includes('SMTP_URL is not set') && line.includes(`"emailId":${queued!.id},`));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('You reached Starter!');
      expect(logged[0]).not.toContain(agent.email);
    });
  });
}
