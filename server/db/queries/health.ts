import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * Whether the database answers a trivial query within `timeoutMs` (a refused connection fails at once; a server that
 * does not answer at all must not hold the health check for longer than a load balancer waits).
 */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
