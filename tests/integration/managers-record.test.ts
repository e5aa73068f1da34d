// The owner's setting "managers may record entries, voids and claims for their teams" (docs/decisions/0082): off by
// default (managers watch, as the product spec has them), enforced by the server on every such write, and scoped to
// the manager's teams when on. Both engines, through the app's routes.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { MANAGERS_DO_NOT_RECORD } from '../../contract/settings';
import { OUTSIDE_YOUR_TEAMS } from '../../contract/teams';
import { queryRows } from '../../server/db/client';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { createTeam } from '../../server/db/operations/create-team';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, createUser, FACTORY_PASSWORD, signInUser, uniqueSuffix } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';

const NOW = new Date('2026-11-20T12:00:00.000Z');

describeEachEngine('managers who record', (get) => {
  let owner: string;
  let lead: string;
  let leadId: number;
  let ours: { id: number };
  let theirs: { id: number };
  let ourEntry: number;
  let theirEntry: number;
  let ourClaim: number;
  let theirClaim: number;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: Record<string, unknown>) =>
    get().request({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  /** What the writes below could change: entries (with their voids), claims and their steps. */
  const fingerprint = async (t: TestApp) =>
    queryRows<{ entries: number; voided: number; claims: string }>(
      t.database.db,
      sql`select (select count(*)::int from income_entries) as entries, (select count(*)::int from income_entries where voided_at is not null) as voided,
        (select string_agg(id || ':' || status, ',' order by id) from reward_claims) as claims`,
    );

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    const db = t.database.db;
    const sfx = uniqueSuffix();
    const ourAgent = await createAgent(db, { firstName: 'Olga', lastName: `Ours${sfx}` });
    const theirAgent = await createAgent(db, { firstName: 'Theo', lastName: `Theirs${sfx}` });
    ours = { id: ourAgent.id };
    theirs = { id: theirAgent.id };
    ourEntry = (await addIncome(db, ourAgent, '400.00', { now: NOW })).id;
    theirEntry = (await addIncome(db, theirAgent, '500.00', { now: NOW })).id;
    const option = await createRewardOption(db, { tierId: 1 });
    ourClaim = (await createPendingClaim(db, { agentId: ourAgent.id, tierId: 1, rewardOptionId: option.id })).id;
    theirClaim = (await createPendingClaim(db, { agentId: theirAgent.id, tierId: 1, rewardOptionId: option.id })).id;
    const leadUser = await createUser(db, { role: 'manager' });
    const otherLead = await createUser(db, { role: 'manager' });
    await createTeam(db, { name: `Ours ${sfx}`, managerIds: [leadUser.id], agentIds: [ourAgent.id] }, SYSTEM_ACTOR, NOW);
    await createTeam(db, { name: `Theirs ${sfx}`, managerIds: [otherLead.id], agentIds: [theirAgent.id] }, SYSTEM_ACTOR, NOW);
    lead = (await signInUser(db, leadUser, NOW)).cookie;
    leadId = leadUser.id;
    owner = (await signInUser(db, await createUser(db, { role: 'owner' }), NOW)).cookie;
  });

  it('is off by default: a manager records, voids and moves claims along for nobody, and is told where it is turned on', async () => {
    const t = get();
    expect((await call('GET', '/api/settings', lead)).json()).toMatchObject({ managersRecord: false });
    const before = await fingerprint(t);
    const refused = [
      await call('POST', '/api/income-entries', lead, { agentId: ours.id, amount: '250.00' }),
      await call('POST', `/api/income-entries/${ourEntry}/void`, lead, { reason: 'Typed twice' }),
      await call('GET', '/api/owner/reward-claims', lead),
      await call('PATCH', `/api/reward-claims/${ourClaim}/process`, lead),
      await call('PATCH', `/api/reward-claims/${ourClaim}`, lead, { status: 'rejected', reason: 'Out of stock' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: MANAGERS_DO_NOT_RECORD });
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('is turned on by the owner with the password recently entered, audited', async () => {
    const t = get();
    t.clock.now = new Date(NOW.getTime() + 11 * 60_000);
    const stale = await call('PATCH', '/api/settings', owner, { managersRecord: true });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });
    expect((await call('GET', '/api/settings', owner)).json()).toMatchObject({ managersRecord: false });
    expect((await call('POST', '/api/auth/confirm-password', owner, { password: FACTORY_PASSWORD })).statusCode).toBe(204);
    const on = await call('PATCH', '/api/settings', owner, { managersRecord: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ managersRecord: true });
    await sequenceAll(t.database.db);
    const [audit] = await queryRows<{ before: unknown; after: unknown }>(
      t.database.db,
      sql`select before, after from audit_log where action = 'settings.updated' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({ before: { managersRecord: false }, after: { managersRecord: true } });
    const bad = await call('PATCH', '/api/settings', owner, { managersRecord: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'managersRecord must be true or false' });
  });

  it('on: the manager records, voids and moves claims along for the agents of their team, and for no one else', async () => {
    const t = get();
    expect((await call('GET', '/api/settings', lead)).json()).toMatchObject({ managersRecord: true });

    // Another team's agent, entry and claim: 403, nothing changed.
    const before = await fingerprint(t);
    for (const res of [
      await call('POST', '/api/income-entries', lead, { agentId: theirs.id, amount: '250.00' }),
      await call('POST', `/api/income-entries/${theirEntry}/void`, lead, { reason: 'Typed twice' }),
      await call('PATCH', `/api/reward-claims/${theirClaim}/process`, lead),
      await call('PATCH', `/api/reward-claims/${theirClaim}`, lead, { status: 'rejected', reason: 'Out of stock' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: OUTSIDE_YOUR_TEAMS });
    }
    expect(await fingerprint(t)).toEqual(before);

    // Their own team's: recorded, voided, processed, each audited as the manager.
    const added = await call('POST', '/api/income-entries', lead, { agentId: ours.id, amount: '250.00', description: 'Recorded by the lead' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ agentId: ours.id, amount: '250.00' });
    const voided = await call('POST', `/api/income-entries/${ourEntry}/void`, lead, { reason: 'Typed twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    const claims = await call('GET', '/api/owner/reward-claims', lead);
    expect(claims.statusCode).toBe(200);
    expect((claims.json() as { id: number }[]).map((claim) => claim.id)).toEqual([ourClaim]);
    const processed = await call('PATCH', `/api/reward-claims/${ourClaim}/process`, lead);
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json()).toMatchObject({ status: 'processed' });
    await sequenceAll(t.database.db);
    const byLead = await queryRows<{ action: string; target_id: string }>(
      t.database.db,
      sql`select action, target_id from audit_log where actor_kind = 'user' and actor_id = ${leadId}::int and action <> 'settings.updated' order by id`,
    );
    expect(byLead).toEqual([
      { action: 'entry.created', target_id: String((added.json() as { id: number }).id) },
      { action: 'entry.voided', target_id: String(ourEntry) },
      { action: 'claim.status_changed', target_id: String(ourClaim) },
    ]);
  });

  it('off again: the manager is refused at once', async () => {
    expect((await call('PATCH', '/api/settings', owner, { managersRecord: false })).statusCode).toBe(200);
    const res = await call('POST', '/api/income-entries', lead, { agentId: ours.id, amount: '90.00' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: MANAGERS_DO_NOT_RECORD });
  });
});
