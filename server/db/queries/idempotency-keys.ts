import { and, eq, lt } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HOURS } from '../../../contract/income-entries';
import type { Db } from '../client';
import { idempotencyKeys } from '../schema';

const KEPT_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000;

interface KeyRef {
  scope: string;
  key: string;
  requestHash: string;
}

/**
 * Claims an idempotency key for this transaction (call inside one). Returns undefined when the key is now this
 * transaction's (new, or last used more than IDEMPOTENCY_KEY_HOURS ago), else the answer kept for it. A concurrent
 * transaction claiming the same key waits here until this one ends (the primary key's uniqueness check), then finds
 * its answer, or the key free again if this one rolled back.
 */
export async function claimIdempotencyKey(tx: Db, ref: KeyRef, now: Date) {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ scope: ref.scope, key: ref.key, requestHash: ref.requestHash, statusCode: 0, response: '', createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: { requestHash: ref.requestHash, statusCode: 0, response: '', agentId: null, createdAt: now },
      setWhere: lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEPT_MS)),
    })
    .returning({ scope: idempotencyKeys.scope });
  if (claimed.length > 0) return undefined;
  const [kept] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, statusCode: idempotencyKeys.statusCode, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)));
  if (!kept) throw new Error('idempotency key neither claimed nor kept');
  return kept;
}

/** Keeps the answer given under a key claimed in this transaction, and the agent it is about (erased with it). */
export async function keepAnswer(tx: Db, ref: KeyRef, answer: { statusCode: number; body: string }, agentId: number | null) {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, response: answer.body, agentId })
    .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)));
}

/** Removes keys older than IDEMPOTENCY_KEY_HOURS; returns how many. */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEPT_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
