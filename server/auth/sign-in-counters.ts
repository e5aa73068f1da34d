import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { AppContext } from '../app-context';
import { deleteExpiredSessions } from '../db/queries/sessions';
import { countSignInAttempt, deleteSignInAttemptsBefore } from '../db/queries/sign-in-attempts';

/** Which sign-in a limit is for: a user's (owner, manager) or an agent's. */
export type { SessionKind } from '../db/queries/sessions';

// The counters of sign-in attempts and the rate limits (server/http/security.ts), kept in the database.

/** Expired counters and sessions are swept once every this many counted attempts (per app instance). */
const SWEEP_EVERY = 100;

/**
 * Removes counters whose window is over (older than the longest window, so over whatever their own) and sessions
 * past their expiry. Sign-ins are what add rows to both tables, so sweeping at their pace keeps both small. Best
 * effort: a failed sweep leaves the rows for the next one.
 */
async function sweepExpired(ctx: AppContext, now: Date, longestWindowMs: number) {
  try {
    await deleteSignInAttemptsBefore(ctx.db, new Date(now.getTime() - longestWindowMs));
    await deleteExpiredSessions(ctx.db, now);
  } catch {
    // see above
  }
}

/**
 * A store for @fastify/rate-limit that keeps the counters in the database, so that every app instance on one
 * PostgreSQL server enforces the same limits (the instances keep no state of their own). Uses the app clock.
 */
export function postgresRateLimitStore(ctx: AppContext, longestWindowMs: number) {
  let counted = 0;
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = ctx.now();
      countSignInAttempt(ctx.db, key, now, timeWindow).then(
        ({ attempts, resetAt }) => callback(null, { current: attempts, ttl: Math.max(0, resetAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
      if (++counted % SWEEP_EVERY === 0) void sweepExpired(ctx, now, longestWindowMs);
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
