// Writes a CRM can retry safely (docs/product.md §12.9): an entry's externalId is unique (409 naming
// the entry that has it), and the Idempotency-Key header answers a retry with the first answer, writing nothing.
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createdIncomeEntry, IDEMPOTENCY_KEY_HOURS } from '../../contract/income-entries';
import { queryRows } from '../../server/db/client';
import { deleteAgent } from '../../server/db/operations/delete-agent';
import { pruneIdempotencyKeys } from '../../server/db/queries/idempotency-keys';
import { idempotencyKeys } from '../../server/db/schema';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';
import { sequenceAll } from '../../server/db/sequencer';

const NOW = new Date('2026-11-18T15:00:00Z');
const HOUR = 60 * 60 * 1000;
let serial = 0;
const uniqueKey = (label: string) => `${label}-${++serial}-${Math.random().toString(36).slice(2)}`;

async function counts(t: TestApp, agentId: number) {
  await sequenceAll(t.database.db);
  const [row] = await queryRows<{ entries: number; total: string; events: number }>(
    t.database.db,
    sql`select (select count(*)::int from income_entries where agent_id = ${agentId}) as entries,
      (select total_income::text from agents where id = ${agentId}) as total,
      (select count(*)::int from events) as events`,
  );
  return row!;
}

describeEachEngine(
  'retry-safe income entries',
  (get) => {
    const post = (cookie: string, payload: unknown, key?: string) =>
      get().request({
        method: 'POST',
        url: '/api/income-entries',
        headers: { cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
        payload: payload as object,
      });
    const owner = async () => (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;

    it('keeps an entry’s externalId and refuses a second entry with it (409 naming the first), writing nothing', async () => {
      const cookie = await owner();
      const agent = await createAgent(get().database.db);
      const externalId = uniqueKey('deal');
      const first = await post(cookie, { agentId: agent.id, amount: '1200.00', externalId: `  ${externalId} ` });
      expect(first.statusCode).toBe(201);
      const body = createdIncomeEntry.parse(first.json());
      expect(body.externalId).toBe(externalId);
      const before = await counts(get(), agent.id);
      const second = await post(cookie, { agentId: agent.id, amount: '99.00', externalId });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'CONFLICT', message: `An entry with externalId "${externalId}" already exists (entry ${body.id})` });
      expect(await counts(get(), agent.id)).toEqual(before);
      // Without an externalId, entries are never refused as duplicates.
      expect((await post(cookie, { agentId: agent.id, amount: '1.00' })).json().externalId).toBeNull();
      expect((await post(cookie, { agentId: agent.id, amount: '1.00' })).statusCode).toBe(201);
    });

    it('refuses a malformed externalId with 400', async () => {
      const cookie = await owner();
      const agent = await createAgent(get().database.db);
      const before = await counts(get(), agent.id);
      for (const [externalId, message] of [
        ['', 'externalId must not be empty'],
        ['   ', 'externalId must not be empty'],
        ['x'.repeat(101), 'externalId must be at most 100 characters'],
        [42, 'externalId must be text'],
        ['a\u0000b', 'externalId must not contain NUL characters'],
      ] as const) {
        const res = await post(cookie, { agentId: agent.id, amount: '5.00', externalId });
        expect(res.statusCode, String(externalId)).toBe(400);
        expect(res.json().issues).toEqual([{ path: 'externalId', message }]);
      }
      expect(await counts(get(), agent.id)).toEqual(before);
    });

    it('answers a retry with the same Idempotency-Key with the first answer, writing nothing more', async () => {
      const cookie = await owner();
      const agent = await createAgent(get().database.db);
      const key = uniqueKey('retry');
      const payload = { agentId: agent.id, amount: '250.00', description: 'Renewal' };
      const first = await post(cookie, payload, key);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const after = await counts(get(), agent.id);
      const again = await post(cookie, payload, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await counts(get(), agent.id)).toEqual(after);
      expect(after).toMatchObject({ entries: 1, total: '250.00' });
    });

    it('refuses the same key with another request (422) and answers another caller’s same key on its own', async () => {
      const cookie = await owner();
      const agent = await createAgent(get().database.db);
      const key = uniqueKey('reuse');
      expect((await post(cookie, { agentId: agent.id, amount: '10.00' }, key)).statusCode).toBe(201);
      const before = await counts(get(), agent.id);
      const other = await post(cookie, { agentId: agent.id, amount: '11.00' }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used with a different request' });
      expect(await counts(get(), agent.id)).toEqual(before);
      // Keys belong to who sent them: another owner's request with the same key is a request of its own.
      const second = await post(await owner(), { agentId: agent.id, amount: '11.00' }, key);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect((await counts(get(), agent.id)).total).toBe('21.00');
    });

    it('writes again with a key last used more than 24 hours ago, and maintenance removes such keys', async () => {
      const t = get();
      const cookie = await owner();
      const agent = await createAgent(t.database.db);
      const key = uniqueKey('old');
      const payload = { agentId: agent.id, amount: '3.00' };
      const start = t.clock.now;
      try {
        expect((await post(cookie, payload, key)).statusCode).toBe(201);
        t.clock.now = new Date(start.getTime() + (IDEMPOTENCY_KEY_HOURS - 1) * HOUR);
        expect((await post(cookie, payload, key)).headers['idempotent-replayed']).toBe('true');
        t.clock.now = new Date(start.getTime() + (IDEMPOTENCY_KEY_HOURS + 1) * HOUR);
        const later = await post(cookie, payload, key);
        expect(later.headers['idempotent-replayed']).toBeUndefined();
        expect((await counts(t, agent.id)).entries).toBe(2);
        const kept = (await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length;
        expect(kept).toBe(1);
        expect(await pruneIdempotencyKeys(t.database.db, new Date(t.clock.now.getTime() + (IDEMPOTENCY_KEY_HOURS + 1) * HOUR))).toBeGreaterThanOrEqual(1);
        expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
      } finally {
        t.clock.now = start;
      }
    });

    it('refuses a malformed key with 400, and keeps no key for a request that failed', async () => {
      const cookie = await owner();
      const agent = await createAgent(get().database.db);
      const before = await counts(get(), agent.id);
      for (const key of ['', 'x'.repeat(256), 'with space', 'é']) {
        const res = await post(cookie, { agentId: agent.id, amount: '5.00' }, key);
        expect(res.statusCode, JSON.stringify(key)).toBe(400);
        expect(res.json().message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
      }
      expect(await counts(get(), agent.id)).toEqual(before);
      // A refused write keeps nothing under its key: the same request fails the same way again, not as a replay.
      const key = uniqueKey('failed');
      const externalId = uniqueKey('deal');
      expect((await post(cookie, { agentId: agent.id, amount: '5.00', externalId })).statusCode).toBe(201);
      const refused = await post(cookie, { agentId: agent.id, amount: '6.00', externalId }, key);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/already exists \(entry \d+\)$/);
      expect(await get().database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
      expect((await post(cookie, { agentId: 2_000_000_000, amount: '6.00' }, key)).statusCode).toBe(404);
      expect(await get().database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    });

    it('writes once when many requests with the same key arrive together, and answers each the same', async () => {
      const cookie = await owner();
      const agent = await createAgent(get().database.db);
      const key = uniqueKey('burst');
      const answers = await Promise.all(Array.from({ length: 12 }, () => post(cookie, { agentId: agent.id, amount: '40.00' }, key)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      expect(await counts(get(), agent.id)).toMatchObject({ entries: 1, total: '40.00' });
    });

    it('erases the answers kept about an agent with the agent', async () => {
      const cookie = await owner();
      const agent = await createAgent(get().database.db);
      const key = uniqueKey('erase');
      expect((await post(cookie, { agentId: agent.id, amount: '8.00' }, key)).statusCode).toBe(201);
      expect(await get().database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
      await deleteAgent(get().database.db, agent.id);
      expect(await get().database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    });
  },
  { now: NOW },
);
