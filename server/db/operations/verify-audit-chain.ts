import { createHash } from 'node:crypto';
import { auditKeyId, readAuditSeals, sealIsGenuine, type AuditSeal } from '../audit-seals';
import type { Db } from '../client';
import { readAuditChain } from '../queries/audit';

const BATCH_ROWS = 5_000;

/** What the seals showed (docs/decisions/0037-keyed-audit-chain.md); null when no key was given to check them. */
export interface AuditSealReport {
  /** Seals made with the key given, all genuine and matching their rows. */
  checked: number;
  /** Seals made with another key (an older installation's): not checked. */
  otherKey: number;
  /** The last row a genuine seal covers, and the rows after it not sealed yet. */
  sealedThrough: number | null;
  unsealedRows: number;
}

/** What audit:verify found: how many rows, the last hash (to note down: a later check shows it unchanged), the first break. */
export interface AuditChainReport {
  rows: number;
  lastHash: string | null;
  broken: { id: number; reason: string } | null;
  seals: AuditSealReport | null;
}

/** The seals made with `key`, in order, each checked against the one before it; other keys' seals counted. */
async function* genuineSeals(db: Db, key: Buffer, counts: { otherKey: number }): AsyncGenerator<AuditSeal | { forged: AuditSeal }> {
  const keyId = auditKeyId(key);
  let previousMac: string | null = null;
  let afterId = 0;
  for (;;) {
    const batch = await readAuditSeals(db, afterId, BATCH_ROWS);
    for (const seal of batch) {
      afterId = seal.id;
      if (seal.keyId !== keyId) {
        counts.otherKey += 1;
        continue;
      }
      if (!sealIsGenuine(key, previousMac, seal)) {
        yield { forged: seal };
        return;
      }
      previousMac = seal.mac;
      yield seal;
    }
    if (batch.length < BATCH_ROWS) return;
  }
}

/**
 * Recomputes the audit trail's chain (docs/product.md §12.12) row by row in id order: each row's prev_hash must be the
 * hash of the row before it, and its hash SHA-256(prev_hash + its content), computed here with Node's own SHA-256 over
 * the text the table's trigger hashed (audit_log_content). Stops at the first row that fails and names it: a row
 * edited shows there, a row deleted shows at the row after it.
 *
 * With the audit key, the seals are checked too (decision 0037): each seal's HMAC, chained to the seal before it, and
 * the hash it sealed against the row's hash now. Someone who switches the trigger off, edits a row and computes the
 * SHA-256 chain again changes the hash of every later row, sealed ones included, and cannot make their seals again.
 * Rows before the first seal (written before seals existed) are checked by the chain alone.
 */
export async function verifyAuditChain(db: Db, key?: Buffer): Promise<AuditChainReport> {
  let previous: string | null = null;
  let lastId = 0;
  let rows = 0;
  const counts = { otherKey: 0 };
  const sealReport: AuditSealReport | null = key ? { checked: 0, otherKey: 0, sealedThrough: null, unsealedRows: 0 } : null;
  const seals = key ? genuineSeals(db, key, counts) : undefined;
  let next: AuditSeal | { forged: AuditSeal } | undefined = seals ? (await seals.next()).value ?? undefined : undefined;
  const report = (broken: AuditChainReport['broken']): AuditChainReport => {
    if (sealReport) sealReport.otherKey = counts.otherKey;
    return { rows, lastHash: previous, broken, seals: sealReport };
  };
  const forged = (seal: AuditSeal) =>
    report({ id: seal.auditId, reason: `seal ${seal.id} was not made with this audit key (a seal was forged, changed or removed)` });
  for (;;) {
    const batch = await readAuditChain(db, lastId, BATCH_ROWS);
    for (const row of batch) {
      if (row.prev_hash !== previous) {
        const reason = previous === null ? 'the first row names a row before it' : 'its prev_hash is not the hash of the row before it (a row was removed or changed)';
        return report({ id: row.id, reason });
      }
      const hash: string = createHash('sha256').update((row.prev_hash ?? '') + row.content, 'utf8').digest('hex');
      if (hash !== row.hash) return report({ id: row.id, reason: 'its content does not match its hash (the row was changed)' });
      if (next && 'forged' in next) return forged(next.forged);
      if (next && next.auditId < row.id) return report({ id: next.auditId, reason: `the row seal ${next.id} covers is missing (a row was removed)` });
      if (next && next.auditId === row.id) {
        if (next.auditHash !== row.hash) {
          return report({ id: row.id, reason: `its hash is not the one seal ${next.id} holds (this row or one before it was changed and the chain computed again)` });
        }
        sealReport!.checked += 1;
        sealReport!.sealedThrough = row.id;
        next = (await seals!.next()).value ?? undefined;
      }
      previous = row.hash;
      lastId = row.id;
      rows += 1;
      if (sealReport && sealReport.sealedThrough !== row.id) sealReport.unsealedRows += 1;
      else if (sealReport) sealReport.unsealedRows = 0;
    }
    if (batch.length < BATCH_ROWS) break;
  }
  if (next && 'forged' in next) return forged(next.forged);
  if (next) return report({ id: next.auditId, reason: `the row seal ${next.id} covers is missing (rows were removed from the end)` });
  return report(null);
}
