// The audit trail (docs/product.md §12.12): rows written with every change, chained by SHA-256, refused any UPDATE,
// DELETE or TRUNCATE by the database; audit:verify names the first row that breaks the chain; the owner reads it
// filtered by person, action and date, and exports it.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActorList, auditPage, AUDIT_EXPORT_COLUMNS } from '../../contract/audit';
import { openDatabase, queryRows, type Db } from '../../server/db/client';
import { appendAudit, SYSTEM_ACTOR } from '../../server/db/audit';
import { sequenceAll } from '../../server/db/sequencer';
import { auditKeyId, sealAuditHead, sealMac } from '../../server/db/audit-seals';
import { checkConsistency } from '../../server/db/operations/check-consistency';
import { verifyAuditChain } from '../../server/db/operations/verify-audit-chain';
import { eraseFilledClaimContacts } from '../../server/db/operations/erase-filled-claim-contacts';
import { createApiToken } from '../factories/api-tokens';
import { createAgent, signInAgent, signedInUser } from '../factories/accounts';
import { createRewardOption } from '../factories/rewards';
import { runToExit } from '../support/app-process';
import { describeEachEngine, startTestApp, type TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';

const NOW = new Date('2026-11-20T15:00:00Z');
const BROWSER = 'Mozilla/5.0 (audit test)';

/** The database's own message when `statement` fails (drizzle wraps it). */
async function refusal(db: Db, statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await db.execute(statement);
    return 'no error';
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
}

/** Edits a row as someone with direct database access would: the refusing trigger switched off around it. */
async function tamper(db: Db, statement: ReturnType<typeof sql>) {
  await db.execute(sql`alter table audit_log disable trigger audit_log_no_change`);
  try {
    await db.execute(statement);
  } finally {
    await db.execute(sql`alter table audit_log enable trigger audit_log_no_change`);
  }
}

/**
 * The tamper of issue 30 by someone holding the app's database role: the triggers switched off, one row edited, and
 * the plain SHA-256 chain computed again from that row on, so that the chain alone checks out.
 */
async function rewriteRow(db: Db, id: number, after: Record<string, unknown>) {
  await db.execute(sql`alter table audit_log disable trigger user`);
  try {
    await db.execute(sql`update audit_log set after = ${JSON.stringify(after)}::jsonb where id = ${id}`);
    const rows = await queryRows<{ id: number; content: string }>(db, sql`select id::float8 as id, audit_log_content(l) as content from audit_log l where id >= ${id} order by id`);
    const [before] = await queryRows<{ hash: string | null }>(db, sql`select (select hash from audit_log where id < ${id} order by id desc limit 1) as hash`);
    let previous = before!.hash;
    for (const row of rows) {
      const hash = createHash('sha256').update((previous ?? '') + row.content).digest('hex');
      await db.execute(sql`update audit_log set prev_hash = ${previous}, hash = ${hash} where id = ${row.id}`);
      previous = hash;
    }
  } finally {
    await db.execute(sql`alter table audit_log enable trigger user`);
  }
}

describeEachEngine('the audit trail', (get) => {
  let owner: { id: number; name: string; cookie: string };

  beforeAll(async () => {
    get().clock.now = NOW;
    owner = await signedInUser(get(), 'owner');
  });

  const asOwner = (extra: Record<string, string> = {}) => ({ cookie: owner.cookie, 'user-agent': BROWSER, ...extra });

  async function rowsAfter(t: TestApp, id: number) {
    await sequenceAll(t.database.db);
    return queryRows<{ id: number; actor_kind: string; actor_id: number | null; actor_name: string | null; action: string; target_type: string | null;
      target_id: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; ip: string | null; user_agent: string | null }>(
      t.database.db,
      sql`select id::float8 as id, actor_kind, actor_id, actor_name, action, target_type, target_id, before, after, ip, user_agent
        from audit_log where id > ${id} order by id`,
    );
  }
  const lastId = async (t: TestApp) => (await sequenceAll(t.database.db), await queryRows<{ id: number }>(t.database.db, sql`select coalesce(max(id), 0)::float8 as id from audit_log`))[0]!.id;

  it('records who changed what, from where, with before and after, and never an agent’s personal data', async () => {
    const t = get();
    const start = await lastId(t);
    const agent = await createAgent(t.database.db, { firstName: 'Private', lastName: 'Person' });

    const entry = await t.request({ method: 'POST', url: '/api/income-entries', headers: asOwner(), payload: { agentId: agent.id, amount: '6000.00', description: 'Deal with ACME' } });
    expect(entry.statusCode).toBe(201);
    const tier = await t.request({ method: 'PATCH', url: '/api/tier-settings/2', headers: asOwner(), payload: { threshold: '11000.00' } });
    expect(tier.statusCode, tier.body).toBe(200);
    const option = await createRewardOption(t.database.db, { tierId: 1, title: 'Voucher' });
    const agentSession = await signInAgent(t.database.db, agent, NOW);
    const claim = await t.request({
      method: 'POST',
      url: '/api/agents/claim-reward',
      headers: { cookie: agentSession.cookie, 'user-agent': 'Agent phone' },
      payload: { tierId: 1, rewardOptionId: option.id, agentData: { name: 'Private Person', email: 'private@example.test', address: '1 Secret Street' } },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const token = await createApiToken(t.database.db, owner, ['agents:write'], { name: 'HR sync' });
    const added = await t.request({
      method: 'POST',
      url: '/api/agents',
      headers: { authorization: token.authorization },
      payload: { name: 'Token Made', position: 'Sales Agent', email: 'token-made@example.test', password: 'long enough password' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const hook = await t.request({ method: 'POST', url: '/api/webhooks', headers: asOwner(), payload: { url: 'https://hooks.example.com/services/T000/B000/SECRETPART', events: ['entry.created'] } });
    expect(hook.statusCode, hook.body).toBe(201);

    const rows = await rowsAfter(t, start);
    const claimId = claim.json().claim.id as number;
    expect(rows.map((row) => [row.action, row.actor_kind])).toEqual([
      ['entry.created', 'user'],
      ['tier.updated', 'user'],
      ['claim.created', 'agent'],
      ['agent.created', 'token'],
      ['webhook.created', 'user'],
    ]);
    expect(rows[0]).toMatchObject({
      actor_id: owner.id,
      actor_name: owner.name,
      target_type: 'income_entry',
      target_id: String(entry.json().id),
      before: null,
      after: { agentId: agent.id, amount: '6000.00', externalId: null, date: entry.json().date },
      ip: '127.0.0.1',
      user_agent: BROWSER,
    });
    expect(rows[1]).toMatchObject({ target_type: 'tier', target_id: '2', before: { name: 'Bronze', threshold: '10000.00' }, after: { name: 'Bronze', threshold: '11000.00' } });
    expect(rows[2]).toMatchObject({ actor_id: agent.id, actor_name: null, target_id: String(claimId), user_agent: 'Agent phone', after: { agentId: agent.id, tierId: 1, rewardOptionId: option.id } });
    expect(rows[3]).toMatchObject({ actor_id: token.id, actor_name: 'HR sync', after: { position: 'Sales Agent', status: 'active' } });
    // The host of a webhook, never its address: a chat service's address holds its secret.
    expect(rows[4]!.after).toEqual({ host: 'hooks.example.com', events: ['entry.created'], format: 'json' });
    // No name, email, address or description of an agent anywhere in the trail.
    const text = JSON.stringify(rows);
    for (const secret of ['Private Person', 'private@example.test', 'Secret Street', 'Deal with ACME', 'token-made@example.test', 'SECRETPART']) {
      expect(text).not.toContain(secret);
    }
  });

  it('records voids, the system’s erasures and repairs, and nothing for a refused change', async () => {
    const t = get();
    const agent = await createAgent(t.database.db);
    const entry = (await t.request({ method: 'POST', url: '/api/income-entries', headers: asOwner(), payload: { agentId: agent.id, amount: '70.00' } })).json();
    const start = await lastId(t);
    expect((await t.request({ method: 'POST', url: `/api/income-entries/${entry.id}/void`, headers: asOwner(), payload: { reason: 'Typo' } })).statusCode).toBe(200);
    // Refused: nothing appended.
    expect((await t.request({ method: 'POST', url: `/api/income-entries/${entry.id}/void`, headers: asOwner(), payload: { reason: 'Again' } })).statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: '/api/income-entries', headers: asOwner(), payload: { agentId: agent.id, amount: 'lots' } })).statusCode).toBe(400);

    // The system erases contact details after the retention, and repairs drift.
    await eraseFilledClaimContacts(t.database.db, new Date('2030-01-01T00:00:00Z'), 90);
    await t.database.db.execute(sql`update agents set total_income = total_income + 1 where id = ${agent.id}`);
    await checkConsistency(t.database.db, 'UTC', { repair: true });

    const rows = await rowsAfter(t, start);
    expect(rows.map((row) => [row.action, row.actor_kind])).toEqual([
      ['entry.voided', 'user'],
      ...(rows.some((row) => row.action === 'claims.contacts_erased') ? [['claims.contacts_erased', 'system']] : []),
      ['data.repaired', 'system'],
    ]);
    expect(rows[0]).toMatchObject({ target_id: String(entry.id), before: { amount: '70.00', agentTotal: '70.00' }, after: { reason: 'Typo', agentTotal: '0.00', tiersTakenBack: [] } });
    expect(rows.at(-1)!.after).toEqual({ drifts: { 'agent-total': 1 } });
  });

  it('chains every row to the one before it by SHA-256, and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const t = get();
    const db = t.database.db;
    for (let i = 0; i < 5; i++) await appendAudit(db, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { n: i } }, NOW);
    await sequenceAll(db);
    const chain = await queryRows<{ id: number; prev_hash: string | null; hash: string; content: string }>(
      db,
      sql`select id::float8 as id, prev_hash, hash, audit_log_content(l) as content from audit_log l order by id`,
    );
    expect(chain.length).toBeGreaterThan(5);
    expect(chain[0]!.prev_hash).toBeNull();
    for (const [index, row] of chain.entries()) {
      if (index > 0) expect(row.prev_hash).toBe(chain[index - 1]!.hash);
      expect(row.hash).toBe(createHash('sha256').update((row.prev_hash ?? '') + row.content).digest('hex'));
    }
    expect(await verifyAuditChain(db)).toEqual({ rows: chain.length, lastHash: chain.at(-1)!.hash, broken: null, seals: null });

    expect(await refusal(db, sql`update audit_log set action = 'entry.created' where id = ${chain[1]!.id}`)).toBe('audit_log is append-only: UPDATE is refused');
    expect(await refusal(db, sql`delete from audit_log where id = ${chain[1]!.id}`)).toBe('audit_log is append-only: DELETE is refused');
    expect(await refusal(db, sql`truncate audit_log`)).toBe('audit_log is append-only: TRUNCATE is refused');
    expect((await verifyAuditChain(db)).broken).toBeNull();
  });

  it('names the first row edited or removed directly in SQL, and holds again once it is put back', async () => {
    const t = get();
    const db = t.database.db;
    const [victim] = await queryRows<{ id: number; after: Record<string, unknown> | null }>(db, sql`select id::float8 as id, after from audit_log order by id limit 1 offset 2`);
    await tamper(db, sql`update audit_log set after = '{"amount": "1.00"}'::jsonb where id = ${victim!.id}`);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: victim!.id, reason: 'its content does not match its hash (the row was changed)' });
    await tamper(db, sql`update audit_log set after = ${JSON.stringify(victim!.after)}::jsonb where id = ${victim!.id}`);
    expect((await verifyAuditChain(db)).broken).toBeNull();

    // A row removed: the row after it no longer links to the one before.
    const [removed, next] = await queryRows<{ id: number }>(db, sql`select id::float8 as id from audit_log order by id limit 2 offset 3`);
    const saved = await queryRows<Record<string, unknown>>(db, sql`select * from audit_log where id = ${removed!.id}`);
    await tamper(db, sql`delete from audit_log where id = ${removed!.id}`);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: next!.id, reason: 'its prev_hash is not the hash of the row before it (a row was removed or changed)' });
    // Put back as it was (the chain's trigger off too, so that it keeps its id and hashes).
    await db.execute(sql`alter table audit_log disable trigger audit_log_chain`);
    try {
      await db.execute(sql`insert into audit_log select * from json_populate_record(null::audit_log, ${JSON.stringify(saved[0])}::json)`);
    } finally {
      await db.execute(sql`alter table audit_log enable trigger audit_log_chain`);
    }
    expect((await verifyAuditChain(db)).broken).toBeNull();
  });

  it('with the audit key, catches a row edited with the triggers off and the SHA-256 chain computed again', async () => {
    const db = get().database.db;
    const key = randomBytes(32);
    for (let i = 0; i < 3; i++) await appendAudit(db, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { n: i } }, NOW);
    const sealed = await sealAuditHead(db, key, NOW);
    expect(sealed).not.toBeNull();
    // Nothing new: no second seal; a row more: a seal chained to the first.
    expect(await sealAuditHead(db, key, NOW)).toBeNull();
    await appendAudit(db, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { n: 3 } }, NOW);
    const second = await sealAuditHead(db, key, NOW);
    expect(second!.auditId).toBeGreaterThan(sealed!.auditId);
    const clean = await verifyAuditChain(db, key);
    expect(clean.broken).toBeNull();
    expect(clean.seals).toMatchObject({ checked: 2, otherKey: 0, sealedThrough: second!.auditId, unsealedRows: 0 });

    const [victim] = await queryRows<{ id: number }>(db, sql`select id::float8 as id from audit_log where id < ${sealed!.auditId} order by id desc limit 1`);
    await rewriteRow(db, victim!.id, { amount: '1000000.00' });
    // The chain alone is fooled...
    expect((await verifyAuditChain(db)).broken).toBeNull();
    // ...the seals are not: the first sealed row after the edit no longer has the hash sealed.
    expect((await verifyAuditChain(db, key)).broken).toEqual({
      id: sealed!.auditId,
      reason: `its hash is not the one seal ${sealed!.id} holds (this row or one before it was changed and the chain computed again)`,
    });

    // Seals cannot be made again without the key: one forged with another key for the new head is refused as forged,
    // and seals of another key are only counted.
    const forger = randomBytes(32);
    const [head] = await queryRows<{ id: number; hash: string }>(db, sql`select id::float8 as id, hash from audit_log order by id desc limit 1`);
    await db.execute(sql`insert into audit_seals (audit_id, audit_hash, key_id, mac, sealed_at)
      values (${head!.id}, ${head!.hash}, ${auditKeyId(key)}, ${sealMac(forger, second!.mac, head!.id, head!.hash)}, now())`);
    const other = await verifyAuditChain(db, forger);
    expect(other.broken).toBeNull();
    expect(other.seals).toMatchObject({ checked: 0, otherKey: 3 });
    expect(await refusal(db, sql`delete from audit_seals`)).toBe('audit_seals is append-only: DELETE is refused');
  });

  it('lets the owner read it newest first, filtered by person, action and date, and export it with its hashes', async () => {
    const t = get();
    const manager = await signedInUser(t, 'manager');
    expect((await t.request({ method: 'GET', url: '/api/audit', headers: { cookie: manager.cookie } })).statusCode).toBe(403);

    const all = auditPage.parse((await t.request({ method: 'GET', url: '/api/audit?limit=5', headers: asOwner() })).json());
    expect(all.rows).toHaveLength(5);
    expect(all.nextOffset).toBe(5);
    expect(all.rows.map((row) => row.id)).toEqual([...all.rows.map((row) => row.id)].sort((a, b) => b - a));

    const mine = auditPage.parse((await t.request({ method: 'GET', url: `/api/audit?actor=user:${owner.id}&limit=200`, headers: asOwner() })).json());
    expect(mine.rows.length).toBeGreaterThan(3);
    expect(new Set(mine.rows.map((row) => `${row.actor.kind}:${row.actor.id}:${row.actor.name}`))).toEqual(new Set([`user:${owner.id}:${owner.name}`]));

    const voids = auditPage.parse((await t.request({ method: 'GET', url: '/api/audit?action=entry.voided', headers: asOwner() })).json());
    expect(voids.rows.map((row) => row.action)).toEqual(['entry.voided']);

    // Agents' names are read from their accounts while they exist.
    const claims = auditPage.parse((await t.request({ method: 'GET', url: '/api/audit?action=claim.created', headers: asOwner() })).json());
    expect(claims.rows[0]!.actor.name).toBe('Private Person');

    const day = NOW.toISOString().slice(0, 10);
    const today = auditPage.parse((await t.request({ method: 'GET', url: `/api/audit?from=${day}&to=${day}&limit=200`, headers: asOwner() })).json());
    expect(today.rows.length).toBeGreaterThan(0);
    expect(today.rows.every((row) => row.at.startsWith(day))).toBe(true);
    const none = auditPage.parse((await t.request({ method: 'GET', url: '/api/audit?from=2020-01-01&to=2020-01-02', headers: asOwner() })).json());
    expect(none.rows).toEqual([]);

    for (const bad of ['actor=robot:1', 'action=entry.deleted', 'from=2026-02-30', 'from=2026-11-02&to=2026-11-01', 'limit=0', 'limit=201']) {
      const res = await t.request({ method: 'GET', url: `/api/audit?${bad}`, headers: asOwner() });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(0);
    }

    const actors = auditActorList.parse((await t.request({ method: 'GET', url: '/api/audit/actors', headers: asOwner() })).json());
    expect(actors.map((actor) => actor.key)).toEqual(expect.arrayContaining([`user:${owner.id}`, 'system']));
    expect(actors.find((actor) => actor.kind === 'token')?.name).toBe('HR sync');

    const file = await t.request({ method: 'GET', url: `/api/exports/audit.csv?actor=user:${owner.id}`, headers: asOwner() });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = file.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(mine.rows.length + 1);
    // Oldest first, each with its hash.
    expect(lines[1]!.startsWith(`${mine.rows.at(-1)!.id},`)).toBe(true);
    expect(lines[1]!.endsWith(`,${mine.rows.at(-1)!.hash}`)).toBe(true);
  });
});

describe('the app with AUDIT_KEY', () => {
  for (const engine of testEngines()) {
    it(`seals the trail's head after changes while it runs, and once more as it stops [${engine}]`, async () => {
      const key = randomBytes(32);
      const t = await startTestApp(engine, { env: { AUDIT_KEY: key.toString('hex') }, now: NOW });
      let closed = false;
      try {
        const db = t.database.db;
        const seals = () => queryRows<{ audit_id: number }>(db, sql`select audit_id::float8 as audit_id from audit_seals where key_id = ${auditKeyId(key)} order by id`);
        await appendAudit(db, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { n: 1 } }, NOW);
        await sequenceAll(db);
        const [head] = await queryRows<{ id: number }>(db, sql`select max(id)::float8 as id from audit_log`);
        await expect.poll(async () => (await seals()).at(-1)?.audit_id, { timeout: 20_000 }).toBe(head!.id);
        await appendAudit(db, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { n: 2 } }, NOW);
        await t.app.close();
        closed = true;
        const [last] = await queryRows<{ id: number }>(db, sql`select max(id)::float8 as id from audit_log`);
        expect((await seals()).at(-1)?.audit_id).toBe(last!.id);
        const report = await verifyAuditChain(db, key);
        expect(report.broken).toBeNull();
        expect(report.seals).toMatchObject({ sealedThrough: last!.id, unsealedRows: 0 });
      } finally {
        if (!closed) await t.app.close();
        await t.database.close();
      }
    }, 60_000);
  }
});

describe('npm run audit:verify', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tiertrack-audit-verify-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('says the chain checks out, and after a row is edited names it with exit code 1', async () => {
    const dataDir = path.join(root, 'data');
    const database = await openDatabase({ engine: 'pglite', dataDir });
    try {
      await database.migrate();
      for (let i = 0; i < 4; i++) await appendAudit(database.db, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { n: i } }, NOW);
    } finally {
      await database.close();
    }
    const good = await runToExit(['scripts/audit-verify.ts'], { DATA_DIR: dataDir });
    expect(good.code, good.output).toBe(0);
    expect(good.output).toContain('checks out: 4 row(s)');

    const again = await openDatabase({ engine: 'pglite', dataDir });
    try {
      await tamper(again.db, sql`update audit_log set after = '{"n": 9}'::jsonb where id = 3`);
    } finally {
      await again.close();
    }
    const bad = await runToExit(['scripts/audit-verify.ts'], { DATA_DIR: dataDir });
    expect(bad.code, bad.output).toBe(1);
    expect(bad.output).toContain('is broken at row 3: its content does not match its hash (the row was changed)');
    // Two runs of the script, each starting Node and the embedded database: slow on a busy machine.
  }, 120_000);

  it('with the key in DATA_DIR/audit.key, names a sealed row edited with the chain computed again (exit code 1)', async () => {
    const dataDir = path.join(root, 'sealed');
    const key = randomBytes(32);
    const database = await openDatabase({ engine: 'pglite', dataDir });
    try {
      await database.migrate();
      for (let i = 0; i < 4; i++) await appendAudit(database.db, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { n: i } }, NOW);
      await sealAuditHead(database.db, key, NOW);
      await appendAudit(database.db, SYSTEM_ACTOR, { action: 'data.repaired', targetType: null, targetId: null, after: { n: 4 } }, NOW);
    } finally {
      await database.close();
    }
    writeFileSync(path.join(dataDir, 'audit.key'), `${key.toString('hex')}\n`, { mode: 0o600 });
    const good = await runToExit(['scripts/audit-verify.ts'], { DATA_DIR: dataDir });
    expect(good.code, good.output).toBe(0);
    expect(good.output).toContain('1 seal(s) made with this key check out: rows up to 4 are sealed.');
    expect(good.output).toContain('1 row(s) after the last seal are not sealed yet');

    const again = await openDatabase({ engine: 'pglite', dataDir });
    try {
      await rewriteRow(again.db, 2, { n: 99 });
    } finally {
      await again.close();
    }
    const bad = await runToExit(['scripts/audit-verify.ts'], { DATA_DIR: dataDir });
    expect(bad.code, bad.output).toBe(1);
    expect(bad.output).toContain('is broken at row 4: its hash is not the one seal 1 holds');
    // Without the key, the same database checks out: the chain alone cannot tell, and the command says so.
    rmSync(path.join(dataDir, 'audit.key'));
    const blind = await runToExit(['scripts/audit-verify.ts'], { DATA_DIR: dataDir });
    expect(blind.code, blind.output).toBe(0);
    expect(blind.output).toContain('Seals not checked');
  }, 120_000);
});
