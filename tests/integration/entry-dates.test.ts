// Entry lists and their dates (docs/decisions/0085-entry-dates-in-lists.md): an agent's entries (its own list and the
// staff's) are ordered by deal date, then id, each with its running total in that order, however the entries were
// recorded (back-dated entries, imports, voids); the overview's Recent Transactions and the TV's latest wins are ordered
// by when they were recorded; every list says the deal's day, the recorded day and whether the deal's time means
// anything (never the "0:00" of a bare day).
import { expect, it } from 'vitest';
import { ownerDashboard } from '../../contract/dashboard';
import { incomeEntryPage, type ListedIncomeEntry } from '../../contract/income-entries';
import { agentEntriesPage } from '../../contract/insight';
import { tvSnapshot, type CreatedTvLink } from '../../contract/tv-links';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signInAgent, signedInUser } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { describeEachEngine } from '../support/test-app';

const TIME_ZONE = 'America/New_York';
// Noon in New York.
const NOW = new Date('2026-11-20T17:00:00Z');
/** An instant in New York time (UTC-5 in November). */
const ny = (local: string) => new Date(`${local}-05:00`);

describeEachEngine(
  'entry dates in lists',
  (get) => {
    const call = async (cookie: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: Record<string, unknown>) => {
      const res = await get().request({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as unknown;
    };
    /** [id, runningTotal] of each row, as listed. */
    const totals = (entries: Pick<ListedIncomeEntry, 'id' | 'runningTotal'>[]) => entries.map((entry) => [entry.id, entry.runningTotal]);

    /**
     * One agent's entries recorded out of deal-date order: a sale recorded as it happened, then three back-dated ones,
     * one of them on the very instant of another's deal date, then today's.
     */
    async function backDatedAgent(firstName: string) {
      const db = get().database.db;
      const agent = await createAgent(db, { firstName, lastName: 'Backdated' });
      const record = (amount: string, recordedAt: Date, date: Date = recordedAt) => addIncome(db, agent, amount, { now: recordedAt, date, timeZone: TIME_ZONE });
      const nov10 = await record('100.00', ny('2026-11-10T10:00:00'));
      const nov1 = await record('200.00', ny('2026-11-12T09:00:00'), ny('2026-11-01T12:00:00'));
      const nov5 = await record('300.00', ny('2026-11-15T09:00:00'), ny('2026-11-05T12:00:00'));
      const nov2 = await record('400.00', ny('2026-11-18T09:00:00'), ny('2026-11-02T12:00:00'));
      // The same deal instant as nov5, recorded later: after it (the tie goes by id).
      const nov5b = await record('25.00', ny('2026-11-19T09:00:00'), ny('2026-11-05T12:00:00'));
      const nov19 = await record('50.00', ny('2026-11-19T15:30:00'));
      return { agent, nov10, nov1, nov5, nov2, nov5b, nov19 };
    }

    it('orders an agent’s entries by deal date with a running total in that order, for the agent and for the staff', async () => {
      const { agent, nov10, nov1, nov5, nov2, nov5b, nov19 } = await backDatedAgent('Runner');
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const agentCookie = (await signInAgent(get().database.db, agent, SESSIONS_OUTLIVE_CLOCK)).cookie;

      // By deal date, newest first: Nov 19, Nov 10, Nov 5 (twice: the later id first), Nov 2, Nov 1. Each total is the
      // sum of the entries dated before it, and it: 200, 600, 900, 925, 1025, 1075.
      const expected = [
        [nov19.id, '1075.00'],
        [nov10.id, '1025.00'],
        [nov5b.id, '925.00'],
        [nov5.id, '900.00'],
        [nov2.id, '600.00'],
        [nov1.id, '200.00'],
      ];
      const staff = incomeEntryPage.parse(await call(owner, `/api/income-entries?agentId=${agent.id}`));
      expect(totals(staff.entries)).toEqual(expected);
      // The total just after each was recorded jumps around in this order: the list does not show it as its total.
      expect(staff.entries.map((entry) => entry.newTotal)).toEqual(['1075.00', '100.00', '1025.00', '600.00', '1000.00', '300.00']);
      const own = agentEntriesPage.parse(await call(agentCookie, '/api/agents/me/entries?limit=50'));
      expect(totals(own.entries)).toEqual(expected);
      expect(own.total).toBe(6);

      // A page at a time, the totals are the same: they count the entries of the other pages.
      const pages = [];
      for (const offset of [0, 2, 4]) pages.push(...agentEntriesPage.parse(await call(agentCookie, `/api/agents/me/entries?limit=2&offset=${offset}`)).entries);
      expect(totals(pages)).toEqual(expected);
      // Narrowed to days, too: Nov 1 (before the days) counts, Nov 10 and 19 (after them) do not.
      const days = incomeEntryPage.parse(await call(owner, `/api/income-entries?agentId=${agent.id}&from=2026-11-02&to=2026-11-05`));
      expect(totals(days.entries)).toEqual(expected.slice(2, 5));

      // The dates each row writes: the back-dated ones their day alone, the others their time too.
      const byId = new Map(own.entries.map((entry) => [entry.id, entry]));
      expect(byId.get(nov1.id)).toMatchObject({ dealDay: '2026-11-01', recordedDay: '2026-11-12', dealHasTime: false });
      expect(byId.get(nov10.id)).toMatchObject({ dealDay: '2026-11-10', recordedDay: '2026-11-10', dealHasTime: true });
    });

    it('counts a voided entry and its reversal where the deal-date list shows them: side by side at the deal date', async () => {
      const { agent, nov10, nov1, nov5, nov2, nov5b, nov19 } = await backDatedAgent('Voider');
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const voided = (await call(owner, `/api/income-entries/${nov2.id}/void`, 'POST', { reason: 'Entered twice' })) as { reversal: { id: number } };
      const reversal = voided.reversal.id;
      const page = incomeEntryPage.parse(await call(owner, `/api/income-entries?agentId=${agent.id}`));
      // The reversal carries the voided entry's date and a later id: just above it. Nov 1 200, Nov 2 600, its reversal
      // 200, Nov 5 500 and 525, Nov 10 625, Nov 19 675 (the agent's total).
      expect(totals(page.entries)).toEqual([
        [nov19.id, '675.00'],
        [nov10.id, '625.00'],
        [nov5b.id, '525.00'],
        [nov5.id, '500.00'],
        [reversal, '200.00'],
        [nov2.id, '600.00'],
        [nov1.id, '200.00'],
      ]);
      expect(page.entries.find((entry) => entry.id === nov2.id)?.voidedAt).not.toBeNull();
      expect(page.entries.find((entry) => entry.id === reversal)).toMatchObject({ voidsEntryId: nov2.id, dealDay: '2026-11-02', recordedDay: '2026-11-20' });
    });

    it('keeps each agent’s own running total in a list of every agent', async () => {
      const first = await backDatedAgent('Mixed');
      const db = get().database.db;
      const other = await createAgent(db, { firstName: 'Other', lastName: 'Interleaved' });
      const o1 = await addIncome(db, other, '1000.00', { now: ny('2026-11-19T10:00:00'), date: ny('2026-11-03T12:00:00'), timeZone: TIME_ZONE });
      const o2 = await addIncome(db, other, '-10.00', { now: ny('2026-11-11T10:00:00'), date: ny('2026-11-11T10:00:00'), timeZone: TIME_ZONE });
      const owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const all = incomeEntryPage.parse(await call(owner, '/api/income-entries?limit=500'));
      const mine = all.entries.filter((entry) => entry.agentId === first.agent.id || entry.agentId === other.id);
      expect(totals(mine)).toEqual([
        [first.nov19.id, '1075.00'],
        [o2.id, '990.00'],
        [first.nov10.id, '1025.00'],
        [first.nov5b.id, '925.00'],
        [first.nov5.id, '900.00'],
        [o1.id, '1000.00'],
        [first.nov2.id, '600.00'],
        [first.nov1.id, '200.00'],
      ]);
      // Whatever the agents, the list is by deal date (then id), newest first.
      const keys = all.entries.map((entry) => [entry.date, entry.id] as const);
      expect([...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1))).toEqual(keys);
    });

    it('lists Recent Transactions and the TV’s wins by when they were recorded, each with its deal day', async () => {
      const t = get();
      const owner = (await signedInUser(t, 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
      const agent = await createAgent(t.database.db, { firstName: 'Imported', lastName: 'Deals' });
      // A file of bare days, imported now (Nov 20): each row's date is its day's midnight in New York.
      const file = `agentEmail,amount,date\r\n${agent.email},70.00,2026-11-20\r\n${agent.email},80.00,2026-11-03\r\n${agent.email},90.00,2026-11-19\r\n`;
      const imported = await t.request({ method: 'POST', url: '/api/imports/income-entries', headers: { cookie: owner, 'content-type': 'text/csv' }, payload: file });
      expect(imported.statusCode, imported.body).toBe(201);
      t.clock.now = new Date(NOW.getTime() + 60_000);
      const sale = await addIncome(t.database.db, agent, '60.00', { now: t.clock.now, timeZone: TIME_ZONE });

      const dashboard = ownerDashboard.parse(await call(owner, '/api/owner/dashboard'));
      const recent = dashboard.recentEntries.filter((entry) => entry.agentId === agent.id);
      // The sale recorded last comes first, then the file's rows in the order it held them (one instant, by id).
      expect(recent.map((entry) => [entry.amount, entry.dealDay, entry.recordedDay, entry.dealHasTime, entry.newTotal])).toEqual([
        ['60.00', '2026-11-20', '2026-11-20', true, '300.00'],
        ['90.00', '2026-11-19', '2026-11-20', false, '240.00'],
        ['80.00', '2026-11-03', '2026-11-20', false, '150.00'],
        // Today's bare day: recorded on its deal day, but its midnight is no time of day.
        ['70.00', '2026-11-20', '2026-11-20', false, '70.00'],
      ]);
      expect(recent[0]!.id).toBe(sale.id);
      const createdAt = recent.map((entry) => entry.createdAt);
      expect([...createdAt].sort().reverse()).toEqual(createdAt);

      const link = (await call(owner, '/api/tv-links', 'POST', { name: 'Entry dates TV', showAmounts: true })) as CreatedTvLink;
      const tv = tvSnapshot.parse(await call('', `/api/tv/${link.token}`));
      const wins = tv.wins.filter((win) => win.agentId === agent.id);
      expect(wins.map((win) => [win.amount, win.dealDay, win.recordedDay])).toEqual([
        ['60.00', '2026-11-20', '2026-11-20'],
        ['90.00', '2026-11-19', '2026-11-20'],
        ['80.00', '2026-11-03', '2026-11-20'],
        ['70.00', '2026-11-20', '2026-11-20'],
      ]);
      expect(wins[1]).toMatchObject({ date: ny('2026-11-19T00:00:00').toISOString(), recordedAt: NOW.toISOString() });
      expect(wins[0]!.recordedAt).toBe(t.clock.now.toISOString());
    });
  },
  { env: { ORG_TIMEZONE: TIME_ZONE }, now: NOW },
);
