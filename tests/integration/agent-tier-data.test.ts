import { expect, it } from 'vitest';
import { agentTierData } from '../../contract/agent-tier-data';
import type { AgentRewardData } from '../../contract/rewards';
import { TIER_DEFINITIONS } from '../../contract/tiers';
import { createUser, signedInAgent, signInUser } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';

/** An agent named after its income, so that each test's agent is told apart by name. */
const aiko = (t: TestApp, total = '0.00') => signedInAgent(t, { total, firstName: 'Aiko', lastName: `Tanaka${total}` });


async function tierData(t: TestApp, cookie: string) {
  const res = await t.request({ method: 'GET', url: '/api/agent-tier-data', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return agentTierData.parse(res.json());
}

describeEachEngine('GET /api/agent-tier-data', (get) => {
  it('gives a new agent a zero total, no claims, Starter as the next tier, and all 12 tiers by order', async () => {
    const t = get();
    const agent = await aiko(t);
    const data = await tierData(t, agent.cookie);
    expect(data.agent).toEqual({
      id: agent.id,
      name: agent.name,
      totalIncome: '0.00',
      claimedTiers: [],
      nextTier: { id: 1, name: 'Starter', threshold: '5000.00' },
    });
    expect(data.tiers).toHaveLength(12);
    expect(data.tiers.map((tier) => tier.name)).toEqual(TIER_DEFINITIONS.map((d) => d.name));
    expect(data.tiers.map((tier) => tier.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(data.tiers[3]).toEqual({ id: 4, name: 'Gold', color: '#eab308', order: 4, threshold: '35000.00', rewards: 'Coming Soon', rewardOptions: [] });
  });

  it('names as next tier the first one above the total: a tier reached exactly is not next', async () => {
    const t = get();
    const cases: Array<[string, string | null]> = [
      ['4999.99', 'Starter'],
      ['10000.00', 'Silver'],
      ['-75.50', 'Starter'],
      ['999999.99', 'Legend'],
      ['1000000.00', null],
    ];
    for (const [total, next] of cases) {
      const agent = await aiko(t, total);
      const data = await tierData(t, agent.cookie);
      expect(data.agent.totalIncome).toBe(total);
      expect(data.agent.nextTier?.name ?? null, total).toBe(next);
    }
  });

  it('answers agents asking at the same moment each with its own total, claims and next tier', async () => {
    const t = get();
    const totals = ['4999.99', '10000.00', '-75.50', '999999.99', '1000000.00'];
    const agents = await Promise.all(totals.map((total) => aiko(t, total)));
    const option = await createRewardOption(t.database.db, { tierId: 1 });
    await createPendingClaim(t.database.db, { agentId: agents[1]!.id, tierId: 1, rewardOptionId: option.id });
    const answers = await Promise.all(agents.map((agent) => tierData(t, agent.cookie)));
    expect(answers.map((data) => [data.agent.id, data.agent.totalIncome, data.agent.claimedTiers, data.agent.nextTier?.name ?? null])).toEqual([
      [agents[0]!.id, '4999.99', [], 'Starter'],
      [agents[1]!.id, '10000.00', [1], 'Silver'],
      [agents[2]!.id, '-75.50', [], 'Starter'],
      [agents[3]!.id, '999999.99', [], 'Legend'],
      [agents[4]!.id, '1000000.00', [], null],
    ]);
  });

  it('lists the tiers the agent has claimed, and only its own', async () => {
    const t = get();
    const agent = await aiko(t, '25000.00');
    const other = await aiko(t, '25000.00');
    const starter = await createRewardOption(t.database.db, { tierId: 1 });
    const silver = await createRewardOption(t.database.db, { tierId: 3 });
    await createPendingClaim(t.database.db, { agentId: agent.id, tierId: 3, rewardOptionId: silver.id });
    await createPendingClaim(t.database.db, { agentId: agent.id, tierId: 1, rewardOptionId: starter.id });
    await createPendingClaim(t.database.db, { agentId: other.id, tierId: 1, rewardOptionId: starter.id });

    expect((await tierData(t, agent.cookie)).agent.claimedTiers).toEqual([1, 3]);
    expect((await tierData(t, other.cookie)).agent.claimedTiers).toEqual([1]);
  });

  it('follows a deduction: the total and next tier change, the claims stay', async () => {
    const t = get();
    const agent = await aiko(t, '10000.00');
    const bronze = await createRewardOption(t.database.db, { tierId: 2 });
    await createPendingClaim(t.database.db, { agentId: agent.id, tierId: 2, rewardOptionId: bronze.id });
    await addIncome(t.database.db, agent, '-2000.00', { now: t.clock.now });
    const data = await tierData(t, agent.cookie);
    expect(data.agent.totalIncome).toBe('8000.00');
    expect(data.agent.nextTier).toEqual({ id: 2, name: 'Bronze', threshold: '10000.00' });
    expect(data.agent.claimedTiers).toEqual([2]);
  });

  it("gives each tier its active reward options, oldest first, as the portal's read does; a tier without one cannot be claimed", async () => {
    const t = get();
    const agent = await aiko(t, '250000.00');
    const watch = await createRewardOption(t.database.db, { tierId: 10, title: 'Master watch', description: 'A watch', category: 'Physical Item' });
    await createRewardOption(t.database.db, { tierId: 10, title: 'Switched off', isActive: false });
    const trip = await createRewardOption(t.database.db, { tierId: 10, title: 'Master trip', description: 'Two nights', category: 'Experience' });
    const diamondOff = await createRewardOption(t.database.db, { tierId: 9, title: 'Diamond, switched off', isActive: false });

    const data = await tierData(t, agent.cookie);
    expect(data.tiers[9]!.rewardOptions).toEqual([
      { id: watch.id, title: 'Master watch', description: 'A watch', category: 'Physical Item' },
      { id: trip.id, title: 'Master trip', description: 'Two nights', category: 'Experience' },
    ]);
    // Diamond is reached and offers nothing to pick; the portal's read says the same.
    expect(data.tiers[8]!.rewardOptions).toEqual([]);
    const portal = await t.request({ method: 'GET', url: `/api/rewards/agent/${agent.id}`, headers: { cookie: agent.cookie } });
    const diamond = (portal.json() as AgentRewardData).achievedTiers.find((tier) => tier.tier.name === 'Diamond');
    expect(diamond).toMatchObject({ hasClaimedReward: false, rewards: [] });

    const contact = { name: 'Aiko Tanaka', email: 'aiko@example.test', address: '1 Main Street' };
    const refusals = [
      { url: '/api/agents/claim-reward', payload: { tierId: 9, rewardOptionId: watch.id, agentData: contact }, message: 'This reward is not offered for the Diamond tier' },
      { url: '/api/agents/claim-reward', payload: { tierId: 9, rewardOptionId: diamondOff.id, agentData: contact }, message: 'This reward is no longer available' },
      {
        url: '/api/rewards/claim',
        payload: { agentId: agent.id, rewardId: diamondOff.id, fullName: 'Aiko', email: contact.email, phone: '1', address: 'A', city: 'B', zipcode: 'C' },
        message: 'This reward is no longer available',
      },
    ];
    for (const { url, payload, message } of refusals) {
      const res = await t.request({ method: 'POST', url, headers: { cookie: agent.cookie }, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await tierData(t, agent.cookie)).agent.claimedTiers).toEqual([]);
  });

  it('answers 401 to anonymous callers and 403 to owners and managers', async () => {
    const t = get();
    const anonymous = await t.request({ method: 'GET', url: '/api/agent-tier-data' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    for (const role of ['owner', 'manager'] as const) {
      const user = await createUser(t.database.db, { role });
      const { cookie } = await signInUser(t.database.db, user, t.clock.now);
      const res = await t.request({ method: 'GET', url: '/api/agent-tier-data', headers: { cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This is for agents only', code: 'FORBIDDEN' });
    }
  });

  it('answers 401 to an unknown or malformed agent session cookie', async () => {
    const t = get();
    for (const cookie of ['agent_sid=not-a-real-token', `agent_sid=${'x'.repeat(500)}`, 'agent_sid=']) {
      const res = await t.request({ method: 'GET', url: '/api/agent-tier-data', headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});
