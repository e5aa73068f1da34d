import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client';
import { sequenceAll } from './sequencer';
import { auditLog, auditSeals } from './schema';

/**
 * Seals of the audit trail (docs/decisions/0037-keyed-audit-chain.md). The trail's own chain is plain SHA-256, made by
 * the database: whoever can switch its trigger off can edit a row and compute the chain again. A seal is an HMAC of
 * the chain's head made with a key the database never holds, so a row that was sealed cannot be changed unnoticed.
 */

/** An arbitrary constant naming the advisory lock that orders seals across instances. */
const SEAL_LOCK = sql.raw('7406190010');

/** Which key made a seal: the first 16 hex characters of its SHA-256 (the key itself cannot be derived from it). */
export const auditKeyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** A seal's MAC: the seal before it, the sealed row's id and hash, in one unambiguous string. */
export function sealMac(key: Buffer, previousMac: string | null, auditId: number, auditHash: string): string {
  return createHmac('sha256', key).update(`tiertrack-audit-seal:${previousMac ?? ''}:${auditId}:${auditHash}`).digest('hex');
}

export interface AuditSeal {
  id: number;
  auditId: number;
  auditHash: string;
  keyId: string;
  mac: string;
}

/**
 * Seals the trail's head if rows were added since the last seal: one transaction, under an advisory lock so that two
 * instances chain their seals one after the other. Returns the seal made, or null (nothing new). The head is read
 * committed: rows of transactions still open are sealed next time.
 */
export async function sealAuditHead(db: Db, key: Buffer, at: Date): Promise<AuditSeal | null> {
  // Rows still in the inbox are chained first (server/db/sequencer.ts), so that the seal covers every change so far.
  await sequenceAll(db);
  return db.transaction(async (tx) => {
    await queryRows(tx, sql`select pg_advisory_xact_lock(${SEAL_LOCK})`);
    const [head] = await queryRows<{ id: number; hash: string }>(tx, sql`select l.id::float8 as id, l.hash from ${auditLog} l order by l.id desc limit 1`);
    if (!head) return null;
    const keyId = auditKeyId(key);
    const [last] = await queryRows<{ audit_id: number; mac: string }>(
      tx,
      sql`select audit_id::float8 as audit_id, mac from ${auditSeals} where key_id = ${keyId} order by id desc limit 1`,
    );
    if (last && last.audit_id >= head.id) return null;
    const mac = sealMac(key, last?.mac ?? null, head.id, head.hash);
    const [made] = await queryRows<{ id: number }>(
      tx,
      sql`insert into ${auditSeals} (audit_id, audit_hash, key_id, mac, sealed_at) values (${head.id}, ${head.hash}, ${keyId}, ${mac}, ${at.toISOString()}::timestamptz)
        returning id`,
    );
    return { id: made!.id, auditId: head.id, auditHash: head.hash, keyId, mac };
  });
}

/** Seals in order, `limit` at a time after `afterId`. */
export async function readAuditSeals(db: Db, afterId: number, limit: number): Promise<AuditSeal[]> {
  return queryRows<AuditSeal>(
    db,
    sql`select id, audit_id::float8 as "auditId", audit_hash as "auditHash", key_id as "keyId", mac
      from ${auditSeals} where id > ${afterId} order by id limit ${limit}`,
  );
}

/** Whether `mac` is the MAC `key` makes for this seal (compared in constant time). */
export function sealIsGenuine(key: Buffer, previousMac: string | null, seal: AuditSeal): boolean {
  const expected = Buffer.from(sealMac(key, previousMac, seal.auditId, seal.auditHash), 'hex');
  const given = Buffer.from(seal.mac, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
