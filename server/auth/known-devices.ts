import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { findAgentByEmail } from '../db/queries/agents';
import { claimMeta, readMeta } from '../db/queries/app-meta';
import type { SessionKind } from '../db/queries/sessions';
import { findUserByEmail } from '../db/queries/users';

/**
 * Known devices (docs/decisions/0012-sign-in-throttling.md): after a successful sign-in the browser gets a cookie
 * naming the account and a random device id, signed with a secret of the database. A sign-in attempt that carries
 * a valid one for the account it names is counted per device, apart from everyone else's attempts, so that
 * strangers' wrong passwords never slow or block the person on a device they signed in from before.
 */
export const deviceCookieNames: Record<SessionKind, string> = { user: 'device', agent: 'agent_device' };

/** Renewed at each sign-in: a device stays known while it is used at least twice a year. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** app_meta key of the signing secret; made once per database (every instance on it reads the same one). */
const SECRET_KEY = 'known_device_secret';

/** "<account id>.<issued at, ms since 1970>.<device id: 16 random bytes, base64url>.<HMAC-SHA256, base64url>". */
const COOKIE_VALUE = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

async function deviceSecret(ctx: AppContext): Promise<Buffer> {
  let secret = await readMeta(ctx.db, SECRET_KEY);
  if (secret === undefined) {
    await claimMeta(ctx.db, SECRET_KEY, randomBytes(32).toString('base64url'));
    secret = await readMeta(ctx.db, SECRET_KEY);
  }
  if (!secret) throw new Error('known-device secret missing after it was set');
  return Buffer.from(secret, 'base64url');
}

function signature(secret: Buffer, kind: SessionKind, accountId: number, issuedAt: number, deviceId: string): string {
  return createHmac('sha256', secret).update(`known-device\n${kind}\n${accountId}\n${issuedAt}\n${deviceId}`).digest('base64url');
}

/**
 * The device id of the request's known-device cookie of this kind, when this server issued that cookie at a
 * sign-in to the account the email names; else undefined. Looks the account up only for a correctly signed cookie.
 */
export async function knownDeviceOf(ctx: AppContext, request: FastifyRequest, kind: SessionKind, email: string): Promise<string | undefined> {
  const match = COOKIE_VALUE.exec(request.cookies[deviceCookieNames[kind]] ?? '');
  if (!match) return undefined;
  const [, idText, issuedText, deviceId, given] = match as unknown as [string, string, string, string, string];
  const accountId = Number(idText);
  const issuedAt = Number(issuedText);
  // The browser drops the cookie when it expires; a copy kept elsewhere ends then too.
  if (ctx.now().getTime() - issuedAt > KNOWN_DEVICE_TTL_MS) return undefined;
  const expected = signature(await deviceSecret(ctx), kind, accountId, issuedAt, deviceId);
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return undefined;
  const account = kind === 'user' ? await findUserByEmail(ctx.db, email) : await findAgentByEmail(ctx.db, email);
  return account?.id === accountId ? deviceId : undefined;
}

/** Marks the browser as a known device of the account it has just signed in to (replacing any earlier mark). */
export async function rememberDevice(ctx: AppContext, reply: FastifyReply, kind: SessionKind, accountId: number): Promise<void> {
  const deviceId = randomBytes(16).toString('base64url');
  const issuedAt = ctx.now().getTime();
  const value = `${accountId}.${issuedAt}.${deviceId}.${signature(await deviceSecret(ctx), kind, accountId, issuedAt, deviceId)}`;
  reply.setCookie(deviceCookieNames[kind], value, {
    // Sent only with API requests from our own pages; scripts cannot read it.
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.cookieSecure,
    expires: new Date(issuedAt + KNOWN_DEVICE_TTL_MS),
  });
}
