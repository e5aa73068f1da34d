// Voiding income entries (docs/product.md §12.11): a reversal instead of an edit, totals, roll-ups and tiers follow in
// the same transaction, refusals are 409 and change nothing, concurrent voids leave one winner, db:check passes.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { ownerDashboard } from '../../contract/dashboard';
import { createdIncomeEntry, incomeEntryPage, voidedIncomeEntry } from '../../contract/income-entries';
import { claimCreated } from '../../contract/rewards';
import { queryRows } from '../../server/db/client';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { readTvWins } from '../../server/db/queries/tv-links';
import { createApiToken } from '../factories/api-tokens';
import { createAgent, signInAgent, signedInUser } from '../factories/accounts';
import { createRewardOption } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';
import { sequenceAll } from '../../server/db/sequencer';

type Headers = Record<string, string>;

const NOW = new Date('2026-11-18T15:00:00Z');

describeEachEngine('voiding income entries', (get) => {
  let owner: { cookie: string; name: string; id: number };
  let manager: { cookie: string };

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    owner = await signedInUser(t, 'owner');
    manager = await signedInUser(t, 'manager');
  });

  const asOwner = (): Headers => ({ cookie: owner.cookie });

  async function record(t: TestApp, agentId: number, amount: string, date = NOW, headers = asOwner()) {
    const res = await t.request({ method: 'POST', url: '/api/income-entries', headers, payload: { agentId, amount, date: date.toISOString(), description: `Deal of ${amount}` } });
    expect(res.statusCode, res.body).toBe(201);
    return createdIncomeEntry.parse(res.json());
  }

  const voidEntry = (t: TestApp, id: number | string, body: unknown, headers = asOwner()) =>
    t.request({ method: 'POST', url: `/api/income-entries/${id}/void`, headers, payload: body as Record<string, unknown> });

  /** What a void may change: the agent's figures, its entries, roll-ups, achievements and events. */
  async function fingerprint(t: TestApp, agentId: number) {
    await sequenceAll(t.database.db);
    const [row] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select
          (select row(total_income, total_entries, peak_total)::text from agents where id = ${agentId}) as agent,
          (select string_agg(row(id, amount, new_total, voided_at, void_reason, voids_entry_id)::text, ';' order by id) from income_entries where agent_id = ${agentId}) as entries,
          (select string_agg(row(period_kind, period_start, income)::text, ';' order by 1) from agent_period_totals where agent_id = ${agentId}) as periods,
          (select string_agg(tier_id::text, ',' order by tier_id) from tier_achievements where agent_id = ${agentId}) as tiers,
          (select count(*)::int from events) as events`,
    );
    return row!;
  }

  async function figures(t: TestApp, agentId: number) {
    const res = await t.request({ method: 'GET', url: '/api/owner/dashboard', headers: asOwner() });
    expect(res.statusCode).toBe(200);
    const agent = ownerDashboard.parse(res.json()).agents.find((a) => a.id === agentId)!;
    return { total: agent.totalIncome, week: agent.weeklyIncome, month: agent.monthlyIncome, year: agent.yearlyIncome, entries: agent.totalEntries };
  }

  it('writes a reversal on the voided entry’s date, marks the entry voided with who and why, and every figure follows', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    await record(t, agent.id, '1200.00');
    // Back-dated into last month: its roll-ups are last month's, and so are its reversal's.
    const mistake = await record(t, agent.id, '2500.50', new Date('2026-10-30T12:00:00Z'));
    await record(t, agent.id, '-200.00');
    expect(await figures(t, agent.id)).toEqual({ total: '3500.50', week: '1000.00', month: '1000.00', year: '3500.50', entries: 3 });

    const res = await voidEntry(t, mistake.id, { reason: '  Typed 2,500.50 instead of 250.05  ' });
    expect(res.statusCode, res.body).toBe(200);
    const voided = voidedIncomeEntry.parse(res.json());
    expect(voided.entry).toMatchObject({
      id: mistake.id,
      amount: '2500.50',
      newTotal: mistake.newTotal,
      voidedAt: NOW.toISOString(),
      voidedBy: owner.name,
      voidReason: 'Typed 2,500.50 instead of 250.05',
      voidsEntryId: null,
    });
    expect(voided.reversal).toMatchObject({
      agentId: agent.id,
      amount: '-2500.50',
      transactionType: 'deduction',
      date: mistake.date,
      newTotal: '1000.00',
      description: 'Deal of 2500.50',
      voidsEntryId: mistake.id,
      voidedAt: null,
      createdAt: NOW.toISOString(),
    });
    expect(voided.tiersTakenBack).toEqual([]);
    expect(voided.tiersReached).toEqual([]);
    // The voided entry and its reversal no longer count as entries; October's roll-ups net to nothing.
    expect(await figures(t, agent.id)).toEqual({ total: '1000.00', week: '1000.00', month: '1000.00', year: '1000.00', entries: 2 });
    const [october] = await queryRows<{ income: string }>(
      t.database.db,
      sql`select income::text from agent_period_totals where agent_id = ${agent.id} and period_kind = 'month' and period_start = '2026-10-01'`,
    );
    expect(october).toEqual({ income: '0.00' });

    // Both stay in the ledger, shown as what they are.
    const list = await t.request({ method: 'GET', url: `/api/income-entries?agentId=${agent.id}`, headers: asOwner() });
    const page = incomeEntryPage.parse(list.json());
    expect(page.entries.map((e) => [e.amount, e.voidsEntryId, e.voidReason])).toEqual([
      ['-200.00', null, null],
      ['1200.00', null, null],
      ['-2500.50', mistake.id, null],
      ['2500.50', null, 'Typed 2,500.50 instead of 250.05'],
    ]);

    // One entry.voided event, whose private part names the reversal and the reason.
    await sequenceAll(t.database.db);
    const events = await queryRows<{ public_data: Record<string, unknown>; private_data: Record<string, unknown> }>(
      t.database.db,
      sql`select public_data, private_data from events where type = 'entry.voided' and agent_id = ${agent.id}`,
    );
    expect(events).toEqual([
      {
        public_data: { entryId: mistake.id, agentId: agent.id, agentName: agent.name, amount: '2500.50' },
        private_data: { reversalEntryId: voided.reversal.id, newTotal: '1000.00', reason: 'Typed 2,500.50 instead of 250.05', voidedBy: owner.name, tiersTakenBack: [] },
      },
    ]);
    expect(await checkConsistency(t.database.db, 'UTC')).toEqual([]);
  });

  it('refuses a second void, a void of a reversal, an unknown entry and a missing or too long reason, changing nothing', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const entry = await record(t, agent.id, '300.00');
    const other = await record(t, agent.id, '40.00');
    const first = voidedIncomeEntry.parse((await voidEntry(t, entry.id, { reason: 'Duplicate' })).json());
    const before = await fingerprint(t, agent.id);

    const refusals: Array<[number | string, unknown, number, string]> = [
      [entry.id, { reason: 'Again' }, 409, `Entry ${entry.id} is already voided`],
      [first.reversal.id, { reason: 'Undo the undo' }, 409, `Entry ${first.reversal.id} is the reversal of entry ${entry.id}: it cannot be voided`],
      [999_999_999, { reason: 'Nobody' }, 404, 'Income entry not found'],
      ['abc', { reason: 'Nobody' }, 404, 'Income entry not found'],
      [other.id, {}, 400, 'A void needs a reason'],
      [other.id, { reason: '   ' }, 400, 'A void needs a reason'],
      [other.id, { reason: 'x'.repeat(1001) }, 400, 'Must be at most 1000 characters'],
      [other.id, { reason: 'ok', extra: 1 }, 400, ''],
    ];
    for (const [id, body, status, message] of refusals) {
      const res = await voidEntry(t, id, body);
      expect(res.statusCode, `${String(id)} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      if (message) expect(res.body).toContain(message);
    }
    expect(await fingerprint(t, agent.id)).toEqual(before);
    // A reason of exactly 1,000 characters is taken.
    expect((await voidEntry(t, other.id, { reason: 'y'.repeat(1000) })).statusCode).toBe(200);
  });

  it('takes back a tier only the voided entry reached, keeps one reached without it, and the agent can reach it again', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    await record(t, agent.id, '3000.00');
    const mistake = await record(t, agent.id, '4000.00'); // 7,000: Starter ($5,000)
    const res = await voidEntry(t, mistake.id, { reason: 'Wrong agent' });
    expect(res.statusCode, res.body).toBe(200);
    expect(voidedIncomeEntry.parse(res.json()).tiersTakenBack).toEqual([{ tierId: 1, tierName: 'Starter' }]);
    expect((await fingerprint(t, agent.id)).tiers).toBeNull();
    expect((await fingerprint(t, agent.id)).agent).toBe('(3000.00,1,3000.00)');
    // Reached again by a real entry.
    await record(t, agent.id, '2500.00');
    expect((await fingerprint(t, agent.id)).tiers).toBe('1');

    // Reached at 6,000 before a deduction and a mistaken entry: voiding the mistake keeps Starter.
    const other = await createAgent(t.database.db);
    await record(t, other.id, '6000.00');
    await record(t, other.id, '-2000.00');
    const later = await record(t, other.id, '9000.00'); // 13,000: Bronze ($10,000)
    const kept = voidedIncomeEntry.parse((await voidEntry(t, later.id, { reason: 'Not closed yet' })).json());
    expect(kept.tiersTakenBack).toEqual([{ tierId: 2, tierName: 'Bronze' }]);
    expect((await fingerprint(t, other.id)).tiers).toBe('1');
    expect((await fingerprint(t, other.id)).agent).toBe('(4000.00,2,6000.00)');
    expect(await checkConsistency(t.database.db, 'UTC')).toEqual([]);
  });

  it('records a tier that voiding a deduction reaches, with its tier.reached event', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const deduction = await record(t, agent.id, '-0.01');
    await record(t, agent.id, '5000.00'); // 4,999.99: not yet Starter
    expect((await fingerprint(t, agent.id)).tiers).toBeNull();
    const voided = voidedIncomeEntry.parse((await voidEntry(t, deduction.id, { reason: 'Fee charged twice' })).json());
    expect(voided.tiersReached).toEqual([{ tierId: 1, tierName: 'Starter' }]);
    expect(voided.tiersTakenBack).toEqual([]);
    expect((await fingerprint(t, agent.id)).tiers).toBe('1');
    await sequenceAll(t.database.db);
    const events = await queryRows<{ public_data: Record<string, unknown> }>(
      t.database.db,
      sql`select public_data from events where type = 'tier.reached' and agent_id = ${agent.id}`,
    );
    expect(events.map((event) => event.public_data.tierName)).toEqual(['Starter']);
    expect(await checkConsistency(t.database.db, 'UTC')).toEqual([]);
  });

  it('refuses to take back a tier whose reward is claimed until the claim is rejected', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const entry = await record(t, agent.id, '5000.00');
    const option = await createRewardOption(t.database.db, { tierId: 1, title: 'Voucher' });
    const { cookie } = await signInAgent(t.database.db, agent, NOW);
    const claim = await t.request({
      method: 'POST',
      url: '/api/agents/claim-reward',
      headers: { cookie },
      payload: { tierId: 1, rewardOptionId: option.id, agentData: { name: 'Pat Example', email: 'pat@example.test', address: '1 Main Street' } },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const claimId = claimCreated.parse(claim.json()).claim.id;
    const before = await fingerprint(t, agent.id);

    const refused = await voidEntry(t, entry.id, { reason: 'Mistake' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Voiding entry ${entry.id} would take the Starter tier back from ${agent.name}, whose reward for it is claimed (pending): reject that claim first`,
    );
    expect(await fingerprint(t, agent.id)).toEqual(before);

    const rejected = await t.request({ method: 'PATCH', url: `/api/reward-claims/${claimId}`, headers: asOwner(), payload: { status: 'rejected', reason: 'The sale was voided' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await voidEntry(t, entry.id, { reason: 'Mistake' })).statusCode).toBe(200);
  });

  it('leaves exactly one winner among concurrent voids of one entry', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    await record(t, agent.id, '100.00');
    const entry = await record(t, agent.id, '700.00');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => voidEntry(t, entry.id, { reason: `Void ${i}` })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const [counted] = await queryRows<{ reversals: number; total: string }>(
      t.database.db,
      sql`select (select count(*)::int from income_entries where voids_entry_id = ${entry.id}) as reversals,
        (select total_income::text from agents where id = ${agent.id}) as total`,
    );
    expect(counted).toEqual({ reversals: 1, total: '100.00' });
  });

  it('voids a deduction with a positive reversal that never shows as a win on TV', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const win = await record(t, agent.id, '900.00');
    const deduction = await record(t, agent.id, '-150.00');
    const voided = voidedIncomeEntry.parse((await voidEntry(t, deduction.id, { reason: 'Refund cancelled' })).json());
    expect(voided.reversal).toMatchObject({ amount: '150.00', transactionType: 'addition', newTotal: '900.00' });
    const wins = (await readTvWins(t.database.db, true, 'UTC')).filter((w) => w.agentId === agent.id);
    expect(wins.map((w) => w.entryId)).toEqual([win.id]);
    // A voided win leaves the ticker too.
    await voidEntry(t, win.id, { reason: 'Wrong deal' });
    expect((await readTvWins(t.database.db, true, 'UTC')).filter((w) => w.agentId === agent.id)).toEqual([]);
  });

  it('is for the owner and entries:write tokens (named as the voider); managers, agents and read tokens are refused', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const entry = await record(t, agent.id, '80.00');
    const agentCookie = (await signInAgent(t.database.db, agent, NOW)).cookie;
    const readToken = await createApiToken(t.database.db, owner, ['read']);
    const writeToken = await createApiToken(t.database.db, owner, ['entries:write'], { name: 'CRM sync' });
    expect((await voidEntry(t, entry.id, { reason: 'x' }, {})).statusCode).toBe(401);
    expect((await voidEntry(t, entry.id, { reason: 'x' }, { cookie: manager.cookie })).statusCode).toBe(403);
    expect((await voidEntry(t, entry.id, { reason: 'x' }, { cookie: agentCookie })).statusCode).toBe(403);
    expect((await voidEntry(t, entry.id, { reason: 'x' }, { authorization: readToken.authorization })).statusCode).toBe(403);
    const res = await voidEntry(t, entry.id, { reason: 'Deal deleted in the CRM' }, { authorization: writeToken.authorization });
    expect(res.statusCode, res.body).toBe(200);
    expect(voidedIncomeEntry.parse(res.json()).entry.voidedBy).toBe('API token "CRM sync"');
  });

  it('deletes an agent with voided entries as before, and db:check reports a void without its reversal', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const entry = await record(t, agent.id, '50.00');
    await voidEntry(t, entry.id, { reason: 'Test' });
    expect((await t.request({ method: 'DELETE', url: `/api/agents/${agent.id}`, headers: asOwner() })).statusCode).toBe(204);
    const [left] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from income_entries where agent_id = ${agent.id}`);
    expect(left!.n).toBe(0);

    const broken = await createAgent(t.database.db);
    const lost = await record(t, broken.id, '60.00');
    const lostVoid = voidedIncomeEntry.parse((await voidEntry(t, lost.id, { reason: 'Test' })).json());
    // The reversal goes, as if someone deleted it by hand: the totals drift and the void has nothing to mirror it.
    await t.database.db.execute(sql`delete from income_entries where id = ${lostVoid.reversal.id}`);
    const drifts = await checkConsistency(t.database.db, 'UTC');
    expect(drifts).toContainEqual({ kind: 'unmatched-void', entryId: lost.id, agentId: broken.id });
    await t.request({ method: 'DELETE', url: `/api/agents/${broken.id}`, headers: asOwner() });
    expect(await checkConsistency(t.database.db, 'UTC')).toEqual([]);
  });
});
