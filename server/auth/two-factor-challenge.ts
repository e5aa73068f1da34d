import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWO_FACTOR_CHALLENGE_MINUTES } from '../../contract/two-factor';
import type { AppContext } from '../app-context';
import { insertTwoFactorChallenge } from '../db/queries/two-factor';
import { hashToken } from './sessions';

/**
 * A sign-in between the right password and the right code (docs/decisions/0030-two-factor-sign-in.md): the browser
 * holds a random token in a cookie only the sign-in routes receive (path /api/auth, SameSite=Strict, HttpOnly); the
 * database keeps its SHA-256, the user and the wrong codes counted.
 */
export const CHALLENGE_COOKIE = 'two_factor';
const COOKIE_PATH = '/api/auth';
export const TWO_FACTOR_CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60 * 1000;

/** Starts a challenge bound to the credential version whose password was checked: a change of the account ends it. */
export async function startTwoFactorChallenge(ctx: AppContext, reply: FastifyReply, user: { id: number; credentialVersion: number }): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = ctx.now();
  const expiresAt = new Date(createdAt.getTime() + TWO_FACTOR_CHALLENGE_MS);
  await insertTwoFactorChallenge(ctx.db, { tokenHash: hashToken(token), userId: user.id, credentialVersion: user.credentialVersion, createdAt, expiresAt });
  reply.setCookie(CHALLENGE_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: ctx.config.cookieSecure, expires: expiresAt });
}

/** The token hash of the request's challenge cookie, when it carries one of a plausible length. */
export function challengeTokenHash(request: FastifyRequest): string | undefined {
  const token = request.cookies[CHALLENGE_COOKIE];
  return token && token.length <= 200 ? hashToken(token) : undefined;
}

export function clearChallengeCookie(reply: FastifyReply): void {
  reply.clearCookie(CHALLENGE_COOKIE, { path: COOKIE_PATH });
}
