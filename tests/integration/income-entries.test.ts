import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { incomeEntry } from '../../contract/income-entries';
import { centsToMoneyString, parseMoneyToCents } from '../../contract/money';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { createAgent, signedInCookiesForSuite } from '../factories/accounts';
import { describeEachEngine, rawJsonRequest, type TestApp } from '../support/test-app';

// Wednesday 2026-11-18 15:00 UTC.
const NOW = new Date('2026-11-18T15:00:00Z');
const HOUR = 60 * 60 * 1000;

/** Everything an entry touches, to show that a refused request changed nothing. */
async function databaseState(t: TestApp) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select
      (select count(*)::int from income_entries) as entries,
      (select coalesce(sum(total_income), 0)::text from agents) as totals,
      (select coalesce(sum(total_entries), 0)::int from agents) as entry_counts,
      (select count(*)::int from agent_period_totals) as rollups,
      (select coalesce(sum(income), 0)::text from agent_period_totals) as rollup_sum,
      (select count(*)::int from tier_achievements) as achievements`,
  );
  return row!;
}

async function agentTotals(t: TestApp, agentId: number) {
  const [row] = await queryRows<{ total_income: string; total_entries: number }>(
    t.database.db,
    sql`select total_income::text as total_income, total_entries from agents where id = ${agentId}`,
  );
  return row!;
}

describeEachEngine(
  'POST /api/income-entries',
  (get) => {
    const cookies = signedInCookiesForSuite(get);

    const post = (t: TestApp, payload: unknown, cookie: string | undefined = cookies.owner) =>
      t.request({
        method: 'POST',
        url: '/api/income-entries',
        headers: cookie ? { cookie } : {},
        payload: payload as object,
      });

    describe('recording entries', () => {
      it('answers 201 with the entry, its agent name and the new running total, dated now by default', async () => {
        const t = get();
        const agent = await createAgent(t.database.db, { firstName: 'Dana', lastName: 'Fields' });
        const res = await post(t, { agentId: agent.id, amount: '1234.50', description: 'Enterprise deal' });
        expect(res.statusCode).toBe(201);
        expect(incomeEntry.parse(res.json())).toEqual({
          id: expect.any(Number),
          agentId: agent.id,
          agentName: 'Dana Fields',
          amount: '1234.50',
          transactionType: 'addition',
          description: 'Enterprise deal',
          newTotal: '1234.50',
          date: NOW.toISOString(),
          createdAt: NOW.toISOString(),
          voidsEntryId: null,
          voidedAt: null,
          voidedBy: null,
          voidReason: null,
        });

        const deduction = await post(t, { agentId: String(agent.id), amount: -200, description: '' });
        expect(deduction.statusCode).toBe(201);
        expect(deduction.json()).toMatchObject({ amount: '-200.00', transactionType: 'deduction', description: null, newTotal: '1034.50' });

        const numeric = await post(t, { agentId: agent.id, amount: 99.9, description: '   ', date: '2026-11-01T08:30:00-05:00' });
        expect(numeric.statusCode).toBe(201);
        expect(numeric.json()).toMatchObject({
          amount: '99.90',
          description: null,
          newTotal: '1134.40',
          date: '2026-11-01T13:30:00.000Z',
          createdAt: NOW.toISOString(),
        });
        expect(await agentTotals(t, agent.id)).toEqual({ total_income: '1134.40', total_entries: 3 });
      });

      it('keeps week, month, quarter and year roll-ups of the entry date and records tiers reached', async () => {
        const t = get();
        const agent = await createAgent(t.database.db);
        expect((await post(t, { agentId: agent.id, amount: '4999.99' })).statusCode).toBe(201);
        expect((await post(t, { agentId: agent.id, amount: '0.01', date: '2025-06-15T12:00:00Z' })).statusCode).toBe(201);
        const rollups = await queryRows<{ period_kind: string; period_start: string; income: string }>(
          t.database.db,
          sql`select period_kind, period_start::text as period_start, income::text as income
            from agent_period_totals where agent_id = ${agent.id} order by period_start, period_kind`,
        );
        expect(rollups).toEqual([
          { period_kind: 'year', period_start: '2025-01-01', income: '0.01' },
          { period_kind: 'quarter', period_start: '2025-04-01', income: '0.01' },
          { period_kind: 'month', period_start: '2025-06-01', income: '0.01' },
          // Sunday 2025-06-15 belongs to the week that began Monday 2025-06-09.
          { period_kind: 'week', period_start: '2025-06-09', income: '0.01' },
          { period_kind: 'year', period_start: '2026-01-01', income: '4999.99' },
          { period_kind: 'quarter', period_start: '2026-10-01', income: '4999.99' },
          { period_kind: 'month', period_start: '2026-11-01', income: '4999.99' },
          { period_kind: 'week', period_start: '2026-11-16', income: '4999.99' },
        ]);
        const achievements = await queryRows<{ tier_id: number; achieved_at: string }>(
          t.database.db,
          sql`select tier_id, to_char(achieved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as achieved_at
            from tier_achievements where agent_id = ${agent.id}`,
        );
        // The running total reached Starter ($5,000) with the second entry, recorded at the time it was made.
        expect(achievements).toEqual([{ tier_id: 1, achieved_at: '2026-11-18T15:00:00' }]);
      });

      it('accepts a date up to 24 hours ahead and any date back to 2000', async () => {
        const t = get();
        const agent = await createAgent(t.database.db);
        const ahead = new Date(NOW.getTime() + 24 * HOUR).toISOString();
        expect((await post(t, { agentId: agent.id, amount: '1', date: ahead })).statusCode).toBe(201);
        expect((await post(t, { agentId: agent.id, amount: '1', date: '2000-01-01T00:00:00Z' })).statusCode).toBe(201);
        expect(await agentTotals(t, agent.id)).toEqual({ total_income: '2.00', total_entries: 2 });
      });
    });

    describe('refusals change nothing', () => {
      let agentId: number;
      beforeAll(async () => {
        agentId = (await createAgent(get().database.db)).id;
      });

      async function expectRefused(t: TestApp, payload: unknown, status: number, message?: string) {
        const before = await databaseState(t);
        const res = await post(t, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        if (message) expect(res.json().message, JSON.stringify(payload)).toBe(message);
        expect(await databaseState(t)).toEqual(before);
        return res;
      }

      it('refuses bad amounts with 400', async () => {
        const t = get();
        const cases: Array<[unknown, string]> = [
          ['12.345', 'Amount must be a number with at most two decimals'],
          [12.345, 'Amount must be a number with at most two decimals'],
          [0, 'Amount cannot be zero'],
          ['0.00', 'Amount cannot be zero'],
          ['-0', 'Amount cannot be zero'],
          ['abc', 'Amount must be a number with at most two decimals'],
          ['1e5', 'Amount must be a number with at most two decimals'],
          ['', 'Amount is required'],
          [null, 'Amount is required'],
          [undefined, 'Amount is required'],
          [true, 'Amount is required'],
          [{}, 'Amount is required'],
          ['1000000000000.00', 'Amount must be at most 999,999,999,999.99 in absolute value'],
          ['-99999999999999999999', 'Amount must be at most 999,999,999,999.99 in absolute value'],
          [1e300, 'Amount must be a number with at most two decimals'],
        ];
        for (const [amount, message] of cases) {
          const res = await expectRefused(t, { agentId, amount }, 400, message);
          expect(res.json().code).toBe('VALIDATION_FAILED');
          expect(res.json().issues).toEqual([{ path: 'amount', message }]);
        }
      });

      it('refuses a missing or malformed agent id with 400 and an unknown agent with 404', async () => {
        const t = get();
        for (const bad of [undefined, null, 'abc', -1, 0, 1.5, 2 ** 31, {}]) {
          await expectRefused(t, { agentId: bad, amount: '10.00' }, 400, 'Please select an agent');
        }
        const res = await expectRefused(t, { agentId: 2_000_000_000, amount: '10.00' }, 404, 'Agent not found');
        expect(res.json().code).toBe('NOT_FOUND');
      });

      it('refuses dates too far ahead, before 2000, or not ISO timestamps', async () => {
        const t = get();
        const justTooLate = new Date(NOW.getTime() + 24 * HOUR + 1000).toISOString();
        await expectRefused(t, { agentId, amount: '10', date: justTooLate }, 400, 'Date cannot be more than 24 hours in the future');
        await expectRefused(t, { agentId, amount: '10', date: '9999-12-31T23:59:59Z' }, 400, 'Date cannot be more than 24 hours in the future');
        await expectRefused(t, { agentId, amount: '10', date: '1999-12-31T23:59:59Z' }, 400, 'Date cannot be before January 1, 2000');
        await expectRefused(t, { agentId, amount: '10', date: '0000-01-01T00:00:00Z' }, 400, 'Date cannot be before January 1, 2000');
        for (const date of ['2026-11-18', 'yesterday', '2026-02-30T00:00:00Z', 1_763_478_000_000, '']) {
          await expectRefused(t, { agentId, amount: '10', date }, 400, 'Date must be an ISO timestamp such as 2026-11-22T10:00:00Z');
        }
      });

      it('takes the deal’s day as a person picks it: today as now, an earlier day at its noon; never a later day', async () => {
        const t = get();
        const today = await post(t, { agentId, amount: '11.00', day: '2026-11-18' });
        expect(today.statusCode).toBe(201);
        expect(incomeEntry.parse(today.json()).date).toBe(NOW.toISOString());
        const yesterday = await post(t, { agentId, amount: '12.00', day: '2026-11-17', description: 'Yesterday’s deal' });
        expect(yesterday.statusCode).toBe(201);
        expect(incomeEntry.parse(yesterday.json()).date).toBe('2026-11-17T12:00:00.000Z');
        await expectRefused(t, { agentId, amount: '10', day: '2026-11-19' }, 400, 'The deal date cannot be after today');
        await expectRefused(t, { agentId, amount: '10', day: '1999-12-31' }, 400, 'The deal date cannot be before January 1, 2000');
        await expectRefused(t, { agentId, amount: '10', day: '2026-02-30' }, 400, 'day must be a date that exists, such as 2026-11-01');
        await expectRefused(t, { agentId, amount: '10', day: '17/11/2026' }, 400, 'day must be a date that exists, such as 2026-11-01');
        await expectRefused(t, { agentId, amount: '10', day: '2026-11-17', date: NOW.toISOString() }, 400, 'Give the date or the day, not both');
      });

      it('refuses descriptions that are too long or not text, and bodies that are not objects', async () => {
        const t = get();
        await expectRefused(t, { agentId, amount: '10', description: 'x'.repeat(501) }, 400, 'Description must be at most 500 characters');
        await expectRefused(t, { agentId, amount: '10', description: 42 }, 400, 'Description must be text');
        await expectRefused(t, { agentId, amount: '10', description: 'a\u0000b' }, 400, 'Description must not contain NUL characters');
        for (const payload of ['null', '[]', '42', '{"agentId":', '']) {
          const before = await databaseState(t);
          const res = await t.request(rawJsonRequest('POST', '/api/income-entries', payload, cookies.owner));
          expect(res.statusCode, payload).toBe(400);
          expect(await databaseState(t)).toEqual(before);
        }
      });

      it('refuses an entry that would take the total beyond the largest amount, keeping every figure', async () => {
        const t = get();
        const agent = await createAgent(t.database.db);
        expect((await post(t, { agentId: agent.id, amount: '999999999999.99' })).statusCode).toBe(201);
        const res = await expectRefused(
          t,
          { agentId: agent.id, amount: '0.01' },
          400,
          'This entry would take the agent total beyond the largest amount the tracker can hold',
        );
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(await agentTotals(t, agent.id)).toEqual({ total_income: '999999999999.99', total_entries: 1 });
        // A deduction still works.
        expect((await post(t, { agentId: agent.id, amount: '-0.99' })).json().newTotal).toBe('999999999999.00');
      });

      it('is for the owner only: 401 anonymous, 403 agent and manager', async () => {
        const t = get();
        const before = await databaseState(t);
        const payload = { agentId, amount: '10.00' };
        const anonymous = await post(t, payload, '');
        expect(anonymous.statusCode).toBe(401);
        for (const cookie of [cookies.agent, cookies.manager]) {
          const res = await post(t, payload, cookie);
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
        expect(await databaseState(t)).toEqual(before);
      });
    });

    it('keeps totals exact under 1,000 concurrent entries over 10 agents', async () => {
      const t = get();
      const agents = await Promise.all(Array.from({ length: 10 }, () => createAgent(t.database.db)));
      const amounts = Array.from({ length: 1000 }, (_, i) => {
        const cents = BigInt(((i * 7919) % 200_000) + 1) * (i % 5 === 0 ? -1n : 1n);
        return { agent: agents[i % 10]!, amount: centsToMoneyString(cents), date: new Date(NOW.getTime() - (i % 400) * 24 * HOUR) };
      });
      const responses = await Promise.all(
        amounts.map(({ agent, amount, date }) => post(t, { agentId: agent.id, amount, date: date.toISOString() })),
      );
      expect(responses.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);

      for (const agent of agents) {
        const mine = amounts.filter((a) => a.agent.id === agent.id);
        const expected = mine.reduce((sum, a) => sum + parseMoneyToCents(a.amount)!, 0n);
        expect(await agentTotals(t, agent.id)).toEqual({ total_income: centsToMoneyString(expected), total_entries: 100 });
        // Each response's new total is the running total after it, in the order the entries were written.
        const written = responses
          .map((r) => incomeEntry.parse(r.json()))
          .filter((e) => e.agentId === agent.id)
          .sort((a, b) => a.id - b.id);
        let running = 0n;
        for (const entry of written) {
          running += parseMoneyToCents(entry.amount)!;
          expect(entry.newTotal).toBe(centsToMoneyString(running));
        }
      }
      expect(await checkConsistency(t.database.db, t.config.orgTimezone)).toEqual([]);
    }, 90_000);
  },
  { now: NOW },
);
