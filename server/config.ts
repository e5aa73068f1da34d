import path from 'node:path';
import { z } from 'zod';
import { COMMON_PASSWORD, isCommonPassword } from './domain/password-policy';
import { trustProxySetting, type TrustedProxies } from './http/trusted-proxies';

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The push services browsers subscribe with (RFC 8030): Chrome, Opera and Samsung Internet use Firebase Cloud
 * Messaging, Firefox Mozilla's autopush, Edge the Windows Push Notification Services (a host per region under
 * notify.windows.com), Safari on macOS and iOS Apple's (web.push.apple.com; Apple asks senders that keep an allow-list
 * to allow *.push.apple.com). Pushes go to these hosts only (PUSH_SERVICE_HOSTS replaces the list).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com', '*.push.apple.com'] as const;

const flag = z.enum(['0', '1', 'true', 'false'], { error: 'must be 1, 0, true or false' }).transform((v) => v === '1' || v === 'true');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL')
      .optional(),
    DATA_DIR: z.string().default('./data'),
    WEB_DIR: z.string().optional(),
    PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a whole number').min(0, 'must be 0 to 65535').max(65535, 'must be 0 to 65535').default(3000),
    HOST: z.string().default('127.0.0.1'),
    ORG_TIMEZONE: z.string().default('UTC').refine(isTimeZone, 'must be an IANA time zone name such as UTC or Europe/Berlin'),
    OWNER_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    OWNER_PASSWORD: z
      .string()
      .min(10, 'must be at least 10 characters')
      .refine((password) => !isCommonPassword(password), COMMON_PASSWORD)
      .optional(),
    DEMO: flag.optional(),
    COOKIE_SECURE: flag.optional(),
    TRUST_PROXY: trustProxySetting.default({ hops: 0 }),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be the http:// or https:// address people open, such as https://tracker.example.com' })
      .optional(),
    ALLOWED_HOSTS: z
      .string()
      .transform((list) => list.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== ''))
      .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/, 'must be host names separated by commas, such as tracker.example.com,tracker.local')))
      .optional(),
    MAX_CONNECTIONS: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(10, 'must be at least 10')
      .max(1_000_000, 'must be at most 1000000')
      .default(10_000),
    MAX_STREAMS: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1000000')
      .default(5_000),
    CLAIM_CONTACT_RETENTION_DAYS: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(3650, 'must be at most 3650')
      .default(90),
    CONTEST_GRACE_HOURS: z.coerce
      .number({ error: 'must be a whole number of hours' })
      .int('must be a whole number of hours')
      .min(0, 'must be at least 0')
      .max(720, 'must be at most 720')
      .default(24),
    WEBHOOK_ALLOW_PRIVATE: flag.default(false),
    WEBHOOK_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100')
      .max(60_000, 'must be at most 60000')
      .default(10_000),
    WEBHOOK_RETRY_BASE_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100')
      .max(3_600_000, 'must be at most 3600000')
      .default(30_000),
    // Email (docs/product.md §12.13): smtp://user:pass@host:587 or smtps://host:465; without it emails are logged.
    SMTP_URL: z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), 'must be an smtp:// or smtps:// address such as smtp://user:password@mail.example.com:587')
      .optional(),
    MAIL_FROM: z.string().max(320, 'must be at most 320 characters').optional(),
    /** Retries of an email back off from this (EMAIL_RETRY_BASE_MS, default 30 s) up to an hour. */
    EMAIL_RETRY_BASE_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100')
      .max(3_600_000, 'must be at most 3600000')
      .default(30_000),
    DATABASE_WAIT_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(0, 'must be at least 0')
      .max(86_400, 'must be at most 86400')
      .default(120),
    // The key that seals the audit trail (docs/decisions/0037-keyed-audit-chain.md): 64 hex characters (32 bytes).
    // Required on PostgreSQL in production (every instance must share it); the embedded database keeps its own in
    // DATA_DIR/audit.key when this is unset.
    AUDIT_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 random bytes: openssl rand -hex 32)')
      .optional(),
    // Push services the server posts pushes to (docs/product.md §12.21): host names, or *.domain for any host under it.
    PUSH_SERVICE_HOSTS: z
      .string()
      .transform((list) => list.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== ''))
      .pipe(
        z
          .array(z.string().regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$|^localhost$|^\[[0-9a-f:.]+\]$/, 'must be host names or *.domain patterns separated by commas, such as fcm.googleapis.com,*.notify.windows.com'))
          .min(1, 'must name at least one push service host'),
      )
      .default([...DEFAULT_PUSH_SERVICE_HOSTS]),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino log level such as info' }).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.AUDIT_KEY === undefined && env.DATABASE_URL !== undefined && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['AUDIT_KEY'],
        message: 'must be set on PostgreSQL in production, the same on every instance (openssl rand -hex 32): it seals the audit trail',
      });
    }
    if ((env.SMTP_URL === undefined) !== (env.MAIL_FROM === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SMTP_URL === undefined ? 'SMTP_URL' : 'MAIL_FROM'],
        message: 'must be set together with ' + (env.SMTP_URL === undefined ? 'MAIL_FROM' : 'SMTP_URL'),
      });
    }
    // Emailed links (password resets, notifications) must point at the address people open; built from anything
    // else they reach nobody, and a request's Host header is the sender's to choose (docs/decisions/0040).
    if (env.NODE_ENV === 'production' && env.SMTP_URL !== undefined && env.PUBLIC_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'must be set when SMTP_URL is set in production: emailed links point at it (such as https://tracker.example.com)',
      });
    }
    if ((env.OWNER_EMAIL === undefined) !== (env.OWNER_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.OWNER_EMAIL === undefined ? 'OWNER_EMAIL' : 'OWNER_PASSWORD'],
        message: 'must be set together with ' + (env.OWNER_EMAIL === undefined ? 'OWNER_PASSWORD' : 'OWNER_EMAIL'),
      });
    }
  });

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  databaseUrl: string | undefined;
  dataDir: string;
  /** Folder of the built web app; undefined = dist/web of the project. */
  webDir: string | undefined;
  port: number;
  host: string;
  orgTimezone: string;
  owner: { email: string; password: string } | undefined;
  /** undefined: decided at start (on for an empty embedded database). */
  demo: boolean | undefined;
  cookieSecure: boolean;
  /** The reverse proxies believed about the client's address (TRUST_PROXY: none, a count, or their addresses). */
  trustProxy: TrustedProxies;
  /** The address people open (PUBLIC_URL), if set: its host is one the server answers for. */
  publicUrl: string | undefined;
  /** Host names the server answers for besides loopback names, its own addresses and PUBLIC_URL's host. */
  allowedHosts: string[];
  /** Open connections at most (event streams included); more are refused at once. */
  maxConnections: number;
  /** Open live-update streams (GET /api/events and TV links) at most on this instance; more get a 429. */
  maxStreams: number;
  /** Days after a claim is filled before its contact details are erased. */
  claimContactRetentionDays: number;
  /** Hours after a contest's window closes during which back-dated entries and voids still move it (then it is final). */
  contestGraceHours: number;
  /** Webhooks may go to loopback, private and link-local addresses (WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
  /** A webhook attempt without an answer in this time fails (WEBHOOK_TIMEOUT_MS, default 10 s). */
  webhookTimeoutMs: number;
  /** The wait before a webhook's first retry, doubling up to an hour (WEBHOOK_RETRY_BASE_MS, default 30 s). */
  webhookRetryBaseMs: number;
  /** Where emails go (SMTP_URL) and whom they are from (MAIL_FROM); undefined: emails are logged, not sent. */
  mail: { smtpUrl: string; from: string } | undefined;
  emailRetryBaseMs: number;
  /** How long a start waits for an unavailable PostgreSQL server before it gives up (DATABASE_WAIT_SECONDS, 120). */
  databaseWaitSeconds: number;
  /** AUDIT_KEY: seals the audit trail; unset on the embedded database means DATA_DIR/audit.key (server/audit-key.ts). */
  auditKey: Buffer | undefined;
  /**
   * The hosts the server posts pushes to (PUSH_SERVICE_HOSTS, default the browsers' push services): exact names, or
   * `*.domain` for any host under the domain. A loopback host (127.0.0.1, localhost, [::1]) named exactly also takes
   * plain http, on any port: a push service under test.
   */
  pushServiceHosts: string[];
  logLevel: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; empty values count as unset. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${String(issue.path[0] ?? 'environment')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    webDir: e.WEB_DIR === undefined ? undefined : path.resolve(e.WEB_DIR),
    port: e.PORT,
    host: e.HOST,
    orgTimezone: e.ORG_TIMEZONE,
    owner: e.OWNER_EMAIL && e.OWNER_PASSWORD ? { email: e.OWNER_EMAIL, password: e.OWNER_PASSWORD } : undefined,
    demo: e.DEMO,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    allowedHosts: [...(e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).hostname] : []), ...(e.ALLOWED_HOSTS ?? [])],
    maxConnections: e.MAX_CONNECTIONS,
    maxStreams: e.MAX_STREAMS,
    claimContactRetentionDays: e.CLAIM_CONTACT_RETENTION_DAYS,
    contestGraceHours: e.CONTEST_GRACE_HOURS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookRetryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    emailRetryBaseMs: e.EMAIL_RETRY_BASE_MS,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    auditKey: e.AUDIT_KEY === undefined ? undefined : Buffer.from(e.AUDIT_KEY, 'hex'),
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    logLevel: e.LOG_LEVEL,
  };
}
