import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client';

/** The gzip magic number: every backup file starts with it. */
export const BACKUP_MAGIC = Buffer.from([0x1f, 0x8b]);

/**
 * A consistent copy of the embedded database while the app serves requests: the data dir as a gzipped tar, taken
 * after a checkpoint and between transactions (PGlite serves one query at a time, and every transaction holds its
 * transaction lock from BEGIN to COMMIT, so holding that lock while dumping waits for the running one to end and
 * keeps the next one out). The archive is built in memory and requests wait while it is written.
 */
export async function dumpEmbeddedDatabase(db: Db): Promise<Blob> {
  const client = (db as unknown as { $client: PGlite }).$client;
  // Flush dirty pages so that a restore starts without replaying much WAL.
  await client.exec('CHECKPOINT');
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
}
