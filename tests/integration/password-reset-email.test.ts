// Password links by email (docs/product.md §12.9) against a real SMTP server: whoever knows an account's address asks,
// the account's owner gets a one-time link valid 30 minutes, setting the password ends every session; the answer
// never tells whether an account uses the address; requests are counted like sign-ins.
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage } from '../../contract/audit';
import { EMAILED_RESET_LINK_MINUTES, passwordResetRequested, RESET_LINK_INVALID, RESET_REQUESTED_MESSAGE } from '../../contract/password-resets';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { queryRows } from '../../server/db/client';
import { RESET_EMAILS_PER_HOUR } from '../../server/db/operations/request-emailed-resets';
import { createAgent, createUser, FACTORY_PASSWORD, signInAgent, signInUser, signedInUser, uniqueSuffix } from '../factories/accounts';
import { MailServer } from '../support/mail-server';
import { testConfig, type TestApp } from '../support/test-app';
import { openTestDatabase, testEngines } from '../support/test-database';
import { sequenceAll } from '../../server/db/sequencer';

const MINUTE = 60_000;
/** Sign-in limits small enough to reach: 8 requests a minute from one address. */
const LIMITS = { perIp: 8, windowMs: MINUTE, perIpAndAccount: 8, pairWindowMs: MINUTE, accountDelay: { afterFailures: 100, baseMs: 0, maxMs: 0, windowMs: MINUTE } };

/** The link in an email's text: http://tiertrack.test/reset-password#token=… */
function linkIn(mail: ParsedMail): string {
  const link = /(http:\/\/tiertrack\.test\/reset-password#token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  expect(link, mail.text).toBeDefined();
  return link!;
}
const tokenOf = (link: string) => new URL(link).hash.replace('#token=', '');

for (const engine of testEngines()) {
  describe(`password links by email [${engine}]`, () => {
    const mail = new MailServer();
    let database: Database;
    let t: TestApp & { close(): Promise<void> };
    // The app's clock: moved past a link's 30 minutes; emails go out on the real timers meanwhile.
    const clock = { now: new Date() };

    beforeAll(async () => {
      await mail.start();
      database = await openTestDatabase(engine);
      const config = testConfig({ PUBLIC_URL: 'http://tiertrack.test', SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'TierTrack <noreply@tiertrack.test>' });
      const app = await createApp({ database, config, webRoot: null, demo: false, now: () => clock.now, notifierPollMs: 100, signInRateLimits: LIMITS });
      await app.ready();
      t = { engine: database.engine, app, database, config, clock, request: (req) => app.inject(req), close: () => app.close() };
    });
    afterAll(async () => {
      await t?.close();
      await database?.close();
      await mail.stop();
    });

    const ask = (email: string, ip = '10.0.0.1') => t.request({ method: 'POST', url: '/api/password-resets', remoteAddress: ip, payload: { email } });
    const complete = (token: string, newPassword: string) =>
      t.request({ method: 'POST', url: '/api/password-resets/complete', remoteAddress: '10.0.9.9', payload: { token, newPassword } });
    const mailTo = async (address: string, count = 1) => {
      for (let i = 0; i < 400 && mail.received.filter((m) => (m.to as { text: string }).text === address).length < count; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const to = mail.received.filter((m) => (m.to as { text: string }).text === address);
      expect(to.length).toBeGreaterThanOrEqual(count);
      return to;
    };

    it('emails an agent a one-time link valid 30 minutes; setting the password with it ends every session', async () => {
      clock.now = new Date();
      const agent = await createAgent(database.db);
      const session = (await signInAgent(database.db, agent, clock.now)).cookie;
      const res = await ask(agent.email.toUpperCase());
      expect(res.statusCode, res.body).toBe(202);
      expect(passwordResetRequested.parse(res.json())).toEqual({ message: RESET_REQUESTED_MESSAGE });

      const [email] = await mailTo(agent.email);
      expect(email!.subject).toBe('Set a new TierTrack password');
      expect(email!.from?.value).toEqual([{ name: 'TierTrack', address: 'noreply@tiertrack.test' }]);
      expect(email!.text).toContain('Someone asked to set a new password for your TierTrack agent account.');
      expect(email!.text).toContain(`within ${EMAILED_RESET_LINK_MINUTES} minutes`);
      expect(email!.html).toContain('Set a new password</a>');
      // Transactional: no unsubscribe header; a Message-ID of MAIL_FROM's domain.
      expect(email!.headers.has('list-unsubscribe')).toBe(false);
      expect(email!.messageId).toMatch(/^<tiertrack-email-\d+@tiertrack\.test>$/);
      const link = linkIn(email!);

      // Once sent, the stored email no longer holds the link.
      const stored = async () =>
        queryRows<{ status: string; text_body: string; html_body: string }>(
          database.db,
          sql`select status, text_body, html_body from email_outbox where agent_id = ${agent.id} and kind = 'password_reset'`,
        );
      for (let i = 0; i < 100 && (await stored())[0]?.status !== 'sent'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const [row] = await stored();
      expect(row!.status).toBe('sent');
      expect(row!.text_body).not.toContain(tokenOf(link));
      expect(row!.html_body).not.toContain(tokenOf(link));

      expect((await complete(tokenOf(link), 'a fresh agent password')).statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: '/api/agents/me', headers: { cookie: session } })).statusCode).toBe(401);
      const signIn = (password: string) => t.request({ method: 'POST', url: '/api/agents/login', remoteAddress: '10.0.8.8', payload: { email: agent.email, password } });
      expect((await signIn('a fresh agent password')).statusCode).toBe(200);
      expect((await signIn(FACTORY_PASSWORD)).statusCode).toBe(401);
      const again = await complete(tokenOf(link), 'yet another password');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ message: RESET_LINK_INVALID });
    });

    it('writes the email in the account’s own language (docs/product.md §12.22)', async () => {
      clock.now = new Date();
      const agent = await createAgent(database.db);
      await database.db.execute(sql`update agents set language = 'de' where id = ${agent.id}`);
      expect((await ask(agent.email)).statusCode).toBe(202);
      const [email] = await mailTo(agent.email);
      expect(email!.subject).toBe('Neues TierTrack-Passwort festlegen');
      expect(email!.text).toContain(`Jemand hat ein neues Passwort für Ihr TierTrack-Vertriebskonto angefordert. Öffnen Sie diesen Link innerhalb von ${EMAILED_RESET_LINK_MINUTES} Minuten`);
      expect(email!.html).toContain('<html lang="de">');
      expect(email!.html).toContain('Neues Passwort festlegen</a>');
      linkIn(email!);
    });

    it('emails owners and managers too; a link is dead after 30 minutes, and a newer one ends the older', async () => {
      clock.now = new Date();
      const manager = await createUser(database.db, { role: 'manager' });
      const session = (await signInUser(database.db, manager, clock.now)).cookie;
      expect((await ask(manager.email)).statusCode).toBe(202);
      const [first] = await mailTo(manager.email);
      expect(first!.text).toContain('your TierTrack owner or manager account');
      clock.now = new Date(clock.now.getTime() + (EMAILED_RESET_LINK_MINUTES + 1) * MINUTE);
      const late = await complete(tokenOf(linkIn(first!)), 'a manager password');
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ message: RESET_LINK_INVALID });
      expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(200);

      expect((await ask(manager.email)).statusCode).toBe(202);
      expect((await ask(manager.email)).statusCode).toBe(202);
      const [, second, third] = await mailTo(manager.email, 3);
      expect((await complete(tokenOf(linkIn(second!)), 'a manager password')).statusCode).toBe(400);
      expect((await complete(tokenOf(linkIn(third!)), 'a manager password')).statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(401);
    });

    // Issue 30: whoever knows an address could end the link the owner handed a new hire by asking for one by email
    // (on an install without SMTP nobody even gets the emailed one). A request by address ends emailed links only.
    it('never ends a link the owner made or an import made: a request by address replaces earlier emailed links only', async () => {
      clock.now = new Date();
      const owner = await signedInUser(t, 'owner');
      const agent = await createAgent(database.db);
      const manager = await createUser(database.db, { role: 'manager' });
      const ownerMade = async (path: string) => {
        const made = await t.request({ method: 'POST', url: path, headers: { cookie: owner.cookie } });
        expect(made.statusCode, made.body).toBe(201);
        return tokenOf(made.json<{ url: string }>().url);
      };
      const forAgent = await ownerMade(`/api/agents/${agent.id}/reset-link`);
      const forManager = await ownerMade(`/api/users/${manager.id}/reset-link`);
      const hire = `new.hire.${uniqueSuffix()}@example.test`;
      const imported = await t.request({
        method: 'POST',
        url: '/api/imports/agents',
        headers: { cookie: owner.cookie, 'content-type': 'text/csv' },
        payload: `Name,Email\r\nNew Hire,${hire}\r\n`,
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const forHire = tokenOf(imported.json<{ links: { url: string }[] }>().links[0]!.url);

      // A stranger asks for each address, twice (the second emailed link replaces the first: tested above).
      for (const [address, ip] of [
        [agent.email, '10.0.6.1'],
        [manager.email, '10.0.6.2'],
        [hire, '10.0.6.3'],
      ] as const) {
        expect((await ask(address, ip)).statusCode).toBe(202);
        expect((await ask(address, ip)).statusCode).toBe(202);
      }
      expect((await complete(forAgent, 'the agent sets this one')).statusCode).toBe(204);
      expect((await complete(forManager, 'the manager sets this one')).statusCode).toBe(204);
      expect((await complete(forHire, 'the new hire sets this one')).statusCode).toBe(204);
      // Setting the password ends every other link, the emailed ones included.
      for (const emailed of await mailTo(hire, 2)) expect((await complete(tokenOf(linkIn(emailed)), 'too late for this one')).statusCode).toBe(400);
    });

    it('answers an unknown address exactly as a known one, and emails and stores nothing for it', async () => {
      clock.now = new Date();
      const count = async () => (await queryRows<{ n: number }>(database.db, sql`select (select count(*) from password_resets) + (select count(*) from email_outbox) as n`))[0]!.n;
      const before = await count();
      await sequenceAll(database.db);
      const auditBefore = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from audit_log`))[0]!.n;
      const unknown = await ask(`nobody-${uniqueSuffix()}@example.test`, '10.0.0.2');
      const agent = await createAgent(database.db);
      const known = await ask(agent.email, '10.0.0.2');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(Number(await count())).toBe(Number(before) + 2); // the known address's link and email only
      await sequenceAll(database.db);
      const audited = (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from audit_log`))[0]!.n;
      expect(audited).toBe(auditBefore + 1);
    });

    it('is audited as the system acting for the address, with the client address, never the link', async () => {
      clock.now = new Date();
      const owner = await signedInUser(t, 'owner');
      const agent = await createAgent(database.db);
      expect((await ask(agent.email, '10.0.0.3')).statusCode).toBe(202);
      const [email] = await mailTo(agent.email);
      const page = auditPage.parse((await t.request({ method: 'GET', url: '/api/audit?action=password.reset_requested', headers: { cookie: owner.cookie } })).json());
      const row = page.rows.find((r) => r.targetType === 'agent' && r.targetId === String(agent.id));
      expect(row).toMatchObject({ actor: { kind: 'system', id: null }, ip: '10.0.0.3' });
      expect(JSON.stringify(page.rows)).not.toContain(tokenOf(linkIn(email!)));
    });

    it(`sends one account at most ${RESET_EMAILS_PER_HOUR} links an hour, answering the same`, async () => {
      clock.now = new Date();
      const agent = await createAgent(database.db);
      for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i++) expect((await ask(agent.email, `10.0.1.${i}`)).statusCode).toBe(202);
      const queued = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from email_outbox where agent_id = ${agent.id} and kind = 'password_reset'`);
      expect(queued[0]!.n).toBe(RESET_EMAILS_PER_HOUR);
      clock.now = new Date(clock.now.getTime() + 61 * MINUTE);
      expect((await ask(agent.email, '10.0.1.99')).statusCode).toBe(202);
      const later = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from email_outbox where agent_id = ${agent.id} and kind = 'password_reset'`);
      expect(later[0]!.n).toBe(RESET_EMAILS_PER_HOUR + 1);
    });

    it('counts requests made at the same moment against one another', async () => {
      clock.now = new Date();
      const agent = await createAgent(database.db);
      const answers = await Promise.all(Array.from({ length: RESET_EMAILS_PER_HOUR + 3 }, (_, i) => ask(agent.email, `10.0.4.${i}`)));
      expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 202));
      const queued = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from email_outbox where agent_id = ${agent.id} and kind = 'password_reset'`);
      expect(queued[0]!.n).toBe(RESET_EMAILS_PER_HOUR);
    });

    it('refuses bad input with 400 and counts requests from one address like sign-ins (429 past the limit)', async () => {
      clock.now = new Date();
      for (const payload of [{}, { email: 'not an email' }, { email: 'a@b.test', extra: 1 }, { email: 42 }]) {
        const res = await t.request({ method: 'POST', url: '/api/password-resets', remoteAddress: '10.0.2.1', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      let last = 0;
      for (let i = 0; i < LIMITS.perIp + 1 && last !== 429; i++) last = (await ask(`flood-${i}@example.test`, '10.0.3.1')).statusCode;
      expect(last).toBe(429);
      // Another address is not held up.
      expect((await ask('someone@example.test', '10.0.3.2')).statusCode).toBe(202);
    });
  });
}
