import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { API_TOKEN_INVALID_TEXT, API_TOKEN_MALFORMED_TEXT } from '../../contract/api-tokens';
import { text } from '../../contract/i18n';
import { TWO_FACTOR_SETUP_REQUIRED_TEXT } from '../../contract/two-factor';
import { useApiToken, type TokenCaller } from '../db/queries/api-tokens';
import { AppError, forbidden, unauthenticated } from '../domain/errors';
import { messages } from './messages';
import { twoFactorPolicyAllows } from './two-factor-policy';
import {
  deleteSession,
  touchSession,
  findAgentSession,
  findUserSession,
  insertSession,
  markPasswordConfirmed,
  readPasswordConfirmedAt,
  type SessionAgent,
  type SessionKind,
  type SessionUser,
} from '../db/queries/sessions';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends after this long without use (sliding)... */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** ...and this long after sign-in, however often it is used (absolute): a stolen cookie does not live for ever. */
export const SESSION_MAX_AGE_MS = 90 * DAY_MS;
/** A session is extended at most once a day, so reads do not write on every request. */
const EXTEND_AFTER_MS = DAY_MS;
/** A session's "last seen" is written at most this often (the list of signed-in devices shows it to that precision). */
export const SESSION_SEEN_EVERY_MS = 5 * 60 * 1000;

export const cookieNames: Record<SessionKind, string> = { user: 'sid', agent: 'agent_sid' };

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function cookieOptions(ctx: AppContext, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: ctx.config.cookieSecure, expires };
}

/** A sign-in overtaken by a change of the account (a password set, deactivation) between its check and its session. */
export const SIGN_IN_OVERTAKEN = text(messages, 'signInOvertaken');

/**
 * Starts a session with a fresh random token and sets its cookie. `credentialVersion` is the account's version whose
 * password (or two-factor challenge) was checked: when the account has changed since, no session is made (401).
 */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  account: { id: number; credentialVersion: number },
) {
  const token = randomBytes(32).toString('base64url');
  const createdAt = ctx.now();
  const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_MS);
  const tokenHash = hashToken(token);
  const started = await insertSession(ctx.db, {
    tokenHash,
    kind,
    subjectId: account.id,
    credentialVersion: account.credentialVersion,
    createdAt,
    expiresAt,
    userAgent: request.headers['user-agent'],
  });
  if (!started) throw unauthenticated(SIGN_IN_OVERTAKEN);
  reply.setCookie(cookieNames[kind], token, cookieOptions(ctx, expiresAt));
}

/** Replaces the request's session of this kind (if any) with a new one for the account: a fresh token at each sign-in. */
export async function renewSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  account: { id: number; credentialVersion: number },
) {
  await endSession(ctx, request, reply, kind);
  await startSession(ctx, request, reply, kind, account);
}

/** Ends the session named by the request's cookie (if any) and clears the cookie. */
export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, kind: SessionKind) {
  const token = request.cookies[cookieNames[kind]];
  if (token) {
    await deleteSession(ctx.db, hashToken(token));
    // Its live-update streams here end now; other instances end theirs at their next check (within seconds).
    ctx.live.endSession(hashToken(token));
  }
  reply.clearCookie(cookieNames[kind], { path: '/' });
}

export interface Identity {
  user?: SessionUser;
  agent?: SessionAgent;
  /** An API token (Authorization: Bearer); a request that sends one is identified by it alone, never by cookies. */
  token?: TokenCaller;
}

const resolved = new WeakMap<FastifyRequest, Promise<Identity>>();

/** The subject of the request's session cookie of one kind, when that session is live; slides its expiry. */
async function readSession<Row extends { createdAt: Date; expiresAt: Date; lastSeenAt: Date }>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  find: (db: AppContext['db'], tokenHash: string, now: Date) => Promise<Row | undefined>,
): Promise<Omit<Row, 'createdAt' | 'expiresAt' | 'lastSeenAt'> | undefined> {
  const token = request.cookies[cookieNames[kind]];
  if (!token || token.length > 200) return undefined;
  const now = ctx.now();
  const tokenHash = hashToken(token);
  const row = await find(ctx.db, tokenHash, now);
  if (!row) return undefined;
  await slide(ctx, reply, kind, token, tokenHash, row, now);
  const { createdAt: _createdAt, expiresAt: _expiresAt, lastSeenAt: _lastSeenAt, ...subject } = row;
  return subject;
}

const eventFences = new WeakMap<FastifyRequest, number>();

/**
 * The event horizon when the request's owner or manager session was read (after `identify`): a transaction id above
 * every change acknowledged before the request was sent (EventHub.reachHorizon waits for their events); undefined
 * for other callers.
 */
export function eventFenceOf(request: FastifyRequest): number | undefined {
  return eventFences.get(request);
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/** The API token named by an Authorization header: 401 when the header is malformed or the token is not live. */
async function tokenIdentity(ctx: AppContext, header: string): Promise<Identity> {
  const match = BEARER.exec(header.trim());
  if (!match) throw unauthenticated(API_TOKEN_MALFORMED_TEXT);
  const token = await useApiToken(ctx.db, hashToken(match[1]!), ctx.now());
  if (!token) throw unauthenticated(API_TOKEN_INVALID_TEXT);
  return { token };
}

async function lookUp(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Identity> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) return tokenIdentity(ctx, authorization);
  const session = await readSession(ctx, request, reply, 'user', findUserSession);
  let user: SessionUser | undefined;
  if (session) {
    const { eventHorizon, ...subject } = session;
    eventFences.set(request, eventHorizon);
    user = subject;
  }
  const agent = await readSession(ctx, request, reply, 'agent', findAgentSession);
  if (user && !twoFactorPolicyAllows(request, user)) {
    // A manager who must set up two-factor sign-in first: their session serves nothing here, whatever the route
    // (server/auth/two-factor-policy.ts). An agent session the browser also holds still serves as itself.
    if (!agent) throw forbidden(TWO_FACTOR_SETUP_REQUIRED_TEXT);
    return { agent };
  }
  return { ...(user ? { user } : {}), ...(agent ? { agent } : {}) };
}

async function slide(
  ctx: AppContext,
  reply: FastifyReply,
  kind: SessionKind,
  token: string,
  tokenHash: string,
  session: { createdAt: Date; expiresAt: Date; lastSeenAt: Date },
  now: Date,
) {
  const next = new Date(Math.min(now.getTime() + SESSION_TTL_MS, session.createdAt.getTime() + SESSION_MAX_AGE_MS));
  // The expiry at most once a day, and never past the absolute end; "last seen" at most every few minutes.
  const extend = next.getTime() - session.expiresAt.getTime() >= EXTEND_AFTER_MS;
  const seen = now.getTime() - session.lastSeenAt.getTime() >= SESSION_SEEN_EVERY_MS;
  if (!extend && !seen) return;
  await touchSession(ctx.db, tokenHash, { seenAt: now, expiresAt: extend ? next : undefined });
  if (extend) reply.setCookie(cookieNames[kind], token, cookieOptions(ctx, next));
}

/** Who is calling: the owner/manager session and the agent session, each if present and live. Cached per request. */
export function identify(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Identity> {
  let identity = resolved.get(request);
  if (!identity) {
    identity = lookUp(ctx, request, reply);
    resolved.set(request, identity);
  }
  return identity;
}

/** How long after entering their password a person may take sensitive actions without entering it again. */
export const RECENT_PASSWORD_MS = 10 * 60 * 1000;
export const PASSWORD_CONFIRMATION_REQUIRED_TEXT = text(messages, 'passwordConfirmationRequired');
/** Its English (tests compare answers to it); the answer is in the reader's language. */
export const PASSWORD_CONFIRMATION_REQUIRED = String(PASSWORD_CONFIRMATION_REQUIRED_TEXT);

/**
 * Sensitive actions (a backup, deleting an agent or a manager, sign-up settings) need the password entered in the
 * last ten minutes in this session: at sign-in, or again through POST /api/auth/confirm-password. A stolen
 * session cookie alone cannot do them.
 */
export async function requireRecentPassword(ctx: AppContext, request: FastifyRequest, kind: SessionKind): Promise<void> {
  const token = request.cookies[cookieNames[kind]];
  const at = token ? await readPasswordConfirmedAt(ctx.db, hashToken(token)) : undefined;
  if (!at || ctx.now().getTime() - at.getTime() > RECENT_PASSWORD_MS) {
    throw new AppError('REAUTHENTICATION_REQUIRED', PASSWORD_CONFIRMATION_REQUIRED_TEXT);
  }
}

/** Records that the person behind the request's session has just entered their password. */
export async function confirmPassword(ctx: AppContext, request: FastifyRequest, kind: SessionKind): Promise<void> {
  const token = request.cookies[cookieNames[kind]];
  if (token) await markPasswordConfirmed(ctx.db, hashToken(token), ctx.now());
}
