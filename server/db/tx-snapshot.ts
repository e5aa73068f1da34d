import { sql } from 'drizzle-orm';

/**
 * What a transaction's snapshot sees, as pg_current_snapshot() says it (`xmin:xmax:xip,...`): every transaction below
 * xmin had ended, none from xmax on had, and those listed in between were still running. Transaction ids are 64-bit
 * (xid8), exact as numbers for any database that will ever exist (2^53 transactions).
 */
export interface TxSnapshot {
  xmin: number;
  xmax: number;
  running: readonly number[];
}

/** The column to select (as `snapshot`) in a query whose snapshot is to be known. */
export const currentSnapshotColumn = sql`pg_current_snapshot()::text as snapshot`;

export function parseTxSnapshot(text: string): TxSnapshot {
  const [xmin, xmax, list] = text.split(':');
  return { xmin: Number(xmin), xmax: Number(xmax), running: list ? list.split(',').map(Number) : [] };
}

/** Whether what transaction `xid` committed is in the snapshot (an aborted one left nothing to see either way). */
export function visibleIn(snapshot: TxSnapshot, xid: number): boolean {
  if (xid < snapshot.xmin) return true;
  if (xid >= snapshot.xmax) return false;
  return !snapshot.running.includes(xid);
}
