// Claim fulfilment (docs/product.md §12.10): statuses and their transitions, each with who, when and a note; a
// rejection with a reason frees the tier to be claimed again; refused transitions are 409 and change nothing;
// concurrent transitions leave one winner; the agent reads its own claims and where each stands.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentClaim, claimCreated, rewardClaim, type ClaimTransitionInput } from '../../contract/rewards';
import { queryRows } from '../../server/db/client';
import { eraseFilledClaimContacts } from '../../server/db/operations/erase-filled-claim-contacts';
import { signedInAgent, signedInUser } from '../factories/accounts';
import { createRewardOption } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';
import { sequenceAll } from '../../server/db/sequencer';

type Caller = { cookie: string };

const transition = (t: TestApp, id: number | string, body: ClaimTransitionInput | Record<string, unknown>, caller: Caller) =>
  t.request({ method: 'PATCH', url: `/api/reward-claims/${id}`, headers: { cookie: caller.cookie }, payload: body });

const markFilled = (t: TestApp, id: number, caller: Caller) => t.request({ method: 'PATCH', url: `/api/reward-claims/${id}/process`, headers: { cookie: caller.cookie } });

const claimTier = (t: TestApp, agent: Caller, tierId: number, rewardOptionId: number) =>
  t.request({
    method: 'POST',
    url: '/api/agents/claim-reward',
    headers: { cookie: agent.cookie },
    payload: { tierId, rewardOptionId, agentData: { name: 'Pat Example', email: 'pat@example.test', address: '1 Main Street' } },
  });

async function claimed(t: TestApp, agent: Caller, tierId: number, rewardOptionId: number): Promise<number> {
  const res = await claimTier(t, agent, tierId, rewardOptionId);
  expect(res.statusCode).toBe(201);
  return claimCreated.parse(res.json()).claim.id;
}

async function stored(t: TestApp, id: number) {
  await sequenceAll(t.database.db);
  const [row] = await queryRows<{ status: string; steps: number; events: number }>(
    t.database.db,
    sql`select c.status,
          (select count(*)::int from claim_status_changes h where h.claim_id = c.id) as steps,
          (select count(*)::int from events e where e.type = 'claim.updated' and (e.public_data->>'claimId')::int = c.id) as events
        from reward_claims c where c.id = ${id}`,
  );
  return row!;
}

const at = (iso: string) => new Date(iso);

describeEachEngine('claim fulfilment', (get) => {
  let owner: Caller & { name: string };
  let agent: Caller & { id: number; name: string };
  let options: number[];

  beforeAll(async () => {
    const t = get();
    owner = await signedInUser(t, 'owner');
    agent = await signedInAgent(t, { total: '300000.00', firstName: 'Elena', lastName: 'Fulfil' });
    options = [];
    for (const tierId of [1, 2, 3, 4, 5, 6, 7, 8]) options.push((await createRewardOption(t.database.db, { tierId, title: `Tier ${tierId} reward` })).id);
  });

  it('moves a claim from pending to processed, shipped with a tracking note and delivered, each step with who, when and its note', async () => {
    const t = get();
    t.clock.now = at('2026-05-01T10:00:00.000Z');
    const id = await claimed(t, agent, 1, options[0]!);

    t.clock.now = at('2026-05-02T10:00:00.000Z');
    expect((await markFilled(t, id, owner)).statusCode).toBe(200);
    t.clock.now = at('2026-05-03T10:00:00.000Z');
    const shipped = await transition(t, id, { status: 'shipped', note: '  UPS 1Z999AA10123456784  ' }, owner);
    expect(shipped.statusCode).toBe(200);
    expect(rewardClaim.parse(shipped.json()).status).toBe('shipped');
    t.clock.now = at('2026-05-05T10:00:00.000Z');
    const delivered = await transition(t, id, { status: 'delivered' }, owner);
    expect(delivered.statusCode).toBe(200);

    const claim = rewardClaim.parse(delivered.json());
    expect(claim).toMatchObject({ status: 'delivered', processedAt: '2026-05-02T10:00:00.000Z' });
    expect(claim.history).toEqual([
      { status: 'pending', at: '2026-05-01T10:00:00.000Z', by: agent.name, note: null },
      { status: 'processed', at: '2026-05-02T10:00:00.000Z', by: owner.name, note: null },
      { status: 'shipped', at: '2026-05-03T10:00:00.000Z', by: owner.name, note: 'UPS 1Z999AA10123456784' },
      { status: 'delivered', at: '2026-05-05T10:00:00.000Z', by: owner.name, note: null },
    ]);
    // Each change is announced (live screens, webhooks) in the same transaction.
    expect(await stored(t, id)).toEqual({ status: 'delivered', steps: 4, events: 3 });

    // The agent sees the same history, without anyone's contact details.
    const mine = await t.request({ method: 'GET', url: '/api/agents/me/claims', headers: { cookie: agent.cookie } });
    expect(mine.statusCode).toBe(200);
    const own = agentClaim.array().parse(mine.json()).find((c) => c.id === id)!;
    expect(own).toEqual({ id, status: 'delivered', rewardTitle: 'Tier 1 reward', claimedAt: '2026-05-01T10:00:00.000Z', tierId: 1, tierName: 'Starter', prize: null, history: claim.history });
    expect(Object.keys(mine.json()[0])).not.toContain('address');
  });

  it('delivers a processed claim without shipping it (a gift card, a bonus)', async () => {
    const t = get();
    const id = await claimed(t, agent, 2, options[1]!);
    expect((await transition(t, id, { status: 'processed', note: 'Ordered' }, owner)).statusCode).toBe(200);
    const res = await transition(t, id, { status: 'delivered', note: 'Code sent by email' }, owner);
    expect(res.statusCode).toBe(200);
    expect(rewardClaim.parse(res.json()).history.map((step) => [step.status, step.note])).toEqual([
      ['pending', null],
      ['processed', 'Ordered'],
      ['delivered', 'Code sent by email'],
    ]);
  });

  it('rejects a claim only with a reason, and the agent may then claim the tier again', async () => {
    const t = get();
    const id = await claimed(t, agent, 3, options[2]!);
    const before = await stored(t, id);

    for (const [body, message] of [
      [{ status: 'rejected' }, 'A rejection needs a reason'],
      [{ status: 'rejected', reason: '   ' }, 'A rejection needs a reason'],
      [{ status: 'rejected', reason: 'x'.repeat(1001) }, 'Must be at most 1000 characters'],
      [{ status: 'shipped', reason: 'Why' }, 'A reason is given only when rejecting a claim'],
      [{ status: 'shipped', note: 'x'.repeat(1001) }, 'Must be at most 1000 characters'],
      [{ status: 'pending' }, 'status must be one of processed, shipped, delivered, rejected'],
      [{ status: 'rejected', reason: 'Out of stock', extra: 1 }, undefined],
    ] as const) {
      const res = await transition(t, id, body, owner);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    expect(await stored(t, id)).toEqual(before);

    const standing = async () =>
      (await t.request({ method: 'GET', url: '/api/agent-tier-data', headers: { cookie: agent.cookie } })).json() as { agent: { claimedTiers: number[] } };
    expect((await standing()).agent.claimedTiers).toContain(3);
    expect((await claimTier(t, agent, 3, options[2]!)).statusCode).toBe(409);

    const rejected = await transition(t, id, { status: 'rejected', reason: 'This reward is out of stock: please choose another' }, owner);
    expect(rejected.statusCode).toBe(200);
    expect(rewardClaim.parse(rejected.json()).history.at(-1)).toMatchObject({
      status: 'rejected',
      by: owner.name,
      note: 'This reward is out of stock: please choose another',
    });
    expect((await standing()).agent.claimedTiers).not.toContain(3);
    const rewards = await t.request({ method: 'GET', url: `/api/rewards/agent/${agent.id}`, headers: { cookie: agent.cookie } });
    expect(rewards.json().achievedTiers.find((tier: { tier: { id: number } }) => tier.tier.id === 3).hasClaimedReward).toBe(false);

    // Claimed again: a new pending claim beside the rejected one.
    const again = await claimed(t, agent, 3, options[2]!);
    expect(again).not.toBe(id);
    expect((await standing()).agent.claimedTiers).toContain(3);
    const mine = agentClaim.array().parse((await t.request({ method: 'GET', url: '/api/agents/me/claims', headers: { cookie: agent.cookie } })).json());
    expect(mine.filter((c) => c.tierId === 3).map((c) => c.status)).toEqual(['pending', 'rejected']);
    // A second live claim of the tier is still refused.
    expect((await claimTier(t, agent, 3, options[2]!)).statusCode).toBe(409);
  });

  it('refuses transitions the order of statuses does not allow with 409 and a readable message, changing nothing', async () => {
    const t = get();
    const pending = await claimed(t, agent, 4, options[3]!);
    const delivered = await claimed(t, agent, 5, options[4]!);
    await transition(t, delivered, { status: 'processed' }, owner);
    await transition(t, delivered, { status: 'delivered' }, owner);
    const rejected = await claimed(t, agent, 6, options[5]!);
    await transition(t, rejected, { status: 'rejected', reason: 'Duplicate' }, owner);
    const shipped = await claimed(t, agent, 7, options[6]!);
    await transition(t, shipped, { status: 'processed' }, owner);
    await transition(t, shipped, { status: 'shipped' }, owner);

    const cases: [number, ClaimTransitionInput | 'mark filled', string][] = [
      [pending, { status: 'shipped' }, 'A pending claim cannot be marked shipped: it can be marked processed or rejected'],
      [pending, { status: 'delivered' }, 'A pending claim cannot be marked delivered: it can be marked processed or rejected'],
      [delivered, { status: 'rejected', reason: 'Too late' }, 'This claim has been delivered: its status cannot change any more'],
      [delivered, 'mark filled', 'This claim has already been processed'],
      [rejected, 'mark filled', 'This claim was rejected: its status cannot change any more (the agent may claim the tier again)'],
      [rejected, { status: 'rejected', reason: 'Again' }, 'This claim is already rejected'],
      [shipped, { status: 'shipped' }, 'This claim is already shipped'],
      [shipped, { status: 'rejected', reason: 'Lost' }, 'A shipped claim cannot be marked rejected: it can be marked delivered'],
    ];
    for (const [id, body, message] of cases) {
      const before = await stored(t, id);
      const res = body === 'mark filled' ? await markFilled(t, id, owner) : await transition(t, id, body, owner);
      expect(res.statusCode, message).toBe(409);
      expect(res.json(), message).toEqual({ message, code: 'CONFLICT' });
      expect(await stored(t, id), message).toEqual(before);
    }
    for (const id of ['999999', 'abc', '0']) expect((await transition(t, id, { status: 'processed' }, owner)).statusCode).toBe(404);
  });

  it('lets exactly one of several concurrent transitions of a claim win', async () => {
    const t = get();
    const id = await claimed(t, agent, 8, options[7]!);
    await transition(t, id, { status: 'processed' }, owner);
    const bodies: ClaimTransitionInput[] = Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0 ? { status: 'shipped', note: `Parcel ${i}` } : { status: 'rejected', reason: `Reason ${i}` },
    );
    const answers = await Promise.all(bodies.map((body) => transition(t, id, body, owner)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const after = await stored(t, id);
    expect(after.steps).toBe(3);
    expect(after.events).toBe(2);
    const winner = rewardClaim.parse(answers.find((res) => res.statusCode === 200)!.json());
    expect(after.status).toBe(winner.status);
  });
});

describeEachEngine('the owner reward-claim list and contact erasure', (get) => {
  let owner: Caller;
  let ann: Caller & { id: number };
  let bo: Caller & { id: number };
  let annClaim: number;
  let boClaim: number;

  beforeAll(async () => {
    const t = get();
    owner = await signedInUser(t, 'owner');
    ann = await signedInAgent(t, { total: '20000.00', firstName: 'Annika', lastName: 'Listed' });
    bo = await signedInAgent(t, { total: '20000.00', firstName: 'Bo', lastName: 'Listed' });
    const option = (await createRewardOption(t.database.db, { tierId: 1 })).id;
    t.clock.now = at('2026-06-01T10:00:00.000Z');
    annClaim = await claimed(t, ann, 1, option);
    boClaim = await claimed(t, bo, 1, option);
    await transition(t, boClaim, { status: 'rejected', reason: 'Not eligible' }, owner);
  });

  const list = (t: TestApp, query: string) => t.request({ method: 'GET', url: `/api/owner/reward-claims${query}`, headers: { cookie: owner.cookie } });

  it('filters by status and by the agent name or email, and refuses an unknown status', async () => {
    const t = get();
    const ids = async (query: string) => rewardClaim.array().parse((await list(t, query)).json()).map((claim) => claim.id);
    expect(await ids('?status=rejected&search=listed')).toEqual([boClaim]);
    expect(await ids('?status=pending&search=ANNIKA')).toEqual([annClaim]);
    expect(await ids('?search=annika%20listed')).toEqual([annClaim]);
    expect(await ids('?search=%25')).not.toContain(annClaim);
    // An agent reads its own claims only.
    const own = await t.request({ method: 'GET', url: '/api/agents/me/claims', headers: { cookie: bo.cookie } });
    expect(agentClaim.array().parse(own.json()).map((claim) => claim.id)).toEqual([boClaim]);
    const bad = await list(t, '?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be one of pending, processed, shipped, delivered, rejected');
  });

  describe('contact details', () => {
    it('of a rejected claim are erased the retention period after the rejection, like those of a filled claim', async () => {
      const t = get();
      const db = t.database.db;
      const contact = async (id: number) =>
        (await queryRows<{ address: string; erased: boolean }>(db, sql`select address, contact_erased_at is not null as erased from reward_claims where id = ${id}`))[0]!;
      expect(await eraseFilledClaimContacts(db, at('2026-06-30T10:00:00.000Z'), 30)).toBe(0);
      expect(await contact(boClaim)).toEqual({ address: '1 Main Street', erased: false });
      await eraseFilledClaimContacts(db, at('2026-07-02T10:00:00.000Z'), 30);
      expect(await contact(boClaim)).toEqual({ address: '', erased: true });
      // A pending claim keeps them: the reward has not been delivered.
      expect(await contact(annClaim)).toEqual({ address: '1 Main Street', erased: false });
    });
  });
});
