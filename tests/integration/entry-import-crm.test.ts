// Entry imports of CRM deal exports (docs/decisions/0080-crm-import-files.md): HubSpot, Salesforce and Pipedrive
// headers read as our columns, the owner matched by email or name, the deal id kept as externalId (a second import
// writes nothing twice), dates guessed from the file or the organisation's locale, and the valid-rows mode that writes
// the rows without errors and audits how many it left out.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { importReport } from '../../contract/imports';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { databaseFingerprint } from '../support/fingerprint';
import { describeEachEngine } from '../support/test-app';

const NOW = new Date('2026-11-20T12:00:00Z');
const TIME_ZONE = 'UTC';

/** A CRM export of tests/fixtures/crm with its owners' names and emails filled in. */
function crmFile(name: string, owners: { name: string; email: string }[]): string {
  let text = readFileSync(new URL(`../fixtures/crm/${name}`, import.meta.url), 'utf8');
  owners.forEach((owner, index) => {
    text = text.replaceAll(`{{owner${index + 1}Email}}`, owner.email).replaceAll(`{{owner${index + 1}}}`, owner.name);
  });
  return text;
}

describeEachEngine(
  'income entry import of CRM exports',
  (get) => {
    const send = (cookie: string, file: string, query = '') =>
      get().request({ method: 'POST', url: `/api/imports/income-entries${query.replaceAll(' ', '%20')}`, headers: { 'content-type': 'text/csv', cookie }, payload: file });
    const owner = async () => (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
    const entriesOf = (agentId: number) =>
      queryRows<{ amount: string; day: string; description: string | null; external_id: string | null }>(
        get().database.db,
        sql`select amount::text as amount, to_char(date at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as day, description, external_id
          from income_entries where agent_id = ${agentId} order by id`,
      );
    const twoOwners = async () => {
      const db = get().database.db;
      return [await createAgent(db, { firstName: 'Elena' }), await createAgent(db, { firstName: 'Marcus' })];
    };

    it('reads a HubSpot deals export: owner by name, Record ID as externalId, a day with a time read as that day; twice writes once', async () => {
      const cookie = await owner();
      const [elena, marcus] = await twoOwners();
      // HubSpot writes the owner's name, in any case and spacing.
      const file = crmFile('hubspot-deals.csv', [{ name: ` ${elena!.name.toUpperCase()} `, email: '' }, { name: marcus!.name, email: '' }]);
      const ignore = '&ignore=Deal Stage&ignore=Pipeline&ignore=Create Date';
      const dry = await send(cookie, file, `?dryRun=1${ignore}`);
      expect(dry.statusCode, dry.body).toBe(200);
      const report = importReport.parse(dry.json());
      expect(report).toMatchObject({ rows: 3, valid: 3, errorCount: 0, invalidRows: [], dates: { format: 'YYYY-MM-DD', how: 'iso' } });
      expect(report.columns).toEqual([
        { name: 'Record ID', readAs: 'externalId' },
        { name: 'Deal Name', readAs: 'description' },
        { name: 'Deal Stage', readAs: null },
        { name: 'Close Date', readAs: 'date' },
        { name: 'Deal owner', readAs: 'agentName' },
        { name: 'Amount', readAs: 'amount' },
        { name: 'Pipeline', readAs: null },
        { name: 'Create Date', readAs: null },
      ]);

      const res = await send(cookie, file, `?x=1${ignore}`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ created: 3 });
      expect(await entriesOf(elena!.id)).toEqual([
        { amount: '4500.00', day: '2026-11-03 00:00', description: 'Acme renewal', external_id: '18442376412' },
        { amount: '980.00', day: '2026-11-10 00:00', description: 'Initech upgrade', external_id: '18442376414' },
      ]);
      expect(await entriesOf(marcus!.id)).toEqual([{ amount: '1250.50', day: '2026-11-05 00:00', description: 'Globex, new seats', external_id: '18442376413' }]);

      // The same export again: every deal is there already.
      const before = await databaseFingerprint(get().database.db);
      const again = await send(cookie, file, `?x=1${ignore}`);
      expect(again.json()).toMatchObject({ rows: 3, duplicates: 3, created: 0 });
      expect(await databaseFingerprint(get().database.db)).toEqual(before);
    });

    it('reads a Salesforce opportunity report: the owner email wins over the name, US days guessed from 11/13/2026', async () => {
      const cookie = await owner();
      const [elena, marcus] = await twoOwners();
      // The owner names are Salesforce's, not ours: with an email beside them they are not checked.
      const file = crmFile('salesforce-opportunities.csv', [
        { name: 'Elena P. (Salesforce)', email: elena!.email },
        { name: 'Marcus', email: marcus!.email.toUpperCase() },
      ]);
      const res = await send(cookie, file, '?ignore=Account Name&ignore=Stage');
      expect(res.statusCode, res.body).toBe(201);
      const report = importReport.parse(res.json());
      expect(report.created).toBe(3);
      expect(report.dates).toEqual({ format: 'MM/DD/YYYY', how: 'file', note: 'Dates are read month first (MM/DD/YYYY): row 3 has 11/13/2026.' });
      expect(report.columns?.map((column) => column.readAs)).toEqual(['agentName', 'agentEmail', null, 'description', null, 'date', 'amount', 'externalId']);
      expect(await entriesOf(elena!.id)).toEqual([
        { amount: '4500.00', day: '2026-11-03 00:00', description: 'Acme - Enterprise renewal', external_id: '0065g00000AbCdEAAZ' },
        { amount: '980.00', day: '2026-11-05 00:00', description: 'Initech - Upgrade', external_id: '0065g00000AbCdGAAZ' },
      ]);
      expect(await entriesOf(marcus!.id)).toEqual([{ amount: '1250.50', day: '2026-11-13 00:00', description: 'Globex - 20 seats', external_id: '0065g00000AbCdFAAZ' }]);
    });

    it('reads a Pipedrive deals export once one of its two date columns is left out, and names both when neither is', async () => {
      const cookie = await owner();
      const [elena, marcus] = await twoOwners();
      const file = crmFile('pipedrive-deals.csv', [elena!, marcus!]);
      const both = await send(cookie, file, '?dryRun=1&ignore=Deal - Currency&ignore=Deal - Status');
      expect(both.statusCode).toBe(400);
      expect(both.json().message).toBe('Columns 7 ("Deal - Won time") and 8 ("Deal - Expected close date") are both read as date: leave one out (?ignore=)');
      const res = await send(cookie, file, '?ignore=Deal - Currency&ignore=Deal - Status&ignore=Deal - Expected close date');
      expect(res.statusCode, res.body).toBe(201);
      expect(await entriesOf(elena!.id)).toEqual([
        { amount: '4500.00', day: '2026-11-03 00:00', description: 'Acme deal', external_id: '101' },
        { amount: '980.00', day: '2026-11-10 00:00', description: 'Initech deal', external_id: '103' },
      ]);
      expect(await entriesOf(marcus!.id)).toHaveLength(1);
    });

    it('tells an unknown or ambiguous owner name, row by row', async () => {
      const cookie = await owner();
      const db = get().database.db;
      const first = await createAgent(db, { firstName: 'Sam', lastName: 'Twin' });
      await createAgent(db, { firstName: 'Sam', lastName: 'Twin' });
      const file = ['Deal Owner,Amount,Close Date', 'Sam Twin,10,2026-11-02', 'Nobody Here,10,2026-11-02', `Sam Twin (${first.email}),10,2026-11-02`, ',10,2026-11-02'].join('\n');
      const report = importReport.parse((await send(cookie, file, '?dryRun=1')).json());
      expect(report.errors).toEqual([
        { row: 2, column: 'Deal Owner', message: '2 agents are named "Sam Twin": add a column with their emails to tell them apart' },
        { row: 3, column: 'Deal Owner', message: 'No agent is named "Nobody Here"' },
        { row: 5, column: 'Deal Owner', message: 'Whose entry this is is missing: give an agent' },
      ]);
      expect(report).toMatchObject({ valid: 1, invalidRows: [2, 3, 5] });
    });

    it("guesses ambiguous days from the organisation's locale and says so; rows against the file's order are errors", async () => {
      const cookie = await owner();
      const db = get().database.db;
      const agent = await createAgent(db);
      const file = ['agentEmail,amount,date', `${agent.email},10,01/02/2026`, `${agent.email},10,03/11/2026`].join('\n');
      const us = importReport.parse((await send(cookie, file, '?dryRun=1')).json());
      expect(us.dates).toMatchObject({ format: 'MM/DD/YYYY', how: 'locale' });
      expect(us.dates?.note).toContain("as the organisation's locale (en-US) writes them");

      const changed = await get().request({ method: 'PATCH', url: '/api/settings', headers: { cookie }, payload: { locale: 'en-GB' } });
      expect(changed.statusCode, changed.body).toBe(200);
      try {
        const res = await send(cookie, file);
        expect(res.statusCode, res.body).toBe(201);
        expect(importReport.parse(res.json()).dates).toMatchObject({ format: 'DD/MM/YYYY', how: 'locale' });
        expect((await entriesOf(agent.id)).map((entry) => entry.day)).toEqual(['2026-02-01 00:00', '2026-11-03 00:00']);
      } finally {
        await get().request({ method: 'PATCH', url: '/api/settings', headers: { cookie }, payload: { locale: 'en-US' } });
      }

      const mixed = ['agentEmail,amount,date', `${agent.email},10,11/13/2026`, `${agent.email},10,11/14/2026`, `${agent.email},10,13/11/2026`].join('\n');
      const report = importReport.parse((await send(cookie, mixed, '?dryRun=1')).json());
      expect(report.dates?.how).toBe('file');
      expect(report.errors).toEqual([
        {
          row: 4,
          column: 'date',
          message: 'Date "13/11/2026" can only be day first, but this file\'s dates are read month first (row 2 has 11/13/2026): write every date the same way',
        },
      ]);
    });

    it('imports the valid rows on request, leaves out and counts the others, and audits how many; all or nothing stays the default', async () => {
      const cookie = await owner();
      const db = get().database.db;
      const agent = await createAgent(db);
      const file = [
        'agentEmail,amount,date,externalId',
        `${agent.email},100.00,2026-11-02,PART-1`,
        `nobody@example.test,5.00,2026-11-02,PART-2`,
        `${agent.email},12.345,2026-11-03,PART-3`,
        `${agent.email},200.00,2026-11-04,PART-4`,
      ].join('\n');
      const before = await databaseFingerprint(db);
      const all = await send(cookie, file);
      expect(all.statusCode).toBe(422);
      expect(all.json()).toMatchObject({ code: 'IMPORT_REJECTED', mode: 'all', errorCount: 2, invalidRows: [3, 4], skipped: 0 });
      expect(await databaseFingerprint(db)).toEqual(before);

      const dry = importReport.parse((await send(cookie, file, '?dryRun=1&mode=valid-rows')).json());
      expect(dry).toMatchObject({ valid: 2, errorCount: 2, invalidRows: [3, 4], created: 0, skipped: 0 });
      expect(await databaseFingerprint(db)).toEqual(before);

      const res = await send(cookie, file, '?mode=valid-rows');
      expect(res.statusCode, res.body).toBe(201);
      expect(importReport.parse(res.json())).toMatchObject({ rows: 4, valid: 2, errorCount: 2, created: 2, skipped: 2, mode: 'valid-rows', invalidRows: [3, 4] });
      expect((await entriesOf(agent.id)).map((entry) => entry.external_id)).toEqual(['PART-1', 'PART-4']);
      expect(await checkConsistency(db, TIME_ZONE)).toEqual([]);
      await sequenceAll(db);
      const [audit] = await queryRows<{ after: unknown }>(db, sql`select after from audit_log where action = 'entries.imported' order by id desc limit 1`);
      const after = typeof audit!.after === 'string' ? JSON.parse(audit!.after) : audit!.after;
      expect(after).toMatchObject({ entries: 2, mode: 'valid-rows', skippedRows: 2 });

      // The fixed rows later: the two written are duplicates now, the fixed ones are written.
      const fixed = file.replace('nobody@example.test', agent.email).replace('12.345', '12.34');
      expect((await send(cookie, fixed, '?mode=valid-rows')).json()).toMatchObject({ created: 2, duplicates: 2, skipped: 0 });

      // A file whose every row is wrong writes nothing, in either mode.
      const wrong = ['agentEmail,amount', 'nobody@example.test,1'].join('\n');
      const none = await send(cookie, wrong, '?mode=valid-rows');
      expect(none.statusCode).toBe(422);
      expect(none.json()).toMatchObject({ message: 'Every row has an error: nothing was imported', created: 0 });
      expect((await send(cookie, wrong, '?mode=some')).json().message).toBe('mode must be one of all, valid-rows');
    });
  },
  { env: { ORG_TIMEZONE: TIME_ZONE }, now: NOW },
);
