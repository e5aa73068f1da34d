import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { signInAttempts } from '../schema';

/**
 * Counts one attempt under a key in a fixed window that starts with the first attempt and lasts windowMs.
 * Returns the attempts counted in the current window (this one included) and when the window ends.
 * One statement, so concurrent attempts on any number of app instances are all counted.
 */
export async function countSignInAttempt(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ attempts: number; resetAt: Date }> {
  const nowText = now.toISOString();
  const expiredBefore = new Date(now.getTime() - windowMs).toISOString();
  const windowOver = sql`${signInAttempts.windowStartedAt} <= ${expiredBefore}::timestamptz`;
  const [row] = await db
    .insert(signInAttempts)
    .values({ key, windowStartedAt: sql`${nowText}::timestamptz`, attempts: 1 })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${windowOver} then 1 else ${signInAttempts.attempts} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${nowText}::timestamptz else ${signInAttempts.windowStartedAt} end`,
      },
    })
    .returning({ attempts: signInAttempts.attempts, windowStartedAt: signInAttempts.windowStartedAt });
  return { attempts: row!.attempts, resetAt: new Date(row!.windowStartedAt.getTime() + windowMs) };
}

/** Forgets counters whose window started before the given time; returns how many. */
export async function deleteSignInAttemptsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.windowStartedAt, before))
    .returning({ key: signInAttempts.key });
  return rows.length;
}

/** The attempts counted under a key in its current window (0 when none), without counting one. */
export async function readSignInAttempts(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const [row] = await db
    .select({ attempts: signInAttempts.attempts })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.key, key), sql`${signInAttempts.windowStartedAt} > ${since}::timestamptz`))
    .limit(1);
  return row?.attempts ?? 0;
}

/** Forgets one counter (a successful sign-in resets its address-and-account count). */
export async function deleteSignInAttempts(db: Db, key: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/**
 * Takes one attempt back from a counter (never below zero): a guess counted before it was checked that turned out
 * right, or was refused unchecked. The window stays as it was.
 */
export async function refundSignInAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(signInAttempts)
    .set({ attempts: sql`${signInAttempts.attempts} - 1` })
    .where(and(eq(signInAttempts.key, key), sql`${signInAttempts.attempts} > 0`));
}
