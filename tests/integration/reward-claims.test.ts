import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { claimCreated, rewardClaim, type RewardCategory } from '../../contract/rewards';
import { MANAGERS_DO_NOT_RECORD } from '../../contract/settings';
import { queryRows } from '../../server/db/client';
import { signedInAgent, signedInUser } from '../factories/accounts';
import { addIncome, createRewardOption } from '../factories/rewards';
import { describeEachEngine, rawJsonRequest, type TestApp } from '../support/test-app';

const addOption = (t: TestApp, tierId: number, title: string, options: { isActive?: boolean; category?: RewardCategory } = {}) =>
  createRewardOption(t.database.db, { tierId, title, description: `${title} description`, category: options.category ?? 'Gift Card', ...options });

async function countClaims(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from reward_claims`);
  return row!.n;
}

async function claimRow(t: TestApp, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(t.database.db, sql`select * from reward_claims where id = ${id}`);
  return row;
}

/** The contact details every portal claim here is sent with, unless a test changes some. */
const portalContact = {
  fullName: 'Jordan Reyes',
  email: 'jordan@example.com',
  phone: '+1 555 0100',
  telegram: '@jordan',
  address: '1 Main Street',
  city: 'Springfield',
  zipcode: '12345',
};

const portalBody = (agentId: number, rewardId: number, extra: Record<string, unknown> = {}) => ({ agentId, rewardId, ...portalContact, ...extra });

const dashboardBody = (tierId: number, rewardOptionId: number, agentData: Record<string, unknown> = {}) => ({
  tierId,
  rewardOptionId,
  agentData: {
    name: 'Priya Natarajan',
    email: 'priya@example.com',
    phone: '555-0101',
    address: '2 High Street, Portland OR 97201',
    shippingInfo: 'Leave at the front desk',
    ...agentData,
  },
});

const PORTAL_CLAIM = '/api/rewards/claim';
const DASHBOARD_CLAIM = '/api/agents/claim-reward';

/** POSTs a claim to one of the claim routes, with the caller's Cookie header or none (anonymous). */
const postClaim = (t: TestApp, url: string, payload: object, cookie?: string) =>
  t.request({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

/** The signed-in `agent` claims reward option `rewardId` in the agent portal, with `portalBody`'s contact details. */
const claimInPortal = (t: TestApp, agent: { id: number; cookie: string }, rewardId: number, extra?: Record<string, unknown>) =>
  postClaim(t, PORTAL_CLAIM, portalBody(agent.id, rewardId, extra), agent.cookie);

/** The signed-in `agent` claims option `rewardOptionId` of tier `tierId` on its tier dashboard. */
const claimOnDashboard = (
  t: TestApp,
  agent: { cookie: string },
  tierId: number,
  rewardOptionId: number,
  agentData?: Record<string, unknown>,
) => postClaim(t, DASHBOARD_CLAIM, dashboardBody(tierId, rewardOptionId, agentData), agent.cookie);

const processUrl = (id: number | string) => `/api/reward-claims/${id}/process`;

/** PATCH /api/reward-claims/{id}/process without a body, with the caller's Cookie header or none (anonymous). */
const processClaim = (t: TestApp, id: number | string, cookie?: string) =>
  t.request({ method: 'PATCH', url: processUrl(id), headers: cookie ? { cookie } : {} });

/** A pending claim the signed-in `agent` made in the agent portal (the test fails unless it was taken): its id. */
async function claimedInPortal(t: TestApp, agent: { id: number; cookie: string }, rewardId: number): Promise<number> {
  const res = await claimInPortal(t, agent, rewardId);
  expect(res.statusCode).toBe(201);
  return claimCreated.parse(res.json()).claim.id;
}

/** Sends a claim that must be refused with `status`, and checks that it was and that no claim was added: the answer. */
async function expectRefused(t: TestApp, send: () => Promise<LightMyRequestResponse>, status: number) {
  const before = await countClaims(t);
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(await countClaims(t)).toBe(before);
  return res;
}

describeEachEngine('POST /api/rewards/claim (agent portal)', (get) => {
  let starterGift: number;
  let bronzeGift: number;
  beforeAll(async () => {
    starterGift = (await addOption(get(), 1, 'Coffee Gift Card')).id;
    bronzeGift = (await addOption(get(), 2, 'Amazon Gift Card')).id;
  });

  it('creates a pending claim for the option tier with every contact field and the option title', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '5000.00' });
    const res = await claimInPortal(t, agent, starterGift);
    expect(res.statusCode).toBe(201);
    const body = claimCreated.parse(res.json());
    expect(body.claim).toEqual({ id: expect.any(Number), tierId: 1, tierName: 'Starter', rewardTitle: 'Coffee Gift Card', status: 'pending' });
    expect(body.message).toBe('Your reward claim has been submitted successfully.');

    const row = await claimRow(t, body.claim.id);
    // The other contact fields are stored in columns of the same name.
    const { fullName, ...sameNamedContact } = portalContact;
    expect(row).toMatchObject({
      agent_id: agent.id,
      tier_id: 1,
      reward_option_id: starterGift,
      reward_title: 'Coffee Gift Card',
      status: 'pending',
      full_name: fullName,
      ...sameNamedContact,
      shipping_instructions: null,
      processed_at: null,
    });
    expect(new Date(row!.claimed_at as string).toISOString()).toBe(t.clock.now.toISOString());
  });

  it('stores an omitted or empty telegram as null', async () => {
    const t = get();
    for (const telegram of [undefined, '']) {
      const agent = await signedInAgent(t, { total: '5000.00' });
      const res = await claimInPortal(t, agent, starterGift, { telegram });
      expect(res.statusCode).toBe(201);
      expect((await claimRow(t, res.json().claim.id))!.telegram).toBeNull();
    }
  });

  it('refuses a tier not reached yet, one cent below the threshold', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '9999.99' });
    const res = await expectRefused(t, () => claimInPortal(t, agent, bronzeGift), 400);
    expect(res.json()).toEqual({ message: 'You have not reached the Bronze tier yet', code: 'VALIDATION_FAILED' });
  });

  it('allows a claim exactly at the threshold', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '10000.00' });
    const res = await claimInPortal(t, agent, bronzeGift);
    expect(res.statusCode).toBe(201);
    expect(res.json().claim.tierName).toBe('Bronze');
  });

  it('refuses a second claim of the same tier with 409, even with another option of that tier', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '6000.00' });
    const other = (await addOption(t, 1, 'Swag Pack')).id;
    await claimedInPortal(t, agent, starterGift);
    const second = await expectRefused(t, () => claimInPortal(t, agent, other), 409);
    expect(second.json()).toEqual({ message: 'You have already claimed the reward for the Starter tier', code: 'CONFLICT' });
  });

  it('refuses an inactive option with 400 and an unknown option with 404', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '6000.00' });
    const inactive = (await addOption(t, 1, 'Retired Mug', { isActive: false })).id;
    const res = await expectRefused(t, () => claimInPortal(t, agent, inactive), 400);
    expect(res.json()).toEqual({ message: 'This reward is no longer available', code: 'VALIDATION_FAILED' });

    const unknown = await expectRefused(t, () => claimInPortal(t, agent, 2_000_000_000), 404);
    expect(unknown.json()).toEqual({ message: 'Reward option not found', code: 'NOT_FOUND' });
  });

  it('refuses a claim naming another agent with 403', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '6000.00' });
    const other = await signedInAgent(t, { total: '6000.00' });
    const res = await expectRefused(t, () => postClaim(t, PORTAL_CLAIM, portalBody(other.id, starterGift), agent.cookie), 403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('answers 401 to anonymous callers and 403 to owners and managers', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '6000.00' });
    const owner = await signedInUser(t, 'owner');
    const manager = await signedInUser(t, 'manager');
    const anonymous = await expectRefused(t, () => postClaim(t, PORTAL_CLAIM, portalBody(agent.id, starterGift)), 401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    for (const user of [owner, manager]) {
      const res = await expectRefused(t, () => postClaim(t, PORTAL_CLAIM, portalBody(agent.id, starterGift), user.cookie), 403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers 400 to malformed bodies and changes nothing', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '6000.00' });
    const good = portalBody(agent.id, starterGift);
    const bad: unknown[] = [
      {},
      [],
      null,
      'text',
      42,
      { ...good, rewardId: 'abc' },
      { ...good, rewardId: 99_999_999_999_999 },
      { ...good, rewardId: -1 },
      { ...good, rewardId: 1.5 },
      { ...good, rewardId: null },
      { ...good, rewardId: true },
      { ...good, rewardId: [starterGift] },
      { ...good, rewardId: `${starterGift}abc` },
      { ...good, agentId: 'me' },
      { ...good, fullName: '' },
      { ...good, fullName: '   ' },
      { ...good, fullName: 12 },
      { ...good, email: 'not-an-email' },
      { ...good, phone: undefined },
      { ...good, address: ['1 Main Street'] },
      { ...good, city: undefined },
      { ...good, zipcode: { code: 1 } },
      { ...good, telegram: 5 },
      { ...good, fullName: 'x'.repeat(201) },
    ];
    const before = await countClaims(t);
    for (const payload of bad) {
      const res = await t.request(rawJsonRequest('POST', PORTAL_CLAIM, JSON.stringify(payload), agent.cookie));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const [payload, contentType] of [
      ['{"agentId":', 'application/json'],
      ['agentId=1', 'application/x-www-form-urlencoded'],
      ['', 'application/json'],
    ] as const) {
      const res = await t.request({ method: 'POST', url: PORTAL_CLAIM, headers: { cookie: agent.cookie, 'content-type': contentType }, payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await countClaims(t)).toBe(before);
  });

  it('lets exactly one of 50 simultaneous claims of one tier through', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '20000.00' });
    const silver = (await addOption(t, 3, 'Wireless Headphones', { category: 'Physical Item' })).id;
    const responses = await Promise.all(Array.from({ length: 50 }, () => claimInPortal(t, agent, silver)));
    const statuses = responses.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({ message: 'You have already claimed the reward for the Silver tier', code: 'CONFLICT' });
    }
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from reward_claims where agent_id = ${agent.id} and tier_id = 3`,
    );
    expect(row!.n).toBe(1);
  });

  it('refuses a claim after a deduction took the total below the threshold', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '10000.00' });
    await addIncome(t.database.db, agent, '-0.01', { now: t.clock.now });
    const res = await claimInPortal(t, agent, bronzeGift);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You have not reached the Bronze tier yet');
  });
});

describeEachEngine('POST /api/agents/claim-reward (tier dashboard)', (get) => {
  let starterGift: number;
  let bronzeGift: number;
  beforeAll(async () => {
    starterGift = (await addOption(get(), 1, 'Swag Pack', { category: 'Physical Item' })).id;
    bronzeGift = (await addOption(get(), 2, 'Amazon Gift Card')).id;
  });

  it('creates a pending claim with name, email, phone, address and shipping instructions', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '5000.00' });
    const res = await claimOnDashboard(t, agent, 1, starterGift);
    expect(res.statusCode).toBe(201);
    const body = claimCreated.parse(res.json());
    expect(body.claim).toEqual({ id: expect.any(Number), tierId: 1, tierName: 'Starter', rewardTitle: 'Swag Pack', status: 'pending' });
    expect(await claimRow(t, body.claim.id)).toMatchObject({
      agent_id: agent.id,
      tier_id: 1,
      reward_option_id: starterGift,
      full_name: 'Priya Natarajan',
      email: 'priya@example.com',
      phone: '555-0101',
      telegram: null,
      address: '2 High Street, Portland OR 97201',
      city: null,
      zipcode: null,
      shipping_instructions: 'Leave at the front desk',
      status: 'pending',
    });
  });

  it('accepts the optional phone and shipping instructions left out or empty', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '5000.00' });
    const res = await claimOnDashboard(t, agent, 1, starterGift, { phone: undefined, shippingInfo: '' });
    expect(res.statusCode).toBe(201);
    expect(await claimRow(t, res.json().claim.id)).toMatchObject({ phone: null, shipping_instructions: null });
  });

  it('refuses an option that belongs to another tier', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '15000.00' });
    const res = await expectRefused(t, () => claimOnDashboard(t, agent, 1, bronzeGift), 400);
    expect(res.json()).toEqual({ message: 'This reward is not offered for the Starter tier', code: 'VALIDATION_FAILED' });
  });

  it('refuses a tier not reached, an unknown tier and an unknown option', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '5000.00' });
    const cases = [
      { payload: dashboardBody(2, bronzeGift), status: 400, message: 'You have not reached the Bronze tier yet' },
      { payload: dashboardBody(13, starterGift), status: 404, message: 'Tier not found' },
      { payload: dashboardBody(1, 2_000_000_000), status: 404, message: 'Reward option not found' },
    ];
    for (const { payload, status, message } of cases) {
      const res = await expectRefused(t, () => postClaim(t, DASHBOARD_CLAIM, payload, agent.cookie), status);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a tier already claimed through the other claim path', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '5000.00' });
    await claimedInPortal(t, agent, starterGift);
    const res = await expectRefused(t, () => claimOnDashboard(t, agent, 1, starterGift), 409);
    expect(res.json()).toEqual({ message: 'You have already claimed the reward for the Starter tier', code: 'CONFLICT' });
  });

  it('answers 401 to anonymous callers and 403 to owners and managers', async () => {
    const t = get();
    await expectRefused(t, () => postClaim(t, DASHBOARD_CLAIM, dashboardBody(1, starterGift)), 401);
    for (const role of ['owner', 'manager'] as const) {
      const user = await signedInUser(t, role);
      await expectRefused(t, () => claimOnDashboard(t, user, 1, starterGift), 403);
    }
  });

  it('answers 400 to malformed bodies and changes nothing', async () => {
    const t = get();
    const agent = await signedInAgent(t, { total: '5000.00' });
    const good = dashboardBody(1, starterGift);
    const bad: unknown[] = [
      {},
      { tierId: 1, rewardOptionId: starterGift },
      { ...good, agentData: null },
      { ...good, agentData: 'me' },
      { ...good, tierId: 'gold' },
      { ...good, tierId: 0 },
      { ...good, tierId: 2_147_483_648 },
      { ...good, rewardOptionId: [starterGift] },
      { ...good, tierId: true },
      { ...good, tierId: '1e0' },
      dashboardBody(1, starterGift, { name: '' }),
      dashboardBody(1, starterGift, { email: 'nope' }),
      dashboardBody(1, starterGift, { address: '   ' }),
      dashboardBody(1, starterGift, { phone: 555 }),
      dashboardBody(1, starterGift, { shippingInfo: 'x'.repeat(1001) }),
    ];
    const before = await countClaims(t);
    for (const payload of bad) {
      const res = await postClaim(t, DASHBOARD_CLAIM, payload as object, agent.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await countClaims(t)).toBe(before);
  });
});

describeEachEngine('GET /api/owner/reward-claims and PATCH /api/reward-claims/{id}/process', (get) => {
  let owner: { cookie: string };
  let manager: { cookie: string };
  let agent: { id: number; name: string; cookie: string };
  let optionIds: number[];
  let claimIds: number[];

  beforeAll(async () => {
    const t = get();
    owner = await signedInUser(t, 'owner');
    manager = await signedInUser(t, 'manager');
    agent = await signedInAgent(t, { total: '20000.00', firstName: 'Elena', lastName: 'Kowalski' });
    optionIds = [
      (await addOption(t, 1, 'Coffee Gift Card')).id,
      (await addOption(t, 2, 'Amazon Gift Card')).id,
      (await addOption(t, 3, 'Wireless Headphones')).id,
    ];
    claimIds = [];
    for (const [index, optionId] of optionIds.entries()) {
      t.clock.now = new Date(Date.UTC(2026, 2, 1 + index, 12, 0, 0));
      claimIds.push(await claimedInPortal(t, agent, optionId));
    }
  });

  it('lists every claim newest first with agent and tier names, for the owner only', async () => {
    const t = get();
    const res = await t.request({ method: 'GET', url: '/api/owner/reward-claims', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    const claims = rewardClaim.array().parse(res.json());
    expect(claims.map((c) => c.id)).toEqual([...claimIds].reverse());
    expect(claims[2]).toEqual({
      id: claimIds[0],
      status: 'pending',
      rewardTitle: 'Coffee Gift Card',
      claimedAt: '2026-03-01T12:00:00.000Z',
      processedAt: null,
      contactErasedAt: null,
      ...portalContact,
      shippingInstructions: null,
      agentId: agent.id,
      agentName: 'Elena Kowalski',
      tierId: 1,
      tierName: 'Starter',
      prize: null,
      history: [{ status: 'pending', at: '2026-03-01T12:00:00.000Z', by: 'Elena Kowalski', note: null }],
    });
  });

  it('answers 401 to anonymous callers and 403 to agents and managers', async () => {
    const t = get();
    expect((await t.request({ method: 'GET', url: '/api/owner/reward-claims' })).statusCode).toBe(401);
    const asAgent = await t.request({ method: 'GET', url: '/api/owner/reward-claims', headers: { cookie: agent.cookie } });
    expect(asAgent.statusCode).toBe(403);
    const asManager = await t.request({ method: 'GET', url: '/api/owner/reward-claims', headers: { cookie: manager.cookie } });
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json()).toEqual({ message: MANAGERS_DO_NOT_RECORD, code: 'FORBIDDEN' });
  });

  it('processes a pending claim sent without a body, then refuses to process it again', async () => {
    const t = get();
    t.clock.now = new Date('2026-03-10T09:30:00.000Z');
    const res = await processClaim(t, claimIds[0]!, owner.cookie);
    expect(res.statusCode).toBe(200);
    const claim = rewardClaim.parse(res.json());
    expect(claim).toMatchObject({ id: claimIds[0], status: 'processed', processedAt: '2026-03-10T09:30:00.000Z', tierName: 'Starter' });

    const again = await processClaim(t, claimIds[0]!, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This claim has already been processed', code: 'CONFLICT' });
    expect((await claimRow(t, claimIds[0]!))!.status).toBe('processed');
  });

  it('processes with an empty JSON object, or an empty body labelled JSON', async () => {
    const t = get();
    const withObject = await t.request({ method: 'PATCH', url: processUrl(claimIds[1]!), headers: { cookie: owner.cookie }, payload: {} });
    expect(withObject.statusCode).toBe(200);
    expect(withObject.json().status).toBe('processed');

    const emptyJson = await t.request(rawJsonRequest('PATCH', processUrl(claimIds[2]!), '', owner.cookie));
    expect(emptyJson.statusCode).toBe(200);
    expect(emptyJson.json().status).toBe('processed');
  });

  it('answers 404 to unknown or malformed claim ids', async () => {
    const t = get();
    for (const id of ['999999', '2147483648', '99999999999999999999', 'abc', '0', '-1', '1.5']) {
      const res = await processClaim(t, id, owner.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('lets only the owner process claims', async () => {
    const t = get();
    const other = await signedInAgent(t, { total: '5000.00' });
    const id = await claimedInPortal(t, other, optionIds[0]!);
    expect((await processClaim(t, id)).statusCode).toBe(401);
    expect((await processClaim(t, id, other.cookie)).statusCode).toBe(403);
    expect((await processClaim(t, id, manager.cookie)).statusCode).toBe(403);
    expect(await claimRow(t, id)).toMatchObject({ status: 'pending', processed_at: null });
  });

  it('keeps the claim title when its reward option is deleted', async () => {
    const t = get();
    const res = await t.request({ method: 'DELETE', url: `/api/rewards/${optionIds[1]}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(204);
    const list = await t.request({ method: 'GET', url: '/api/owner/reward-claims', headers: { cookie: owner.cookie } });
    const claim = list.json().find((c: { id: number }) => c.id === claimIds[1]);
    expect(claim.rewardTitle).toBe('Amazon Gift Card');
    expect((await claimRow(t, claimIds[1]!))!.reward_option_id).toBeNull();
  });
});
