import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../app-context';
import { knownDeviceOf } from '../auth/known-devices';
import {
  applyAccountLimits,
  counterKey,
  DEFAULT_ACCOUNT_BUDGET,
  DEFAULT_TWO_FACTOR_CODE_BUDGET,
  throttleAccountAttempt,
  tooManyAttempts,
  type AccountDelay,
  type AccountLimits,
  type GuessBudget,
} from '../auth/sign-in-throttle';
import { postgresRateLimitStore, type SessionKind } from '../auth/sign-in-counters';
import { text } from '../../contract/i18n';
import { forbidden } from '../domain/errors';
import { messages } from './messages';

export { TOO_MANY_SIGN_IN_ATTEMPTS } from '../auth/sign-in-throttle';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Marks a sign-in route. `true` (registration, password confirmation): attempts are limited per client address.
     * An account kind (the login routes, whose body names an email): also per address and account, with the
     * account's growing delay, and known devices of the account are counted apart (docs/decisions/0012).
     */
    signIn?: true | SessionKind;
  }
}

/** docs/decisions/0012-sign-in-throttling.md */
export interface SignInRateLimits {
  /** Attempts one client address (IPv6: its /64) may make on one sign-in route per window; known devices aside. */
  perIp: number;
  windowMs: number;
  /** Attempts on one account from one address, or from one known device, per pairWindowMs (default 10). */
  perIpAndAccount?: number;
  /** Default 15 minutes. */
  pairWindowMs?: number;
  /** Default: after 5 failures on the account in 15 minutes, 0.5 s doubling up to 4 s; never for a known device. */
  accountDelay?: AccountDelay;
  /** Wrong passwords per account from devices that never signed in to it; default 50 an hour (docs/decisions/0035). */
  accountBudget?: GuessBudget;
  /** Wrong two-factor codes per account from such devices; default 10 an hour (docs/decisions/0035). */
  twoFactorCodeBudget?: GuessBudget;
  /** The name perIpAndAccount had when it was a hard per-email limit (0050); read as perIpAndAccount if that is absent. */
  perEmail?: number;
}

const MINUTE = 60_000;
export const DEFAULT_ACCOUNT_DELAY: AccountDelay = { afterFailures: 5, baseMs: 500, maxMs: 4_000, windowMs: 15 * MINUTE };
export const DEFAULT_SIGN_IN_RATE_LIMITS: SignInRateLimits = {
  perIp: 10,
  windowMs: MINUTE,
  perIpAndAccount: 10,
  pairWindowMs: 15 * MINUTE,
  accountDelay: DEFAULT_ACCOUNT_DELAY,
  accountBudget: DEFAULT_ACCOUNT_BUDGET,
  twoFactorCodeBudget: DEFAULT_TWO_FACTOR_CODE_BUDGET,
};
/** Under NODE_ENV=test (integration and browser tests sign in far more often than people do). */
export const TEST_SIGN_IN_RATE_LIMITS: SignInRateLimits = {
  perIp: 10_000,
  windowMs: MINUTE,
  perIpAndAccount: 10_000,
  pairWindowMs: MINUTE,
  accountDelay: { afterFailures: 10_000, baseMs: 0, maxMs: 0, windowMs: MINUTE },
  accountBudget: { failures: 10_000, windowMs: MINUTE },
  twoFactorCodeBudget: { failures: 10_000, windowMs: MINUTE },
};

function accountLimits(limits: SignInRateLimits): AccountLimits {
  return {
    perIpAndAccount: limits.perIpAndAccount ?? limits.perEmail ?? 10,
    pairWindowMs: limits.pairWindowMs ?? 15 * MINUTE,
    delay: limits.accountDelay ?? DEFAULT_ACCOUNT_DELAY,
    budget: limits.accountBudget ?? DEFAULT_ACCOUNT_BUDGET,
    codeBudget: limits.twoFactorCodeBudget ?? DEFAULT_TWO_FACTOR_CODE_BUDGET,
  };
}

export const CROSS_SITE_REFUSED = text(messages, 'crossSiteRefused');
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), interest-cohort=()';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
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

  // No screen needs the camera, microphone, location, payments or sensors; no embedded page may ask for them either.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });

  // API answers carry personal data (claims' addresses and phones, agents' totals): no browser or proxy keeps them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method)) return;
    // A request with an Authorization header is identified by its API token alone, never by cookies, so another
    // site cannot make a browser send it with someone's session (and no browser sends it cross-site without CORS).
    if (request.headers.authorization !== undefined) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(origin, request.host)) throw forbidden(CROSS_SITE_REFUSED);
  });

  const account = accountLimits(limits);
  const longestWindowMs = Math.max(limits.windowMs, account.pairWindowMs, account.delay.windowMs, account.budget.windowMs, account.codeBudget.windowMs);
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(ctx, longestWindowMs) });
  const perIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => counterKey('ip', request.routeOptions.url ?? '', normalizeIP(request.ip)),
  });
  app.addHook('onRoute', (route) => {
    const signIn = route.config?.signIn;
    if (!signIn) return;
    // preHandler: the body is parsed by then, so the email can be part of the keys.
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, signInThrottle(ctx, perIp, signIn === true ? undefined : signIn, account)];
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

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Every attempt on a sign-in route counts against its client address (malformed ones too) and is refused with 429
 * past the limit, except an attempt from a known device of the account it names: that one is counted against the
 * device and the account only, so that others on the same address cannot hold it up. An attempt naming an account
 * then goes through the account's limits (server/auth/sign-in-throttle.ts).
 */
function signInThrottle(ctx: AppContext, perIp: Limiter, kind: SessionKind | undefined, limits: AccountLimits): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    applyAccountLimits(request, limits);
    const email = kind ? emailOf(request) : undefined;
    const knownDevice = kind && email ? await knownDeviceOf(ctx, request, kind, email) : undefined;
    if (!knownDevice) {
      const result = await perIp(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(reply, result.ttlInSeconds * 1000);
    }
    if (kind && email) await throttleAccountAttempt(ctx, request, reply, { kind, email, address: normalizeIP(request.ip), knownDevice }, limits);
  };
}

function emailOf(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | null | undefined;
  if (!body || typeof body !== 'object' || typeof body.email !== 'string') return undefined;
  const email = body.email.trim().toLowerCase();
  return email === '' ? undefined : email.slice(0, 254);
}

