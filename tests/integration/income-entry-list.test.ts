// GET /api/income-entries (docs/product.md §12.9): pages of entries newest first by date, of one agent
// or all, between two days inclusive in the organisation's time zone; bad queries are 400, an unknown agent 404.
import { expect, it } from 'vitest';
import { incomeEntryPage, type IncomeEntryPage } from '../../contract/income-entries';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { describeEachEngine } from '../support/test-app';

const NOW = new Date('2026-11-20T12:00:00Z');

describeEachEngine(
  'income entry list',
  (get) => {
    const read = async (cookie: string, query: string) => {
      const res = await get().request({ method: 'GET', url: `/api/income-entries${query}`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return incomeEntryPage.parse(res.json());
    };
    const ids = (page: IncomeEntryPage) => page.entries.map((entry) => entry.id);

    it('pages one agent’s entries newest first by date, with the external id, and says where the next page starts', async () => {
      const manager = (await signedInUser(get(), 'manager', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const db = get().database.db;
      const agent = await createAgent(db, { firstName: 'Listed', lastName: 'Agent' });
      const dates = ['2026-11-03T09:00:00Z', '2026-11-01T09:00:00Z', '2026-11-05T09:00:00Z', '2026-11-05T09:00:00Z', '2026-11-02T09:00:00Z'];
      const made = [];
      for (const [index, date] of dates.entries()) {
        made.push(await addIncome(db, agent, `${index + 1}00.00`, { now: NOW, date: new Date(date) }));
      }
      // Newest date first; the same date: the later entry first.
      const expected = [made[3]!, made[2]!, made[0]!, made[4]!, made[1]!].map((row) => row.id);

      const first = await read(manager, `?agentId=${agent.id}&limit=2`);
      expect(ids(first)).toEqual(expected.slice(0, 2));
      expect(first).toMatchObject({ offset: 0, limit: 2, nextOffset: 2 });
      expect(first.entries[0]).toMatchObject({ agentId: agent.id, agentName: 'Listed Agent', amount: '400.00', date: '2026-11-05T09:00:00.000Z', externalId: null });
      const last = await read(manager, `?agentId=${agent.id}&limit=2&offset=4`);
      expect(ids(last)).toEqual(expected.slice(4));
      expect(last.nextOffset).toBeNull();
      expect(ids(await read(manager, `?agentId=${agent.id}`))).toEqual(expected);
    });

    it('keeps to the days asked for, inclusive, in the organisation’s time zone', async () => {
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const db = get().database.db;
      const agent = await createAgent(db);
      // ORG_TIMEZONE is America/New_York here (UTC-5 in November).
      const before = await addIncome(db, agent, '1.00', { now: NOW, date: new Date('2026-11-10T04:59:59Z') }); // Nov 9, 23:59:59 in New York
      const firstDay = await addIncome(db, agent, '2.00', { now: NOW, date: new Date('2026-11-10T05:00:00Z') }); // Nov 10, 00:00
      const lastDay = await addIncome(db, agent, '3.00', { now: NOW, date: new Date('2026-11-13T04:59:59Z') }); // Nov 12, 23:59:59
      const after = await addIncome(db, agent, '4.00', { now: NOW, date: new Date('2026-11-13T05:00:00Z') }); // Nov 13, 00:00

      expect(ids(await read(owner, `?agentId=${agent.id}&from=2026-11-10&to=2026-11-12`))).toEqual([lastDay.id, firstDay.id]);
      expect(ids(await read(owner, `?agentId=${agent.id}&from=2026-11-13`))).toEqual([after.id]);
      expect(ids(await read(owner, `?agentId=${agent.id}&to=2026-11-09`))).toEqual([before.id]);
      expect(ids(await read(owner, `?agentId=${agent.id}&from=2026-11-12&to=2026-11-12`))).toEqual([lastDay.id]);

      // All agents: every entry of the range, this agent's among them.
      const all = await read(owner, '?from=2026-11-10&to=2026-11-12&limit=500');
      expect(ids(all)).toEqual(expect.arrayContaining([lastDay.id, firstDay.id]));
      expect(ids(all)).not.toContain(before.id);
      const dates = all.entries.map((entry) => entry.date);
      expect([...dates].sort().reverse()).toEqual(dates);
    });

    it('refuses a bad query with 400 and an unknown agent with 404', async () => {
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      for (const [query, path] of [
        ['?agentId=abc', 'agentId'],
        ['?agentId=0', 'agentId'],
        ['?from=2026-02-30', 'from'],
        ['?to=20261101', 'to'],
        ['?from=2026-11-02&to=2026-11-01', 'from'],
        ['?limit=0', 'limit'],
        ['?limit=501', 'limit'],
        ['?offset=-1', 'offset'],
        ['?offset=1000001', 'offset'],
        ['?agentId=1&agentId=2', 'agentId'],
      ] as const) {
        const res = await get().request({ method: 'GET', url: `/api/income-entries${query}`, headers: { cookie: owner } });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().issues.map((issue: { path: string }) => issue.path), query).toContain(path);
      }
      const unknown = await get().request({ method: 'GET', url: '/api/income-entries?agentId=2147483647', headers: { cookie: owner } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Agent not found' });
    });
  },
  { env: { ORG_TIMEZONE: 'America/New_York' }, now: NOW },
);
