import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { SessionKind } from '../db/queries/sessions';
import { countSignInAttempt, deleteSignInAttempts, readSignInAttempts } from '../db/queries/sign-in-attempts';
import { AppError } from '../domain/errors';
import { authenticate } from './credentials';
import { rememberDevice } from './known-devices';

/**
 * The account side of sign-in throttling (docs/decisions/0012-sign-in-throttling.md). The address side (attempts
 * per client address and route) is in server/http/security.ts, which calls throttleAccountAttempt before the route.
 */

/** The growing delay before a password is checked for an account that has failed many times lately. */
export interface AccountDelay {
  /** Failed sign-ins on the account (from any address, in the window) before delays start. */
  afterFailures: number;
  /** The first delay; each further failure doubles it... */
  baseMs: number;
  /** ...up to this. Never a refusal: whoever has the password gets in after at most this long. */
  maxMs: number;
  /** Failures older than this (fixed window from the first one) are forgotten. */
  windowMs: number;
}

export interface AccountLimits {
  /** Attempts on one account from one client address, or from one known device, per window; a sign-in resets it. */
  perIpAndAccount: number;
  pairWindowMs: number;
  delay: AccountDelay;
}

export const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts. Please wait a minute and try again.';

/** 429 RATE_LIMITED with Retry-After; the message says how long to wait when that is more than a minute. */
export function tooManyAttempts(reply: FastifyReply, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', seconds);
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    minutes <= 1 ? TOO_MANY_SIGN_IN_ATTEMPTS : `Too many sign-in attempts. Please wait ${minutes} minutes and try again.`,
  );
}

/** Counter keys are hashed: the sign_in_attempts table then holds neither addresses, emails nor device ids. */
export function counterKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

/** How long to hold an attempt on an account that has failed this many times in its window (pure). */
export function signInDelayMs(failures: number, delay: AccountDelay): number {
  if (failures < delay.afterFailures) return 0;
  const doublings = Math.min(failures - delay.afterFailures, 30);
  return Math.min(delay.maxMs, delay.baseMs * 2 ** doublings);
}

interface Attempt {
  pairKey: string;
  accountKey: string;
  accountWindowMs: number;
}

const attempts = new WeakMap<FastifyRequest, Attempt>();

/**
 * Before the route checks a password for (kind, email): counts the attempt for the pair (client address and
 * account, or known device and account) and refuses it with 429 past the pair's limit; then, unless the request
 * comes from a known device of the account, waits the account's current delay.
 */
export async function throttleAccountAttempt(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: { kind: SessionKind; email: string; address: string; knownDevice: string | undefined },
  limits: AccountLimits,
): Promise<void> {
  const { kind, email, address, knownDevice } = attempt;
  const pairKey = knownDevice ? counterKey('device+account', kind, knownDevice, email) : counterKey('address+account', kind, address, email);
  const accountKey = counterKey('account', kind, email);
  attempts.set(request, { pairKey, accountKey, accountWindowMs: limits.delay.windowMs });

  const now = ctx.now();
  const pair = await countSignInAttempt(ctx.db, pairKey, now, limits.pairWindowMs);
  if (pair.attempts > limits.perIpAndAccount) throw tooManyAttempts(reply, pair.resetAt.getTime() - now.getTime());

  if (knownDevice) return;
  const wait = signInDelayMs(await readSignInAttempts(ctx.db, accountKey, now, limits.delay.windowMs), limits.delay);
  if (wait > 0) await sleep(wait);
}

/**
 * authenticate (server/auth/credentials.ts) under the throttle: a refused password counts as a failure against
 * the account (from whatever address or device), which lengthens the delay for attempts not from a known device.
 */
export async function authenticateThrottled<Account extends { passwordHash: string }>(
  ctx: AppContext,
  request: FastifyRequest,
  account: Account | undefined,
  password: string,
): Promise<Account> {
  try {
    return await authenticate(account, password);
  } catch (error) {
    const attempt = attempts.get(request);
    if (attempt) await countSignInAttempt(ctx.db, attempt.accountKey, ctx.now(), attempt.accountWindowMs);
    throw error;
  }
}

/**
 * After a right password: resets the pair's count. A sign-in that still needs its second factor stops here; the
 * device is known only once the code is right too (signInSucceeded).
 */
export async function passwordAccepted(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const attempt = attempts.get(request);
  if (attempt) await deleteSignInAttempts(ctx.db, attempt.pairKey);
}

/** After a successful sign-in: resets the pair's count and makes the browser a known device of the account. */
export async function signInSucceeded(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  accountId: number,
): Promise<void> {
  await passwordAccepted(ctx, request);
  await rememberDevice(ctx, reply, kind, accountId);
}
