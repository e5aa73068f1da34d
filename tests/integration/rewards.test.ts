import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { agentRewardData, rewardOption } from '../../contract/rewards';
import { queryRows } from '../../server/db/client';
import { createAgent, signedInAgent, signedInUser } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { describeEachEngine, rawJsonRequest, type TestApp } from '../support/test-app';

async function countOptions(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from reward_options`);
  return row!.n;
}

const validOption = { title: 'Spa Day', description: 'A full day at a spa of your choice', category: 'Experience', tierId: 5 };

describeEachEngine('GET /api/rewards/tier/{tierId}', (get) => {
  let activeIds: number[];
  let inactiveId: number;
  beforeAll(async () => {
    const db = get().database.db;
    activeIds = [
      (await createRewardOption(db, { tierId: 2, title: 'Amazon Gift Card', category: 'Gift Card' })).id,
      (await createRewardOption(db, { tierId: 2, title: 'Lunch with the CEO', category: 'Experience' })).id,
    ];
    inactiveId = (await createRewardOption(db, { tierId: 2, title: 'Old Mug', isActive: false })).id;
    await createRewardOption(db, { tierId: 3, title: 'Headphones' });
  });

  it('shows agents only the active options of the tier', async () => {
    const t = get();
    const agent = await signedInAgent(t);
    const res = await t.request({ method: 'GET', url: '/api/rewards/tier/2', headers: { cookie: agent.cookie } });
    expect(res.statusCode).toBe(200);
    const options = rewardOption.array().parse(res.json());
    expect(options.map((o) => o.id)).toEqual(activeIds);
    expect(options[0]).toEqual({
      id: activeIds[0],
      tierId: 2,
      title: 'Amazon Gift Card',
      description: 'A reward made by a test factory',
      category: 'Gift Card',
      isActive: true,
    });
  });

  it('shows owners and managers the inactive options too', async () => {
    const t = get();
    for (const role of ['owner', 'manager'] as const) {
      const user = await signedInUser(t, role);
      const res = await t.request({ method: 'GET', url: '/api/rewards/tier/2', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      const options = rewardOption.array().parse(res.json());
      expect(options.map((o) => o.id)).toEqual([...activeIds, inactiveId]);
      expect(options[2]!.isActive).toBe(false);
    }
  });

  it('gives an empty list for a tier without options', async () => {
    const t = get();
    const agent = await signedInAgent(t);
    const res = await t.request({ method: 'GET', url: '/api/rewards/tier/12', headers: { cookie: agent.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await get().request({ method: 'GET', url: '/api/rewards/tier/2' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 404 to unknown and malformed tier ids', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    for (const id of ['13', '0', '-1', 'abc', '2.5', '2147483648', '99999999999999999999']) {
      const res = await t.request({ method: 'GET', url: `/api/rewards/tier/${id}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Tier not found', code: 'NOT_FOUND' });
    }
  });
});

describeEachEngine('POST /api/rewards', (get) => {
  it('lets the owner add an option, active unless told otherwise', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const res = await t.request({ method: 'POST', url: '/api/rewards', headers: { cookie: owner.cookie }, payload: validOption });
    expect(res.statusCode).toBe(201);
    const created = rewardOption.parse(res.json());
    expect(created).toEqual({ id: expect.any(Number), ...validOption, isActive: true });

    const inactive = await t.request({
      method: 'POST',
      url: '/api/rewards',
      headers: { cookie: owner.cookie },
      payload: { ...validOption, title: '  Spa Weekend  ', tierId: '6', isActive: false },
    });
    expect(inactive.statusCode).toBe(201);
    expect(inactive.json()).toMatchObject({ title: 'Spa Weekend', tierId: 6, isActive: false });

    const list = await t.request({ method: 'GET', url: '/api/rewards/tier/5', headers: { cookie: owner.cookie } });
    expect(list.json()).toEqual([created]);
  });

  it('answers 404 Tier not found for a tier that does not exist', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const before = await countOptions(t);
    const res = await t.request({ method: 'POST', url: '/api/rewards', headers: { cookie: owner.cookie }, payload: { ...validOption, tierId: 13 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Tier not found', code: 'NOT_FOUND' });
    expect(await countOptions(t)).toBe(before);
  });

  it('answers 401 to anonymous callers and 403 to agents and managers', async () => {
    const t = get();
    const agent = await signedInAgent(t);
    const manager = await signedInUser(t, 'manager');
    const before = await countOptions(t);
    expect((await t.request({ method: 'POST', url: '/api/rewards', payload: validOption })).statusCode).toBe(401);
    for (const cookie of [agent.cookie, manager.cookie]) {
      const res = await t.request({ method: 'POST', url: '/api/rewards', headers: { cookie }, payload: validOption });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await countOptions(t)).toBe(before);
  });

  it('answers 400 with the form messages to malformed bodies and changes nothing', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const cases: Array<[unknown, string]> = [
      [{ ...validOption, title: '' }, 'Title is required'],
      [{ ...validOption, title: undefined }, 'Title is required'],
      [{ ...validOption, description: '   ' }, 'Description is required'],
      [{ ...validOption, category: 'Car' }, 'Category is required'],
      [{ ...validOption, category: undefined }, 'Category is required'],
      [{ ...validOption, tierId: 'gold' }, 'Tier is required'],
      [{ ...validOption, tierId: 0 }, 'Tier is required'],
      [{ ...validOption, tierId: 1.5 }, 'Tier is required'],
      [{ ...validOption, tierId: true }, 'Tier is required'],
      [{ ...validOption, tierId: [5] }, 'Tier is required'],
      [{ ...validOption, tierId: 2_147_483_648 }, 'Tier is required'],
      [{ ...validOption, tierId: '99999999999999999999' }, 'Tier is required'],
      [{ ...validOption, isActive: 'yes' }, 'isActive must be true or false'],
      [{ ...validOption, title: 42 }, 'Title is required'],
      [{ ...validOption, title: 'x'.repeat(121) }, 'Must be at most 120 characters'],
    ];
    const before = await countOptions(t);
    for (const [payload, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/rewards', headers: { cookie: owner.cookie }, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toContain(message);
    }
    for (const payload of ['[]', 'null', '"text"', '{"title":', '']) {
      const res = await t.request(rawJsonRequest('POST', '/api/rewards', payload, owner.cookie));
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await countOptions(t)).toBe(before);
  });
});

describeEachEngine('DELETE /api/rewards/{id}', (get) => {
  it('lets the owner delete an option: 204 without a body, then 404', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const option = await createRewardOption(t.database.db, { tierId: 4 });
    const res = await t.request({ method: 'DELETE', url: `/api/rewards/${option.id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const list = await t.request({ method: 'GET', url: '/api/rewards/tier/4', headers: { cookie: owner.cookie } });
    expect(list.json()).toEqual([]);

    const again = await t.request({ method: 'DELETE', url: `/api/rewards/${option.id}`, headers: { cookie: owner.cookie } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Reward option not found', code: 'NOT_FOUND' });
  });

  it('keeps the title of claims made with the deleted option', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const agent = await createAgent(t.database.db);
    const option = await createRewardOption(t.database.db, { tierId: 1, title: 'Swag Pack' });
    const claim = await createPendingClaim(t.database.db, { agentId: agent.id, tierId: 1, rewardOptionId: option.id, rewardTitle: 'Swag Pack' });
    const res = await t.request({ method: 'DELETE', url: `/api/rewards/${option.id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(204);
    const [row] = await queryRows<{ reward_title: string; reward_option_id: number | null }>(
      t.database.db,
      sql`select reward_title, reward_option_id from reward_claims where id = ${claim.id}`,
    );
    expect(row).toEqual({ reward_title: 'Swag Pack', reward_option_id: null });
  });

  it('answers 401 to anonymous callers and 403 to agents and managers, deleting nothing', async () => {
    const t = get();
    const option = await createRewardOption(t.database.db, { tierId: 4 });
    const agent = await signedInAgent(t);
    const manager = await signedInUser(t, 'manager');
    const before = await countOptions(t);
    expect((await t.request({ method: 'DELETE', url: `/api/rewards/${option.id}` })).statusCode).toBe(401);
    for (const cookie of [agent.cookie, manager.cookie]) {
      expect((await t.request({ method: 'DELETE', url: `/api/rewards/${option.id}`, headers: { cookie } })).statusCode).toBe(403);
    }
    expect(await countOptions(t)).toBe(before);
  });

  it('answers 404 to malformed ids', async () => {
    const t = get();
    const owner = await signedInUser(t, 'owner');
    const before = await countOptions(t);
    for (const id of ['abc', '0', '-3', '1e3', '2147483648', '99999999999999999999']) {
      const res = await t.request({ method: 'DELETE', url: `/api/rewards/${id}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode, id).toBe(404);
    }
    expect(await countOptions(t)).toBe(before);
  });
});

describeEachEngine('GET /api/rewards/agent/{agentId}', (get) => {
  let agent: { id: number; cookie: string };
  let options: { bronze: number; starter: number; starterInactive: number; silver: number };

  beforeAll(async () => {
    const t = get();
    const db = t.database.db;
    options = {
      starter: (await createRewardOption(db, { tierId: 1, title: 'Coffee Gift Card', description: '$50 of coffee', category: 'Gift Card' })).id,
      starterInactive: (await createRewardOption(db, { tierId: 1, title: 'Old Mug', isActive: false })).id,
      bronze: (await createRewardOption(db, { tierId: 2, title: 'Headset', category: 'Physical Item' })).id,
      silver: (await createRewardOption(db, { tierId: 3, title: 'Spa Day', category: 'Experience' })).id,
    };
    agent = await signedInAgent(t, { total: '12500.00' });
    await createPendingClaim(db, { agentId: agent.id, tierId: 1, rewardOptionId: options.starter, rewardTitle: 'Coffee Gift Card' });
  });

  it('lists the tiers the current total reaches, by order, with claimed state and active options', async () => {
    const t = get();
    const res = await t.request({ method: 'GET', url: `/api/rewards/agent/${agent.id}`, headers: { cookie: agent.cookie } });
    expect(res.statusCode).toBe(200);
    expect(agentRewardData.parse(res.json())).toEqual({
      achievedTiers: [
        {
          tier: { id: 1, name: 'Starter', threshold: '5000.00' },
          hasClaimedReward: true,
          rewards: [{ id: options.starter, title: 'Coffee Gift Card', description: '$50 of coffee', value: 'Gift Card' }],
        },
        {
          tier: { id: 2, name: 'Bronze', threshold: '10000.00' },
          hasClaimedReward: false,
          rewards: [{ id: options.bronze, title: 'Headset', description: 'A reward made by a test factory', value: 'Physical Item' }],
        },
      ],
    });
  });

  it('drops a tier once a deduction takes the total below it, and includes one reached exactly', async () => {
    const t = get();
    const other = await signedInAgent(t, { total: '20000.00' });
    const before = await t.request({ method: 'GET', url: `/api/rewards/agent/${other.id}`, headers: { cookie: other.cookie } });
    expect(before.json().achievedTiers.map((a: { tier: { name: string } }) => a.tier.name)).toEqual(['Starter', 'Bronze', 'Silver']);
    await addIncome(t.database.db, other, '-0.01', { now: t.clock.now });
    const after = await t.request({ method: 'GET', url: `/api/rewards/agent/${other.id}`, headers: { cookie: other.cookie } });
    expect(after.json().achievedTiers.map((a: { tier: { name: string } }) => a.tier.name)).toEqual(['Starter', 'Bronze']);
  });

  it('gives an empty list to an agent below the first tier or in the negative', async () => {
    const t = get();
    const poor = await signedInAgent(t, { total: '-250.00' });
    const res = await t.request({ method: 'GET', url: `/api/rewards/agent/${poor.id}`, headers: { cookie: poor.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ achievedTiers: [] });
  });

  it('lets managers and owners read any agent, and answers them 404 for an unknown agent', async () => {
    const t = get();
    for (const role of ['manager', 'owner'] as const) {
      const user = await signedInUser(t, role);
      const res = await t.request({ method: 'GET', url: `/api/rewards/agent/${agent.id}`, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().achievedTiers).toHaveLength(2);
      for (const id of ['999999', 'abc', '0', '2147483648']) {
        const missing = await t.request({ method: 'GET', url: `/api/rewards/agent/${id}`, headers: { cookie: user.cookie } });
        expect(missing.statusCode, id).toBe(404);
        expect(missing.json()).toEqual({ message: 'Agent not found', code: 'NOT_FOUND' });
      }
    }
  });

  it("answers 403 to an agent asking for another agent's rewards and 401 to anonymous callers", async () => {
    const t = get();
    const other = await signedInAgent(t, { total: '50000.00' });
    const res = await t.request({ method: 'GET', url: `/api/rewards/agent/${other.id}`, headers: { cookie: agent.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const unknown = await t.request({ method: 'GET', url: '/api/rewards/agent/999999', headers: { cookie: agent.cookie } });
    expect(unknown.statusCode).toBe(403);
    const anonymous = await t.request({ method: 'GET', url: `/api/rewards/agent/${agent.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
