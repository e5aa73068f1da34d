import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app-context';
import { deleteExpiredSessions } from '../db/queries/sessions';
import { countSignInAttempt, deleteSignInAttemptsBefore } from '../db/queries/sign-in-attempts';
import { AppError, forbidden } from '../domain/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks a sign-in route (login, register): its attempts are rate limited per IP and per email. */
    signIn?: boolean;
  }
}

export interface SignInRateLimits {
  /** Attempts one IP may make on one sign-in route per window. */
  perIp: number;
  /** Attempts on one sign-in route naming one email per window, from any IP. */
  perEmail: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_RATE_LIMITS: SignInRateLimits = { perIp: 10, perEmail: 5, windowMs: 60_000 };
/** Under NODE_ENV=test (integration and browser tests sign in far more often than people do). */
export const TEST_SIGN_IN_RATE_LIMITS: SignInRateLimits = { perIp: 10_000, perEmail: 10_000, windowMs: 60_000 };

export const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts. Please wait a minute and try again.';
export const CROSS_SITE_REFUSED = 'Cross-site request refused';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Expired counters and sessions are swept once every this many counted attempts (per app instance). */
const SWEEP_EVERY = 100;

/**
 * Security headers, the same-origin rule for state-changing requests, and the sign-in rate limits.
 * Call before any route is registered: the rate limits attach to routes as they are added.
 */
export async function registerSecurity(app: FastifyInstance, ctx: AppContext, limits: SignInRateLimits) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix UI (dialogs, selects) inserts small <style> elements at run time; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Upgrading would break a plain-HTTP install on a LAN address; HTTPS installs set COOKIE_SECURE.
        ...(ctx.config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: ctx.config.cookieSecure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });

  // API answers carry personal data (claims' addresses and phones, agents' totals): no browser or proxy keeps them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(origin, request.host)) throw forbidden(CROSS_SITE_REFUSED);
  });

  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(ctx) });
  const limitSignIn = signInLimiter(app, limits);
  app.addHook('onRoute', (route) => {
    if (!route.config?.signIn) return;
    // preHandler: the body is parsed by then, so the email can be part of the key.
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, limitSignIn];
  });
}

/** True when the Origin header names the host the request was sent to (scheme aside). */
export function isSameOrigin(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false; // "null" (sandboxed frames, privacy redirects) and anything unparsable
  }
}

function signInLimiter(app: FastifyInstance, limits: SignInRateLimits): preHandlerAsyncHookHandler {
  const perIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => counterKey('ip', request.routeOptions.url ?? '', normalizeIP(request.ip)),
  });
  const perEmail = app.createRateLimit({
    max: limits.perEmail,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => counterKey('email', request.routeOptions.url ?? '', emailOf(request) ?? ''),
    // Without an email there is no account to protect; the request fails validation, and the IP limit counts it.
    allowList: (request) => emailOf(request) === undefined,
  });
  return async (request, reply) => {
    for (const limiter of [perIp, perEmail]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError('RATE_LIMITED', TOO_MANY_SIGN_IN_ATTEMPTS);
      }
    }
  };
}

function emailOf(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | null | undefined;
  if (!body || typeof body !== 'object' || typeof body.email !== 'string') return undefined;
  const email = body.email.trim().toLowerCase();
  return email === '' ? undefined : email.slice(0, 254);
}

/** Counter keys are hashed: the table then holds neither addresses nor emails. */
function counterKey(kind: string, route: string, subject: string): string {
  return createHash('sha256').update(`${kind}\n${route}\n${subject}`).digest('base64url');
}

/**
 * Removes counters whose window is over and sessions past their expiry. Sign-ins are what add rows to both tables,
 * so sweeping at their pace keeps both small. Best effort: a failed sweep leaves the rows for the next one.
 */
async function sweepExpired(ctx: AppContext, now: Date, windowMs: number) {
  try {
    await deleteSignInAttemptsBefore(ctx.db, new Date(now.getTime() - windowMs));
    await deleteExpiredSessions(ctx.db, now);
  } catch {
    // see above
  }
}

/**
 * A store for @fastify/rate-limit that keeps the counters in the database, so that every app instance on one
 * PostgreSQL server enforces the same limits (the instances keep no state of their own). Uses the app clock.
 */
function postgresRateLimitStore(ctx: AppContext) {
  let counted = 0;
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = ctx.now();
      countSignInAttempt(ctx.db, key, now, timeWindow).then(
        ({ attempts, resetAt }) => callback(null, { current: attempts, ttl: Math.max(0, resetAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
      if (++counted % SWEEP_EVERY === 0) void sweepExpired(ctx, now, timeWindow);
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
