// Issue 35: the Profit Calculator remembers each agent's percentage on the server (docs/decisions/0083-calculator-percentages.md):
// exact two-decimal strings, 0 to 100, refused input changes nothing, every change audited, erased with the agent.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { PERCENTAGE_ERROR } from '../../contract/calculator';
import { PERCENTAGE_REQUIRED } from '../../contract/calculator-percentages';
import { queryRows } from '../../server/db/client';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, createUser, signInUser } from '../factories/accounts';
import { databaseFingerprint } from '../support/fingerprint';
import { describeEachEngine, rawJsonRequest } from '../support/test-app';

describeEachEngine('calculator percentages', (get) => {
  async function ownerCookie() {
    const owner = await createUser(get().database.db, { role: 'owner' });
    return { owner, cookie: (await signInUser(get().database.db, owner, get().clock.now)).cookie };
  }
  const save = (cookie: string, agentId: number | string, percentage: unknown) =>
    get().request({ method: 'PUT', url: `/api/owner/calculator-percentages/${agentId}`, headers: { cookie }, payload: { percentage } });
  const read = (cookie: string, agentIds: string) =>
    get().request({ method: 'GET', url: `/api/owner/calculator-percentages?agentIds=${agentIds}`, headers: { cookie } });
  const auditRows = async (agentId: number) => {
    await sequenceAll(get().database.db);
    return queryRows<{ action: string; actor_id: number; before: unknown; after: unknown }>(
      get().database.db,
      sql`select action, actor_id, before, after from audit_log where target_type = 'agent' and target_id = ${String(agentId)} and action = 'calculator_percentage.updated' order by id`,
    );
  };

  it('saves an exact percentage, reads it back for the agents named and audits each change once', async () => {
    const { owner, cookie } = await ownerCookie();
    const db = get().database.db;
    const [first, second, none] = [await createAgent(db), await createAgent(db), await createAgent(db)];

    const saved = await save(cookie, first.id, '12.5');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ agentId: first.id, percentage: '12.50', updatedAt: get().clock.now.toISOString() });
    // A number is read exactly too; 0 and 100 are allowed.
    expect((await save(cookie, second.id, 33.33)).json().percentage).toBe('33.33');
    expect((await save(cookie, second.id, 100)).json().percentage).toBe('100.00');

    const listed = await read(cookie, `${none.id},${second.id},${first.id},${first.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      percentages: [
        { agentId: first.id, percentage: '12.50', updatedAt: expect.any(String) },
        { agentId: second.id, percentage: '100.00', updatedAt: expect.any(String) },
      ].sort((a, b) => a.agentId - b.agentId),
    });

    // The same value again ("12.50" is 12.5) changes nothing and adds no audit row.
    const before = await databaseFingerprint(db);
    expect((await save(cookie, first.id, '12.50')).statusCode).toBe(200);
    expect(await databaseFingerprint(db)).toEqual(before);

    expect((await save(cookie, first.id, '0')).json().percentage).toBe('0.00');
    expect(await auditRows(first.id)).toEqual([
      { action: 'calculator_percentage.updated', actor_id: owner.id, before: { percentage: null }, after: { percentage: '12.50' } },
      { action: 'calculator_percentage.updated', actor_id: owner.id, before: { percentage: '12.50' }, after: { percentage: '0.00' } },
    ]);
  });

  it('refuses a bad percentage with a clear message and changes nothing', async () => {
    const { cookie } = await ownerCookie();
    const db = get().database.db;
    const agent = await createAgent(db);
    expect((await save(cookie, agent.id, '10')).statusCode).toBe(200);
    const before = await databaseFingerprint(db);

    const refused: [unknown, string][] = [
      ['120', PERCENTAGE_ERROR],
      [100.01, PERCENTAGE_ERROR],
      ['-1', PERCENTAGE_ERROR],
      ['abc', PERCENTAGE_ERROR],
      ['12.345', PERCENTAGE_ERROR],
      [0.1 + 0.2, PERCENTAGE_ERROR],
      ['1e2', PERCENTAGE_ERROR],
      ['12,5', PERCENTAGE_ERROR],
      ['', PERCENTAGE_REQUIRED],
      [null, PERCENTAGE_REQUIRED],
      [true, PERCENTAGE_REQUIRED],
    ];
    for (const [percentage, message] of refused) {
      const res = await save(cookie, agent.id, percentage);
      expect(res.statusCode, String(percentage)).toBe(400);
      expect(res.json(), String(percentage)).toMatchObject({ code: 'VALIDATION_FAILED', message, issues: [{ path: 'percentage', message }] });
    }
    expect(PERCENTAGE_ERROR).toBe('Enter a percentage from 0 to 100 with at most two decimals');

    const missing = await get().request({ method: 'PUT', url: `/api/owner/calculator-percentages/${agent.id}`, headers: { cookie }, payload: {} });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: PERCENTAGE_REQUIRED });
    expect((await get().request({ method: 'PUT', url: `/api/owner/calculator-percentages/${agent.id}`, headers: { cookie }, payload: { percentage: '5', agentId: 1 } })).statusCode).toBe(400);
    expect((await get().request(rawJsonRequest('PATCH', `/api/owner/calculator-percentages/${agent.id}`, '{"percentage":"5"}', cookie))).statusCode).toBe(404);

    // An agent that does not exist, or an id that cannot be one.
    const gone = await save(cookie, 2_000_000_000, '10');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Agent not found');
    expect((await save(cookie, 'abc', '10')).statusCode).toBe(404);

    expect(await databaseFingerprint(db)).toEqual(before);
    expect((await read(cookie, String(agent.id))).json().percentages[0].percentage).toBe('10.00');
  });

  it('refuses a read that names no agents, too many, or not as a list of ids', async () => {
    const { cookie } = await ownerCookie();
    for (const agentIds of ['', 'abc', '1,,2', '1,', '0', '1.5', '2147483648', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const res = await read(cookie, encodeURIComponent(agentIds));
      expect(res.statusCode, agentIds.slice(0, 20)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const missing = await get().request({ method: 'GET', url: '/api/owner/calculator-percentages', headers: { cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('agentIds must be agent ids separated by commas (1,2,3)');
    // 100 ids are allowed, however many of them exist.
    expect((await read(cookie, Array.from({ length: 100 }, (_, i) => i + 1).join(','))).statusCode).toBe(200);
  });

  it('is the owner’s alone, and goes with the agent', async () => {
    const { cookie } = await ownerCookie();
    const db = get().database.db;
    const agent = await createAgent(db);
    const manager = await createUser(db, { role: 'manager' });
    const managerCookie = (await signInUser(db, manager, get().clock.now)).cookie;
    expect((await save(managerCookie, agent.id, '10')).statusCode).toBe(403);
    expect((await read(managerCookie, String(agent.id))).statusCode).toBe(403);
    expect((await save(cookie, agent.id, '7.25')).statusCode).toBe(200);

    await db.execute(sql`delete from agents where id = ${agent.id}`);
    const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from calculator_percentages where agent_id = ${agent.id}`);
    expect(rows[0]!.n).toBe(0);
  });
});
