// Organisation settings (docs/product.md §12.16; docs/decisions/0029-organisation-settings.md): the name,
// currency and locale everyone signed in reads and the owner changes; the public part on GET /api/app-info and in the
// pages the server sends; CSV exports (docs/decisions/0067) and emails (docs/decisions/0068) in the organisation's
// currency.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInfo } from '../../contract/auth';
import { CURRENCY_MESSAGE, LOCALE_MESSAGE, organisationSettings } from '../../contract/settings';
import { createApp } from '../../server/app';
import { queryRows, type Database } from '../../server/db/client';
import { ORG_SETTINGS_META } from '../../server/http/page-html';
import { addIncome } from '../factories/rewards';
import { createAgent, FACTORY_PASSWORD, signInAgent, signedInAgent, signedInUser } from '../factories/accounts';
import { MailServer } from '../support/mail-server';
import { describeEachEngine, testConfig, type TestApp } from '../support/test-app';
import { openTestDatabase, testEngines } from '../support/test-database';
import { sequenceAll } from '../../server/db/sequencer';

const NOW = new Date('2026-11-26T09:00:00Z');
const MINUTE = 60 * 1000;

/** Everything a refused change must leave as it was: the settings row, the audit trail and the events. */
async function fingerprint(t: TestApp) {
  await sequenceAll(t.database.db);
  return queryRows(
    t.database.db,
    sql`select (select count(*)::int from organisation_settings) as rows,
      (select coalesce(max(id), 0)::float8 from audit_log) as audit, (select coalesce(max(id), 0)::float8 from events) as events,
      (select row_to_json(s)::text from organisation_settings s) as settings`,
  );
}

describeEachEngine('organisation settings: GET and PATCH /api/settings', (get) => {
  const read = (t: TestApp, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: '/api/settings', headers });
  const patch = (t: TestApp, cookie: string | undefined, payload: Record<string, unknown>) =>
    t.request({ method: 'PATCH', url: '/api/settings', headers: cookie ? { cookie } : {}, payload });

  it('answers the defaults (TierTrack, USD, en-US) to everyone signed in before the owner saves any; 401 to nobody', async () => {
    const t = get();
    t.clock.now = NOW;
    const defaults = { orgName: 'TierTrack', currency: 'USD', locale: 'en-US', requireManagerTwoFactor: false, managersRecord: false, workingDays: [1, 2, 3, 4, 5], holidays: [], workStartMinute: 540, workEndMinute: 1080, updatedAt: null };
    for (const role of ['owner', 'manager'] as const) {
      const res = await read(t, { cookie: (await signedInUser(t, role)).cookie });
      expect(res.statusCode, role).toBe(200);
      expect(organisationSettings.parse(res.json())).toEqual(defaults);
    }
    const agent = await read(t, { cookie: (await signedInAgent(t)).cookie });
    expect(agent.statusCode).toBe(200);
    expect(agent.json()).toEqual(defaults);
    const anonymous = await read(t);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const info = appInfo.parse((await t.request({ method: 'GET', url: '/api/app-info' })).json());
    expect(info.organisation).toEqual({ orgName: 'TierTrack', currency: 'USD', locale: 'en-US' });
  });

  it('lets only the owner change them: managers and agents 403, nobody 401, and nothing changes', async () => {
    const t = get();
    t.clock.now = NOW;
    const manager = await signedInUser(t, 'manager');
    const agent = await signedInAgent(t);
    const before = await fingerprint(t);
    expect((await patch(t, manager.cookie, { currency: 'EUR' })).statusCode).toBe(403);
    expect((await patch(t, agent.cookie, { currency: 'EUR' })).statusCode).toBe(403);
    expect((await patch(t, undefined, { currency: 'EUR' })).statusCode).toBe(401);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('refuses an unknown currency or locale with a 400 naming the field, and changes nothing', async () => {
    const t = get();
    t.clock.now = NOW;
    const owner = await signedInUser(t, 'owner');
    const before = await fingerprint(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ currency: 'ABC' }, 'currency', CURRENCY_MESSAGE],
      [{ currency: 'EURO' }, 'currency', CURRENCY_MESSAGE],
      [{ currency: 'XXX' }, 'currency', CURRENCY_MESSAGE],
      [{ currency: 12 }, 'currency', CURRENCY_MESSAGE],
      [{ locale: 'xx-YY' }, 'locale', LOCALE_MESSAGE],
      [{ locale: 'not a locale' }, 'locale', LOCALE_MESSAGE],
      [{ locale: '' }, 'locale', LOCALE_MESSAGE],
      [{ locale: `en-${'a'.repeat(80)}` }, 'locale', LOCALE_MESSAGE],
      [{ orgName: '   ' }, 'orgName', 'Organisation name is required'],
      [{ orgName: 'x'.repeat(81) }, 'orgName', 'Must be at most 80 characters'],
      [{ orgName: 'Bad\u0000Name' }, 'orgName', 'Organisation name must not contain NUL characters'],
      // A valid field does not carry a bad one through.
      [{ orgName: 'Fine', currency: 'ZZZ' }, 'currency', CURRENCY_MESSAGE],
      [{ requireManagerTwoFactor: 'yes' }, 'requireManagerTwoFactor', 'requireManagerTwoFactor must be true or false'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await patch(t, owner.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([{ path: field, message }]) });
      expect(res.json().message).toContain(message);
    }
    for (const payload of [{}, { colour: 'red' }]) {
      const res = await patch(t, owner.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('saves any subset for the owner, canonical, with an audit row and a settings.changed event; app-info shows the name', async () => {
    const t = get();
    t.clock.now = NOW;
    const owner = await signedInUser(t, 'owner');
    await sequenceAll(t.database.db);
    const events = await queryRows<{ id: number }>(t.database.db, sql`select coalesce(max(id), 0)::float8 as id from events`);

    const first = await patch(t, owner.cookie, { orgName: '  Acme   Vertrieb ', currency: 'eur', locale: 'de-de' });
    expect(first.statusCode, first.body).toBe(200);
    expect(organisationSettings.parse(first.json())).toEqual({
      orgName: 'Acme Vertrieb',
      currency: 'EUR',
      locale: 'de-DE',
      requireManagerTwoFactor: false,
      managersRecord: false,
      workingDays: [1, 2, 3, 4, 5],
      holidays: [],
      workStartMinute: 540,
      workEndMinute: 1080,
      updatedAt: NOW.toISOString(),
    });
    // A subset keeps the rest.
    t.clock.now = new Date(NOW.getTime() + MINUTE);
    const second = await patch(t, owner.cookie, { locale: 'en-IE' });
    expect(second.json()).toMatchObject({ orgName: 'Acme Vertrieb', currency: 'EUR', locale: 'en-IE', updatedAt: t.clock.now.toISOString() });

    const agent = await signedInAgent(t);
    expect((await read(t, { cookie: agent.cookie })).json()).toMatchObject({ orgName: 'Acme Vertrieb', currency: 'EUR', locale: 'en-IE' });
    const info = appInfo.parse((await t.request({ method: 'GET', url: '/api/app-info' })).json());
    expect(info.organisation).toEqual({ orgName: 'Acme Vertrieb', currency: 'EUR', locale: 'en-IE' });
    expect(JSON.stringify(info)).not.toContain('requireManagerTwoFactor');

    await sequenceAll(t.database.db);
    const audit = await queryRows<{ action: string; actor_id: number; target_type: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, actor_id, target_type, before, after from audit_log where action = 'settings.updated' order by id`,
    );
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(audit.map((row) => ({ ...row, before: json(row.before), after: json(row.after) }))).toEqual([
      {
        action: 'settings.updated',
        actor_id: owner.id,
        target_type: 'settings',
        before: { orgName: 'TierTrack', currency: 'USD', locale: 'en-US' },
        after: { orgName: 'Acme Vertrieb', currency: 'EUR', locale: 'de-DE' },
      },
      { action: 'settings.updated', actor_id: owner.id, target_type: 'settings', before: { locale: 'de-DE' }, after: { locale: 'en-IE' } },
    ]);
    const appended = await queryRows<{ type: string; agent_id: number | null; public_data: unknown }>(
      t.database.db,
      sql`select type, agent_id, public_data from events where id > ${events[0]!.id} and type = 'settings.changed' order by id`,
    );
    expect(appended.map((row) => ({ ...row, public_data: json(row.public_data) }))).toEqual([
      { type: 'settings.changed', agent_id: null, public_data: { orgName: 'Acme Vertrieb', currency: 'EUR', locale: 'de-DE' } },
      { type: 'settings.changed', agent_id: null, public_data: { orgName: 'Acme Vertrieb', currency: 'EUR', locale: 'en-IE' } },
    ]);
  });

  it('asks for the owner’s password entered in the last 10 minutes before switching the managers’ second factor', async () => {
    const t = get();
    t.clock.now = NOW;
    const owner = await signedInUser(t, 'owner');
    t.clock.now = new Date(NOW.getTime() + 11 * MINUTE);
    const before = await fingerprint(t);
    const stale = await patch(t, owner.cookie, { requireManagerTwoFactor: true });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    expect(await fingerprint(t)).toEqual(before);
    // Other fields need no password.
    expect((await patch(t, owner.cookie, { orgName: 'Acme Sales' })).statusCode).toBe(200);

    const confirmed = await t.request({ method: 'POST', url: '/api/auth/confirm-password', headers: { cookie: owner.cookie }, payload: { password: FACTORY_PASSWORD } });
    expect(confirmed.statusCode).toBe(204);
    const on = await patch(t, owner.cookie, { requireManagerTwoFactor: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ requireManagerTwoFactor: true, orgName: 'Acme Sales' });
    expect((await read(t, { cookie: owner.cookie })).json()).toMatchObject({ requireManagerTwoFactor: true });
    // Switching it off again is as sensitive.
    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    expect((await patch(t, owner.cookie, { requireManagerTwoFactor: false })).statusCode).toBe(403);
    // Sending the value it already has changes nothing sensitive.
    expect((await patch(t, owner.cookie, { requireManagerTwoFactor: true, orgName: 'Acme Vertrieb' })).statusCode).toBe(200);
  });

  it('names the currency in the income-entry and agent exports, amounts staying plain decimals and dates ISO 8601', async () => {
    const t = get();
    t.clock.now = NOW;
    const owner = await signedInUser(t, 'owner');
    expect((await patch(t, owner.cookie, { currency: 'EUR', locale: 'de-DE' })).statusCode).toBe(200);
    const agent = await createAgent(t.database.db, { firstName: 'Euro', lastName: 'Export' });
    await addIncome(t.database.db, agent, '1234.50', { now: NOW, date: new Date('2026-11-20T10:00:00Z') });

    const entries = await t.request({ method: 'GET', url: `/api/exports/income-entries.csv?agentId=${agent.id}`, headers: { cookie: owner.cookie } });
    expect(entries.statusCode).toBe(200);
    const rows = parse(entries.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toEqual([expect.objectContaining({ amount: '1234.50', date: '2026-11-20T10:00:00.000Z', currency: 'EUR' })]);

    const agents = await t.request({ method: 'GET', url: '/api/exports/agents.csv', headers: { cookie: owner.cookie } });
    const agentRows = parse(agents.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(agentRows.find((row) => row.id === String(agent.id))).toMatchObject({ totalIncome: '1234.50', currency: 'EUR' });
  });

  it('keeps the working calendar goals pace by: weekdays and holidays, sorted, checked, and kept by other changes', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const saved = await patch(t, owner.cookie, { workingDays: [6, 1, 2, 3, 4], holidays: ['2026-12-25', '2026-12-24'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ workingDays: [1, 2, 3, 4, 6], holidays: ['2026-12-24', '2026-12-25'] });
    const renamed = await patch(t, owner.cookie, { orgName: 'Calendar Org' });
    expect(renamed.json()).toMatchObject({ workingDays: [1, 2, 3, 4, 6], holidays: ['2026-12-24', '2026-12-25'] });
    // Everyone signed in reads it (an agent's goals pace by it too).
    const agent = await signedInAgent(t);
    expect((await read(t, { cookie: agent.cookie })).json()).toMatchObject({ workingDays: [1, 2, 3, 4, 6], holidays: ['2026-12-24', '2026-12-25'] });
    for (const [payload, message] of [
      [{ workingDays: [] }, 'At least one working day is needed'],
      [{ workingDays: [0] }, 'workingDays must be ISO weekdays: 1 (Monday) to 7 (Sunday)'],
      [{ workingDays: [8] }, 'workingDays must be ISO weekdays: 1 (Monday) to 7 (Sunday)'],
      [{ workingDays: [1, 1] }, 'workingDays must not repeat a day'],
      [{ workingDays: 'Mon' }, 'workingDays must be ISO weekdays: 1 (Monday) to 7 (Sunday)'],
      [{ holidays: ['2026-02-30'] }, 'holidays must be a date that exists, such as 2026-11-01'],
      [{ holidays: ['2026-12-25', '2026-12-25'] }, 'holidays must not repeat a date'],
      [{ holidays: Array.from({ length: 201 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10)) }, 'At most 200 holidays'],
    ] as const) {
      const res = await patch(t, owner.cookie, payload as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toContain(message);
    }
    expect((await read(t, { cookie: agent.cookie })).json()).toMatchObject({ workingDays: [1, 2, 3, 4, 6], holidays: ['2026-12-24', '2026-12-25'] });
  });
});

for (const engine of testEngines()) {
  describe(`organisation settings in emails and pages [${engine}]`, () => {
    const mail = new MailServer();
    const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-settings-pages-'));
    let database: Database;
    let app: Awaited<ReturnType<typeof createApp>>;

    beforeAll(async () => {
      await mail.start();
      writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="en"><head><title>index</title></head><body><div id="root"></div></body></html>');
      database = await openTestDatabase(engine);
      const config = testConfig({ PUBLIC_URL: 'http://tiertrack.test', SMTP_URL: `smtp://127.0.0.1:${mail.port}`, MAIL_FROM: 'TierTrack <noreply@tiertrack.test>' });
      app = await createApp({ database, config, webRoot: root, demo: false, notifierPollMs: 200 });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await mail.stop();
      rmSync(root, { recursive: true, force: true });
    });

    const t = (): Pick<TestApp, 'database' | 'clock'> => ({ database, clock: { now: new Date() } });
    const metaOf = (html: string) => {
      const content = new RegExp(`<meta name="${ORG_SETTINGS_META}" content="([^"]*)"`).exec(html)?.[1];
      return content === undefined ? undefined : JSON.parse(content.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    };

    it('writes the settings into the pages it serves, and the new ones at once after a change', async () => {
      const page = await app.inject({ method: 'GET', url: '/agents' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(metaOf(page.body)).toEqual({ orgName: 'TierTrack', currency: 'USD', locale: 'en-US' });
      // Revalidation: the same page answers 304 while the settings stay.
      const again = await app.inject({ method: 'GET', url: '/agents', headers: { 'if-none-match': String(page.headers.etag) } });
      expect(again.statusCode).toBe(304);

      const owner = await signedInUser(t(), 'owner');
      const saved = await app.inject({ method: 'PATCH', url: '/api/settings', headers: { cookie: owner.cookie }, payload: { orgName: 'Acme <Vertrieb> & "Co"', currency: 'EUR', locale: 'de-DE' } });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
      expect(metaOf(after.body)).toEqual({ orgName: 'Acme <Vertrieb> & "Co"', currency: 'EUR', locale: 'de-DE' });
      expect(after.body).not.toContain('<Vertrieb>');
      expect((await app.inject({ method: 'GET', url: '/agents', headers: { 'if-none-match': String(page.headers.etag) } })).statusCode).toBe(200);
    });

    it('emails in the organisation’s language (or the agent’s own), currency and locale, and names the organisation', async () => {
      const owner = await signedInUser(t(), 'owner');
      expect((await app.inject({ method: 'PATCH', url: '/api/settings', headers: { cookie: owner.cookie }, payload: { orgName: 'Acme Vertrieb', currency: 'EUR', locale: 'de-DE' } })).statusCode).toBe(200);
      const agent = await createAgent(database.db, { firstName: 'Eva', lastName: 'Euro' });
      await signInAgent(database.db, agent);
      const before = mail.received.length;
      const recorded = await app.inject({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner.cookie }, payload: { agentId: agent.id, amount: '5000.00' } });
      expect(recorded.statusCode).toBe(201);
      // With no language of their own, the agent reads the organisation's (issue 38): German words, euros as in Germany.
      const [email] = (await mail.waitFor(before + 1)).slice(before);
      expect(email!.subject).toBe('Sie haben Starter erreicht!');
      expect(email!.text).toContain('Die Stufe Starter beginnt bei 5.000\u00a0€.');
      expect(email!.text).toContain('Acme Vertrieb auf TierTrack öffnen: http://tiertrack.test');
      expect(email!.html).toContain('<p>Die Stufe Starter beginnt bei 5.000\u00a0€.</p>');

      // An agent who chose English reads English, with the organisation's currency and region.
      const english = await createAgent(database.db, { firstName: 'Ed', lastName: 'English' });
      await database.db.execute(sql`update agents set language = 'en' where id = ${english.id}`);
      await signInAgent(database.db, english);
      const recordedInEnglish = await app.inject({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner.cookie }, payload: { agentId: english.id, amount: '5000.00' } });
      expect(recordedInEnglish.statusCode).toBe(201);
      const [inEnglish] = (await mail.waitFor(before + 2)).slice(before + 1);
      expect(inEnglish!.subject).toBe('You reached Starter!');
      expect(inEnglish!.text).toContain('The Starter tier starts at €5,000.');
      expect(inEnglish!.text).toContain('Open Acme Vertrieb on TierTrack: http://tiertrack.test');
    });
});
}
