// CSV exports (docs/product.md §12.9): RFC 4180 files with a header row, streamed a batch at a time
// (no row lost or repeated where batches meet, even among entries of the same instant), formulas neutralised in
// text cells but never in amounts, filtered like the entry list, claims with their contact details for the owner.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AGENT_EXPORT_COLUMNS, INCOME_ENTRY_EXPORT_COLUMNS, REWARD_CLAIM_EXPORT_COLUMNS } from '../../contract/exports';
import { queryRows } from '../../server/db/client';
import { EXPORT_BATCH_ROWS } from '../../server/db/queries/exports';
import { csvLines, num, text } from '../../contract/csv';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { describeEachEngine } from '../support/test-app';
import { sequenceAll } from '../../server/db/sequencer';

const NOW = new Date('2026-11-20T12:00:00Z');

interface Download {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  rows: Record<string, string>[];
}

describeEachEngine(
  'CSV exports',
  (get) => {
    const download = async (cookie: string, url: string): Promise<Download> => {
      const res = await get().request({ method: 'GET', url, headers: { cookie } });
      const rows = res.statusCode === 200 ? (parse(res.body, { columns: true, bom: true }) as Record<string, string>[]) : [];
      return { status: res.statusCode, headers: res.headers, body: res.body, rows };
    };

    it('exports entries oldest first with RFC 4180 quoting, formulas neutralised in text but not in amounts', async () => {
      const manager = (await signedInUser(get(), 'manager', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const db = get().database.db;
      const agent = await createAgent(db, { firstName: '=cmd|', lastName: 'Zoë, "Z"' });
      const second = await addIncome(db, agent, '-50.00', { now: NOW, date: new Date('2026-11-12T10:00:00Z'), description: '@SUM(A1:A9)' });
      const first = await addIncome(db, agent, '1200.50', {
        now: NOW,
        date: new Date('2026-11-10T10:00:00Z'),
        description: 'Deal, "big"\nsecond line',
      });
      const file = await download(manager, `/api/exports/income-entries.csv?agentId=${agent.id}`);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe('attachment; filename="income-entries-2026-11-20.csv"');
      expect(file.body.startsWith('\uFEFFid,date,agentId,')).toBe(true);
      expect(file.body.split('\r\n')[0]).toBe(`\uFEFF${INCOME_ENTRY_EXPORT_COLUMNS.join(',')}`);
      expect(file.body.endsWith('\r\n')).toBe(true);
      expect(file.rows).toEqual([
        {
          id: String(first.id),
          date: '2026-11-10T10:00:00.000Z',
          agentId: String(agent.id),
          agentName: `'=cmd| Zoë, "Z"`,
          agentEmail: agent.email,
          amount: '1200.50',
          transactionType: 'addition',
          description: 'Deal, "big"\nsecond line',
          externalId: '',
          newTotal: '1150.50',
          createdAt: first.createdAt.toISOString(),
          voidsEntryId: '',
          voidedAt: '',
          currency: 'USD',
        },
        expect.objectContaining({ id: String(second.id), amount: '-50.00', transactionType: 'deduction', description: "'@SUM(A1:A9)", newTotal: '-50.00' }),
      ]);
    });

    it('writes every kind of text cell as the JavaScript writer does (the database writes the entry file)', async () => {
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const db = get().database.db;
      const agent = await createAgent(db, { firstName: 'Plain', lastName: 'Cells' });
      const descriptions = ['plain', '\tTab first', '-1+2', '+x', '=1', '@a', 'quote " inside', 'a,b', 'CR\rinside', '\r\nfirst', '-a,b', '', 'end\n', 'Zoë 😀'];
      const date = new Date('2026-11-05T10:00:00Z');
      const entries = [];
      for (const [i, description] of descriptions.entries()) {
        entries.push(await addIncome(db, agent, `${i + 1}.00`, { now: NOW, date: new Date(date.getTime() + i * 1000), description }));
      }
      const file = await download(owner, `/api/exports/income-entries.csv?agentId=${agent.id}`);
      const expected = csvLines(
        entries.map((entry, i) => [
          num(entry.id),
          text(new Date(date.getTime() + i * 1000).toISOString()),
          num(agent.id),
          text(agent.name),
          text(agent.email),
          num(`${i + 1}.00`),
          text('addition'),
          text(descriptions[i] === '' ? null : descriptions[i]),
          text(null),
          num(`${((i + 1) * (i + 2)) / 2}.00`),
          text(entry.createdAt.toISOString()),
          num(null),
          text(null),
          text('USD'),
        ]),
      );
      expect(file.body).toBe(`\uFEFF${INCOME_ENTRY_EXPORT_COLUMNS.join(',')}\r\n${expected}`);
    });

    it('shows a void: the voided entry with when it was voided, its reversal with the entry it voids', async () => {
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const db = get().database.db;
      const agent = await createAgent(db);
      const entry = await addIncome(db, agent, '75.00', { now: NOW, date: new Date('2026-11-03T10:00:00Z') });
      const res = await get().request({ method: 'POST', url: `/api/income-entries/${entry.id}/void`, headers: { cookie: owner }, payload: { reason: 'Typo' } });
      expect(res.statusCode, res.body).toBe(200);
      const file = await download(owner, `/api/exports/income-entries.csv?agentId=${agent.id}`);
      expect(file.rows.map((row) => [row.amount, row.newTotal, row.voidsEntryId, row.voidedAt])).toEqual([
        ['75.00', '75.00', '', get().clock.now.toISOString()],
        ['-75.00', '0.00', String(entry.id), ''],
      ]);
    });

    it('keeps to the days asked for, in the organisation’s time zone, and refuses a bad query or an unknown agent', async () => {
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const db = get().database.db;
      const agent = await createAgent(db);
      await addIncome(db, agent, '1.00', { now: NOW, date: new Date('2026-11-10T04:59:59Z') }); // Nov 9 in New York
      const inside = await addIncome(db, agent, '2.00', { now: NOW, date: new Date('2026-11-10T05:00:00Z') }); // Nov 10
      await addIncome(db, agent, '3.00', { now: NOW, date: new Date('2026-11-11T05:00:00Z') }); // Nov 11
      const file = await download(owner, `/api/exports/income-entries.csv?agentId=${agent.id}&from=2026-11-10&to=2026-11-10`);
      expect(file.rows.map((row) => row.id)).toEqual([String(inside.id)]);

      expect((await download(owner, '/api/exports/income-entries.csv?from=2026-11-31')).status).toBe(400);
      expect((await download(owner, '/api/exports/income-entries.csv?from=2026-11-02&to=2026-11-01')).status).toBe(400);
      const unknown = await download(owner, '/api/exports/income-entries.csv?agentId=2147483647');
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toEqual({ code: 'NOT_FOUND', message: 'Agent not found' });
    });

    it('streams more entries than a batch holds, none lost or repeated where batches meet, ties at one instant included', async () => {
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const db = get().database.db;
      const agent = await createAgent(db);
      // Written directly (totals do not matter to the export): 2.5 batches, most at the same instant, some a
      // microsecond apart, which a millisecond cursor would lose.
      const count = Math.floor(EXPORT_BATCH_ROWS * 2.5);
      await db.execute(sql`insert into income_entries (agent_id, amount, date, new_total, transaction_type)
        select ${agent.id}, 1, '2026-11-15T10:00:00Z'::timestamptz + (case when g % 3 = 0 then g * interval '1 microsecond' else interval '0' end), 1, 'addition'
        from generate_series(1, ${count}) g`);
      const expected = await queryRows<{ id: string }>(
        db,
        sql`select e.id::text as id from income_entries e where e.agent_id = ${agent.id} order by e.date, e.id`,
      );
      const file = await download(owner, `/api/exports/income-entries.csv?agentId=${agent.id}`);
      expect(file.rows.length).toBe(count);
      expect(file.rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    });

    it('exports agents with their totals and highest tier, and claims with contact details for the owner only', async () => {
      const ownerUser = await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK);
      const owner = ownerUser.cookie;
      const manager = (await signedInUser(get(), 'manager', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const db = get().database.db;
      const agent = await createAgent(db, { firstName: 'Export', lastName: 'Star', position: '+Closer' });
      await addIncome(db, agent, '12000.00', { now: NOW });
      const option = await createRewardOption(db, { tierId: 2, title: 'Headphones' });
      const claim = await createPendingClaim(db, { agentId: agent.id, tierId: 2, rewardOptionId: option.id, rewardTitle: 'Headphones' });

      const agents = await download(manager, '/api/exports/agents.csv');
      expect(agents.status).toBe(200);
      expect(agents.body.split('\r\n')[0]).toBe(`\uFEFF${AGENT_EXPORT_COLUMNS.join(',')}`);
      expect(agents.headers['content-disposition']).toBe('attachment; filename="agents-2026-11-20.csv"');
      const ids = agents.rows.map((row) => Number(row.id));
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      const tiers = await queryRows<{ name: string }>(db, sql`select name from tier_settings where id = 2`);
      expect(agents.rows.find((row) => row.id === String(agent.id))).toEqual({
        id: String(agent.id),
        name: 'Export Star',
        email: agent.email,
        position: "'+Closer",
        status: 'active',
        totalIncome: '12000.00',
        totalEntries: '1',
        currentTier: tiers[0]!.name,
        tiersReached: '2',
        createdAt: agent.createdAt.toISOString(),
        currency: 'USD',
      });

      const auditedExports = async () =>
        (await sequenceAll(db), queryRows)<{ actor_kind: string; actor_id: number; actor_name: string; target_type: string; after: unknown; now: boolean }>(
          db,
          sql`select actor_kind, actor_id, actor_name, target_type, after, at = ${NOW.toISOString()}::timestamptz as now
            from audit_log where action = 'claims.exported' order by id`,
        );
      const exportsBefore = (await auditedExports()).length;
      expect((await download(manager, '/api/exports/reward-claims.csv')).status).toBe(403);
      const claims = await download(owner, '/api/exports/reward-claims.csv');
      // Contact details leaving in a file: the trail says who took them and when (a refused attempt adds nothing).
      const audited = (await auditedExports()).slice(exportsBefore);
      expect(audited).toEqual([{ actor_kind: 'user', actor_id: ownerUser.id, actor_name: ownerUser.name, target_type: 'reward_claims', after: { contactDetails: true }, now: true }]);
      expect(claims.body.split('\r\n')[0]).toBe(`\uFEFF${REWARD_CLAIM_EXPORT_COLUMNS.join(',')}`);
      expect(claims.rows.find((row) => row.id === String(claim.id))).toMatchObject({
        agentId: String(agent.id),
        agentName: 'Export Star',
        tier: tiers[0]!.name,
        reward: 'Headphones',
        status: 'pending',
        processedAt: '',
        fullName: 'Pat Example',
        phone: "'+1 555 0100",
        address: '1 Main Street',
      });
    });
  },
  { env: { ORG_TIMEZONE: 'America/New_York' }, now: NOW },
);
