import { createHash } from 'node:crypto';
import type { Db } from '../client';
import { readAuditChain } from '../queries/audit';

const BATCH_ROWS = 5_000;

/** What audit:verify found: how many rows, the last hash (to note down: a later check shows it unchanged), the first break. */
export interface AuditChainReport {
  rows: number;
  lastHash: string | null;
  broken: { id: number; reason: string } | null;
}

/**
 * Recomputes the audit trail's chain (docs/product.md §12.12) row by row in id order: each row's prev_hash must be the
 * hash of the row before it, and its hash SHA-256(prev_hash + its content), computed here with Node's own SHA-256 over
 * the text the table's trigger hashed (audit_log_content). Stops at the first row that fails and names it: a row
 * edited shows there, a row deleted shows at the row after it.
 */
export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  let previous: string | null = null;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = await readAuditChain(db, lastId, BATCH_ROWS);
    for (const row of batch) {
      if (row.prev_hash !== previous) {
        const reason = previous === null ? 'the first row names a row before it' : 'its prev_hash is not the hash of the row before it (a row was removed or changed)';
        return { rows, lastHash: previous, broken: { id: row.id, reason } };
      }
      const hash: string = createHash('sha256').update((row.prev_hash ?? '') + row.content, 'utf8').digest('hex');
      if (hash !== row.hash) return { rows, lastHash: previous, broken: { id: row.id, reason: 'its content does not match its hash (the row was changed)' } };
      previous = row.hash;
      lastId = row.id;
      rows += 1;
    }
    if (batch.length < BATCH_ROWS) return { rows, lastHash: previous, broken: null };
  }
}
