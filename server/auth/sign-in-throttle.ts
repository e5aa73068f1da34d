import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { SessionKind } from '../db/queries/sessions';
import { countSignInAttempt, deleteSignInAttempts, readSignInAttempts, refundSignInAttempt } from '../db/queries/sign-in-attempts';
import { text } from '../../contract/i18n';
import { AppError } from '../domain/errors';
import { authenticate } from './credentials';
import { knownDeviceOf, rememberDevice } from './known-devices';
import { messages } from './messages';

/**
 * The account side of sign-in throttling (docs/decisions/0012-sign-in-throttling.md) and the per-account guess budget
 * (docs/decisions/0035-per-account-guess-budget.md). The address side (attempts per client address and route) is in
 * server/http/security.ts, which calls throttleAccountAttempt before the route.
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

/**
 * Failed guesses (passwords, or two-factor codes) an account may take per window from devices that never signed in to
 * it, all of them together. A known device has its own: for codes a budget of the same size, for passwords its
 * perIpAndAccount count. Guesses are counted before they are checked, so parallel requests cannot slip past, and a
 * right guess gives its count back.
 */
export interface GuessBudget {
  failures: number;
  /** A fixed window, starting at the first guess after the previous window ended. */
  windowMs: number;
}

const HOUR = 60 * 60 * 1000;
/**
 * Any 60 minutes overlap at most two one-hour windows: at most 100 failed passwords an hour per account from new
 * devices (ASVS 2.2.1), whatever the number of addresses, parallel requests or instances.
 */
export const DEFAULT_ACCOUNT_BUDGET: GuessBudget = { failures: 50, windowMs: HOUR };
/**
 * Three 6-digit codes are right at any time (the step and one either side), 3 chances in a million a guess: at most 20
 * guesses in any hour keep an attacker who has the password under 0.01 % an hour (100 would give 0.03 %).
 */
export const DEFAULT_TWO_FACTOR_CODE_BUDGET: GuessBudget = { failures: 10, windowMs: HOUR };

export interface AccountLimits {
  /** Attempts on one account from one client address, or from one known device, per window; a sign-in resets it. */
  perIpAndAccount: number;
  pairWindowMs: number;
  delay: AccountDelay;
  /** Wrong passwords per account from new devices (DEFAULT_ACCOUNT_BUDGET). */
  budget: GuessBudget;
  /** Wrong two-factor codes per account from new devices (DEFAULT_TWO_FACTOR_CODE_BUDGET). */
  codeBudget: GuessBudget;
}

export const TOO_MANY_SIGN_IN_ATTEMPTS = text(messages, 'tooManySignInAttempts', { minutes: 1 });

/** 429 RATE_LIMITED with Retry-After; the message says how long to wait when that is more than a minute. */
export function tooManyAttempts(reply: FastifyReply, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', seconds);
  const minutes = Math.ceil(seconds / 60);
  return new AppError('RATE_LIMITED', text(messages, 'tooManySignInAttempts', { minutes }));
}

/** 429 for a guess from a new device on an account whose budget is spent: the person's way in is a known device. */
function accountBudgetSpent(reply: FastifyReply, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', seconds);
  const minutes = Math.ceil(seconds / 60);
  return new AppError('RATE_LIMITED', text(messages, 'accountBudgetSpent', { minutes }));
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
/** The limits of the sign-in route a request came to (set by server/http/security.ts before the route runs). */
const routeLimits = new WeakMap<FastifyRequest, AccountLimits>();
/** The budget counter a request's guess was taken from, until the guess is known to be right. */
const guesses = new WeakMap<FastifyRequest, string>();

/** Called for every request to a sign-in route, before it runs: the limits its guesses are counted against. */
export function applyAccountLimits(request: FastifyRequest, limits: AccountLimits): void {
  routeLimits.set(request, limits);
}

/**
 * Takes one guess from a budget's counter, or refuses the request with 429 when the window's are spent (the refused
 * guess given back at once, so that the counter holds guesses checked or being checked only).
 */
async function spendGuess(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, key: string, budget: GuessBudget, knownDevice: boolean): Promise<void> {
  const now = ctx.now();
  const { attempts: counted, resetAt } = await countSignInAttempt(ctx.db, key, now, budget.windowMs);
  if (counted > budget.failures) {
    await refundSignInAttempt(ctx.db, key);
    const retryAfterMs = resetAt.getTime() - now.getTime();
    throw knownDevice ? tooManyAttempts(reply, retryAfterMs) : accountBudgetSpent(reply, retryAfterMs);
  }
  guesses.set(request, key);
}

/** The request's guess was right: its count goes back to the budget it was taken from. */
async function guessWasRight(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const key = guesses.get(request);
  if (key === undefined) return;
  guesses.delete(request);
  await refundSignInAttempt(ctx.db, key);
}

/**
 * Before the route checks a password for (kind, email): counts the attempt for the pair (client address and
 * account, or known device and account) and refuses it with 429 past the pair's limit; then, unless the request
 * comes from a known device of the account, takes a guess from the account's budget (429 when it is spent) and
 * waits the account's current delay.
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
  await spendGuess(ctx, request, reply, counterKey('account budget', kind, email), limits.budget, false);
  const wait = signInDelayMs(await readSignInAttempts(ctx.db, accountKey, now, limits.delay.windowMs), limits.delay);
  if (wait > 0) await sleep(wait);
}

/**
 * authenticate (server/auth/credentials.ts) under the throttle: a refused password counts as a failure against
 * the account (from whatever address or device), which lengthens the delay for attempts not from a known device; a
 * right one gives its guess back to the account's budget.
 */
export async function authenticateThrottled<Account extends { passwordHash: string }>(
  ctx: AppContext,
  request: FastifyRequest,
  account: Account | undefined,
  password: string,
): Promise<Account> {
  let authenticated: Account;
  try {
    authenticated = await authenticate(account, password);
  } catch (error) {
    const attempt = attempts.get(request);
    if (attempt) await countSignInAttempt(ctx.db, attempt.accountKey, ctx.now(), attempt.accountWindowMs);
    throw error;
  }
  await guessWasRight(ctx, request);
  return authenticated;
}

/**
 * Before a two-factor code of the user's is checked (at sign-in, or to turn it off): takes a guess from the account's
 * code budget, shared by every device that never signed in to it, or from a known device's own; 429 once it is spent.
 * The budget outlives sign-in challenges and is not reset by a right password. Must run on a sign-in route.
 */
export async function spendTwoFactorCodeGuess(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; email: string },
): Promise<void> {
  const limits = routeLimits.get(request);
  if (!limits) throw new Error('a two-factor code is checked on a route without config.signIn');
  const knownDevice = await knownDeviceOf(ctx, request, 'user', user.email);
  const key = knownDevice ? counterKey('code+device', knownDevice, String(user.id)) : counterKey('code+account', String(user.id));
  await spendGuess(ctx, request, reply, key, limits.codeBudget, knownDevice !== undefined);
}

/** After a right two-factor code: its guess goes back to the budget. */
export async function twoFactorCodeAccepted(ctx: AppContext, request: FastifyRequest): Promise<void> {
  await guessWasRight(ctx, request);
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
