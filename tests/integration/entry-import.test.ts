// CSV import of income entries (docs/product.md §12.9): a dry run reports every row's errors and writes
// nothing; a commit writes every row in one transaction (totals, roll-ups, tiers and events kept as one entry at a
// time would) or, when any row is wrong, nothing (422); a malformed file is refused with a readable message.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { importReport, type ImportReport } from '../../contract/imports';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { hashToken } from '../../server/auth/sessions';
import { insertApiToken } from '../../server/db/queries/api-tokens';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { databaseFingerprint } from '../support/fingerprint';
import { describeEachEngine } from '../support/test-app';
import { sequenceAll } from '../../server/db/sequencer';

const NOW = new Date('2026-11-20T12:00:00Z');
const TIME_ZONE = 'America/New_York';

describeEachEngine(
  'income entry import',
  (get) => {
    const send = (headers: Record<string, string>, file: string | Buffer, query = '') =>
      get().request({
        method: 'POST',
        url: `/api/imports/income-entries${query}`,
        headers: { 'content-type': 'text/csv', ...headers },
        payload: file,
      });
    const owner = async () => ({ cookie: (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie });
    const agentState = async (agentId: number) => {
      const [row] = await queryRows<{ total: string; entries: number; tiers: number }>(
        get().database.db,
        sql`select total_income::text as total, total_entries as entries,
          (select count(*)::int from tier_achievements where agent_id = ${agentId}) as tiers from agents where id = ${agentId}`,
      );
      return row!;
    };

    it('dry-runs a file: every row checked, each error with row, column and message, nothing written', async () => {
      const headers = await owner();
      const db = get().database.db;
      const agent = await createAgent(db);
      const recorded = await addIncome(db, agent, '10.00', { now: NOW });
      await db.execute(sql`update income_entries set external_id = 'CRM-OLD' where id = ${recorded.id}`);
      const file = [
        'Agent Email,amount,date,description,External ID',
        `${agent.email},100.00,2026-11-01,First,CRM-1`,
        `${agent.email.toUpperCase()},"1,250.50",2026-11-02,,CRM-2`,
        `nobody@example.test,5.00,2026-11-03,,`,
        `${agent.email},12.345,2026-11-04,,`,
        `${agent.email},NaN,2026-11-04,,`,
        `${agent.email},0,2026-11-04,,`,
        `${agent.email},5.00,2026-02-30,,`,
        `${agent.email},5.00,2030-01-01,,`,
        `${agent.email},5.00,2026-11-05,,CRM-1`,
        `${agent.email},5.00,2026-11-05,,CRM-OLD`,
        `${agent.email},5.00`,
        `${agent.email},5.00,2026-11-05,,,extra`,
      ].join('\n');
      const before = await databaseFingerprint(db);
      const res = await send(headers, file, '?dryRun=1');
      expect(res.statusCode, res.body).toBe(200);
      const report = importReport.parse(res.json());
      expect(report).toMatchObject({ rows: 12, valid: 3, duplicates: 1, errorCount: 9, created: 0, dryRun: true });
      expect(report.errors).toEqual([
        { row: 4, column: 'Agent Email', message: 'No agent has the email "nobody@example.test"' },
        { row: 5, column: 'amount', message: 'Amount "12.345" is not a number with at most two decimals (write 1234.50 or 1,234.50)' },
        { row: 6, column: 'amount', message: 'Amount "NaN" is not a number with at most two decimals (write 1234.50 or 1,234.50)' },
        { row: 7, column: 'amount', message: 'Amount cannot be zero' },
        { row: 8, column: 'date', message: 'Date "2026-02-30" does not exist (read as YYYY-MM-DD)' },
        { row: 9, column: 'date', message: 'Date "2030-01-01" is more than 24 hours in the future' },
        { row: 10, column: 'External ID', message: 'externalId "CRM-1" is also on row 2' },
        { row: 12, column: '', message: 'This row has 2 cells; the header has 5' },
        { row: 13, column: '', message: 'This row has 6 cells; the header has 5' },
      ]);
      expect(await databaseFingerprint(db)).toEqual(before);

      // The same file committed: 422 with the same report, and still nothing written.
      const refused = await send(headers, file);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'IMPORT_REJECTED', message: '9 rows have errors: nothing was imported', errorCount: 9, dryRun: false });
      expect(refused.json().errors).toEqual(report.errors);
      expect(await databaseFingerprint(db)).toEqual(before);
    });

    it('commits every row in one go: running totals, roll-ups, tiers and events as entries one at a time would keep them', async () => {
      const headers = await owner();
      const db = get().database.db;
      const first = await createAgent(db);
      const second = await createAgent(db);
      await addIncome(db, first, '1000.00', { now: NOW, timeZone: TIME_ZONE });
      const recorded = await addIncome(db, second, '1.00', { now: NOW, timeZone: TIME_ZONE });
      await db.execute(sql`update income_entries set external_id = 'DEAL-0' where id = ${recorded.id}`);
      await sequenceAll(db);
      const [{ events: eventsBefore }] = (await queryRows<{ events: number }>(db, sql`select count(*)::int as events from events`)) as [{ events: number }];
      // `;`-separated, European days, thousands separators, a byte order mark, a column left out.
      const file = [
        '\uFEFFagentId;Amount;Date;Description;externalId;Region',
        `${first.id};"4,500.00";01.11.2026;Big deal;DEAL-1;North`,
        `${second.id};2500;02.11.2026;;DEAL-2;South`,
        `${first.id};-250.50;03.11.2026;Refund;;North`,
        `${second.id};99;04.11.2026;;DEAL-0;South`,
        `${first.id};10000;05.11.2026;"Semi; colon";DEAL-3;North`,
      ].join('\r\n');
      const res = await send(headers, file, '?dateFormat=DD.MM.YYYY&ignore=Region');
      expect(res.statusCode, res.body).toBe(201);
      expect(importReport.parse(res.json())).toEqual<ImportReport>({
        rows: 5,
        valid: 5,
        duplicates: 1,
        errorCount: 0,
        errors: [],
        created: 4,
        dryRun: false,
        mode: 'all',
        invalidRows: [],
        skipped: 0,
        columns: [
          { name: 'agentId', readAs: 'agentId' },
          { name: 'Amount', readAs: 'amount' },
          { name: 'Date', readAs: 'date' },
          { name: 'Description', readAs: 'description' },
          { name: 'externalId', readAs: 'externalId' },
          { name: 'Region', readAs: null },
        ],
        dates: { format: 'DD.MM.YYYY', how: 'chosen', note: 'Dates are read as DD.MM.YYYY, as chosen.' },
      });

      expect(await agentState(first.id)).toEqual({ total: '15249.50', entries: 4, tiers: 2 });
      expect(await agentState(second.id)).toEqual({ total: '2501.00', entries: 2, tiers: 0 });
      const entries = await queryRows<{ amount: string; new_total: string; date: string; description: string | null; external_id: string | null }>(
        db,
        sql`select amount::text as amount, new_total::text as new_total, to_char(date at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as date,
          description, external_id from income_entries where agent_id = ${first.id} order by id`,
      );
      expect(entries).toEqual([
        { amount: '1000.00', new_total: '1000.00', date: '2026-11-20 12:00', description: null, external_id: null },
        // Days start at midnight in New York (UTC-4 until November 1, UTC-5 from it).
        { amount: '4500.00', new_total: '5500.00', date: '2026-11-01 04:00', description: 'Big deal', external_id: 'DEAL-1' },
        { amount: '-250.50', new_total: '5249.50', date: '2026-11-03 05:00', description: 'Refund', external_id: null },
        { amount: '10000.00', new_total: '15249.50', date: '2026-11-05 05:00', description: 'Semi; colon', external_id: 'DEAL-3' },
      ]);
      expect(await checkConsistency(db, TIME_ZONE)).toEqual([]);
      // Four entries and two tiers reached (Starter and the next, both crossed by the first agent).
      await sequenceAll(db);
      const added = await queryRows<{ type: string; agent_id: number }>(
        db,
        sql`select type, agent_id from events order by id desc limit 6`,
      );
      const [{ events: eventsAfter }] = (await queryRows<{ events: number }>(db, sql`select count(*)::int as events from events`)) as [{ events: number }];
      expect(eventsAfter - eventsBefore).toBe(6);
      expect(added.map((row) => `${row.type} ${row.agent_id === first.id ? 'first' : 'second'}`).sort()).toEqual([
        'entry.created first',
        'entry.created first',
        'entry.created first',
        'entry.created second',
        'tier.reached first',
        'tier.reached first',
      ]);

      // The same file again: every externalId is taken now, the row without one is written again.
      const again = await send(headers, file, '?dateFormat=DD.MM.YYYY&ignore=Region');
      expect(again.json()).toMatchObject({ rows: 5, duplicates: 4, created: 1 });
    });

    it('writes more rows than one statement takes, in file order, with exact totals', async () => {
      const headers = await owner();
      const db = get().database.db;
      const agents = [await createAgent(db), await createAgent(db), await createAgent(db)];
      const lines = ['agentEmail,amount,date'];
      for (let i = 0; i < 12_000; i++) lines.push(`${agents[i % 3]!.email},${(i % 7) + 1}.25,2026-11-${String((i % 19) + 1).padStart(2, '0')}`);
      const res = await send(headers, lines.join('\n'));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      expect(res.json()).toMatchObject({ rows: 12_000, created: 12_000 });
      for (const [index, agent] of agents.entries()) {
        let cents = 0;
        for (let i = index; i < 12_000; i += 3) cents += ((i % 7) + 1) * 100 + 25;
        expect((await agentState(agent.id)).total).toBe((cents / 100).toFixed(2));
      }
      expect(await checkConsistency(db, TIME_ZONE)).toEqual([]);
    });

    it('refuses a file it cannot read, or columns it does not know, with a readable message and writes nothing', async () => {
      const headers = await owner();
      const db = get().database.db;
      const agent = await createAgent(db);
      const before = await databaseFingerprint(db);
      const cases: Array<[string | Buffer, string, string?]> = [
        ['', 'The file is empty'],
        ['agentEmail,amount\n', 'The file has a header but no rows'],
        [`agentEmail,amount,Region\n${agent.email},1\n`, 'Unknown column "Region": name it agentEmail, agentId, agentName, amount, date, description, externalId, or leave it out'],
        [`agentEmail,amount,Amount\n${agent.email},1,2\n`, 'Column "amount" appears twice (columns 2 and 3)'],
        [`agentEmail,date\n${agent.email},2026-11-01\n`, 'The file needs an amount column'],
        ['amount\n1\n', 'The file needs an agentEmail, agentId or agentName column to say whose entry each row is'],
        [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), 'This is not a CSV text file: it holds binary data'],
        [Buffer.from(`agentEmail,amount,description\n${agent.email},1,caf\xe9\n`, 'latin1'), 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again'],
        [`agentEmail,amount\n${agent.email},1\n`, 'dateFormat must be one of auto, YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY, DD.MM.YYYY', '?dateFormat=YYYY/MM/DD'],
      ];
      for (const [file, message, query] of cases) {
        const res = await send(headers, file, query);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().message, message).toBe(message);
      }
      const big = await send(headers, Buffer.alloc(21 * 1024 * 1024, 'a'));
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
      const json = await get().request({ method: 'POST', url: '/api/imports/income-entries', headers, payload: { rows: [] } });
      expect(json.statusCode).toBe(415);
      expect(json.json().message).toBe('Send the file as the request body with Content-Type: text/csv');
      expect(await databaseFingerprint(db)).toEqual(before);
    });

    it('takes US days with MM/DD/YYYY, and a token with entries:write; a read token is refused', async () => {
      const db = get().database.db;
      const agent = await createAgent(db);
      const owner = await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK);
      const token = async (scope: 'read' | 'entries:write') => {
        const secret = `tt_import_${scope.replace(':', '_')}_${Math.random().toString(36).slice(2)}`;
        await insertApiToken(db, { name: scope, scopes: [scope], tokenHash: hashToken(secret), createdBy: owner.id, createdAt: NOW, expiresAt: null });
        return { authorization: `Bearer ${secret}` };
      };
      const file = `agentEmail,amount,date\n${agent.email},10.00,11/02/2026\n`;
      expect((await send(await token('read'), file, '?dateFormat=MM/DD/YYYY')).statusCode).toBe(403);
      const res = await send(await token('entries:write'), file, '?dateFormat=MM/DD/YYYY');
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await queryRows<{ date: string }>(db, sql`select to_char(date at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as date from income_entries where agent_id = ${agent.id}`);
      expect(row!.date).toBe('2026-11-02 05:00');
    });

    it('refuses a file with a huge quoted cell while parsing it: 400 naming the row and column, a short answer, nothing written', async () => {
      const headers = await owner();
      const db = get().database.db;
      const agent = await createAgent(db);
      const before = await databaseFingerprint(db);
      const huge = 'a'.repeat(10 * 1024 * 1024);
      const message =
        'Row 3 is longer than 32 KB in column 1 ("agentEmail"): no field of an import is that long. Check the quoting: a quote left open joins the lines after it into one cell';
      for (const query of ['?dryRun=1', '']) {
        const res = await send(headers, `agentEmail,amount\n${agent.email},1\n"${huge}",2\n`, query);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', issues: [{ path: 'file', message }] });
      }
      // A long cell that is within the bound is reported with its text cut short, not echoed whole.
      const long = 'b'.repeat(30_000);
      const report = importReport.parse((await send(headers, `agentEmail,amount\n"${long}",1\n`, '?dryRun=1')).json());
      expect(report.errors).toHaveLength(1);
      expect(report.errors[0]!.message.length).toBeLessThanOrEqual(300);
      expect(report.errors[0]!.message).toMatch(/^No agent has the email "bbbb.*\.\.\.$/);
      expect(await databaseFingerprint(db)).toEqual(before);
    });

    it('runs one import at a time per caller: a second one sent meanwhile is refused with 429, and the next one after it runs', async () => {
      const headers = await owner();
      const db = get().database.db;
      const agent = await createAgent(db);
      const rows = Array.from({ length: 20_000 }, (_, i) => `${agent.email},${(i % 50) + 1}.00,2026-11-0${(i % 9) + 1}`);
      const file = `agentEmail,amount,date\n${rows.join('\n')}\n`;
      const both = await Promise.all([send(headers, file, '?dryRun=1'), send(headers, file, '?dryRun=1')]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([200, 429]);
      const refused = both.find((res) => res.statusCode === 429)!;
      expect(refused.json()).toEqual({ message: 'An import you sent is still running: wait for its answer, then send the next file', code: 'RATE_LIMITED' });
      // The slot is given back when an import ends, whether it succeeded or was refused.
      expect((await send(headers, 'agentEmail,amount\n', '?dryRun=1')).statusCode).toBe(400);
      expect((await send(headers, file, '?dryRun=1')).statusCode).toBe(200);

      // Two callers (the owner and a token) each run theirs at once.
      const secret = `tt_import_slots_${Math.random().toString(36).slice(2)}`;
      const owner2 = await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK);
      await insertApiToken(db, { name: 'crm', scopes: ['entries:write'], tokenHash: hashToken(secret), createdBy: owner2.id, createdAt: NOW, expiresAt: null });
      const apart = await Promise.all([send(headers, file, '?dryRun=1'), send({ authorization: `Bearer ${secret}` }, file, '?dryRun=1')]);
      expect(apart.map((res) => res.statusCode)).toEqual([200, 200]);
    });
  },
  { env: { ORG_TIMEZONE: TIME_ZONE }, now: NOW },
);
