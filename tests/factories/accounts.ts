// Accounts and sessions for tests, made directly in the database (no HTTP, no Argon2 work per account).
import { randomBytes } from 'node:crypto';
import { beforeAll } from 'vitest';
import { hashToken, SESSION_TTL_MS } from '../../server/auth/sessions';
import type { Db } from '../../server/db/client';
import { insertAgent } from '../../server/db/operations/insert-agent';
import { type AgentRow } from '../../server/db/queries/agents';
import { insertSession } from '../../server/db/queries/sessions';
import { insertUser, type UserRole, type UserRow } from '../../server/db/queries/users';
import { SESSION_COOKIE } from '../support/sign-in';
import { addIncome } from './rewards';

/** Every factory account has this password; its Argon2id hash (OWASP parameters) is precomputed below. */
export const FACTORY_PASSWORD = 'factory-password-1';
export const FACTORY_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$fylF+ARjt0CbGz19TlG3nw$yqDJ+H1Qk1099CH8E47IsIU0gVz2XWmmkkPKUazi/IE';

let sequence = 0;
/** A short string unique within the test run (and very likely across parallel workers). */
export function uniqueSuffix(): string {
  return `${process.pid.toString(36)}${(++sequence).toString(36)}${randomBytes(3).toString('hex')}`;
}

export interface AgentOverrides {
  firstName?: string;
  lastName?: string;
  email?: string;
  position?: string;
  /** Hashed with Argon2 only when it differs from FACTORY_PASSWORD. */
  passwordHash?: string;
}

/** An agent as self-registration makes it (first and last name, name = both). */
export async function createAgent(db: Db, overrides: AgentOverrides = {}): Promise<AgentRow> {
  const suffix = uniqueSuffix();
  const firstName = overrides.firstName ?? 'Agent';
  const lastName = overrides.lastName ?? suffix;
  return insertAgent(db, {
    email: overrides.email ?? `agent-${suffix}@example.test`,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    position: overrides.position ?? 'Sales Agent',
    passwordHash: overrides.passwordHash ?? FACTORY_PASSWORD_HASH,
  });
}

/** An owner or manager account (manager unless told otherwise). */
export async function createUser(
  db: Db,
  overrides: { role?: UserRole; email?: string; name?: string; passwordHash?: string } = {},
): Promise<UserRow> {
  const role = overrides.role ?? 'manager';
  const suffix = uniqueSuffix();
  return insertUser(db, {
    email: overrides.email ?? `${role}-${suffix}@example.test`,
    name: overrides.name ?? `Test ${role} ${suffix}`,
    role,
    passwordHash: overrides.passwordHash ?? FACTORY_PASSWORD_HASH,
  });
}

/**
 * Signs an agent or user in without the sign-in form: inserts a session row and returns the Cookie header
 * that carries it. `now` is the app clock (sessions expire 30 days after it).
 */
export async function signInAs(
  db: Db,
  subject: { kind: 'agent' | 'user'; id: number },
  now: Date = new Date(),
): Promise<{ cookie: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    tokenHash: hashToken(token),
    kind: subject.kind,
    subjectId: subject.id,
    // Signed in (password entered) at the app's clock, so sensitive actions count from there.
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return { cookie: `${SESSION_COOKIE[subject.kind]}=${token}`, token };
}

export const signInAgent = (db: Db, agent: { id: number }, now?: Date) => signInAs(db, { kind: 'agent', id: agent.id }, now);
export const signInUser = (db: Db, user: { id: number }, now?: Date) => signInAs(db, { kind: 'user', id: user.id }, now);

/**
 * A sign-in time after any date the tests move the app's clock to: a session made then outlives every test clock.
 * For suites that move their clock around but need their callers signed in throughout.
 */
export const SESSIONS_OUTLIVE_CLOCK = new Date('2099-01-01T00:00:00Z');

/** What the signed-in fixtures need of a test app: its database and the clock it reads. */
export interface FixtureApp {
  database: { db: Db };
  clock: { now: Date };
}

/**
 * A new agent, signed in at the app's clock (or `signedInAt`), with `total` of income recorded first when given:
 * the agent's row and the Cookie header of its session.
 */
export async function signedInAgent(
  t: FixtureApp,
  options: AgentOverrides & { total?: string; signedInAt?: Date } = {},
): Promise<AgentRow & { cookie: string }> {
  const { total, signedInAt, ...overrides } = options;
  const agent = await createAgent(t.database.db, overrides);
  if (total !== undefined && total !== '0.00') await addIncome(t.database.db, agent, total, { now: t.clock.now });
  return { ...agent, cookie: (await signInAgent(t.database.db, agent, signedInAt ?? t.clock.now)).cookie };
}

/** A new owner or manager, signed in at the app's clock (or `signedInAt`): the account and its Cookie header. */
export async function signedInUser(t: FixtureApp, role: UserRole, signedInAt?: Date): Promise<UserRow & { cookie: string }> {
  const user = await createUser(t.database.db, { role });
  return { ...user, cookie: (await signInUser(t.database.db, user, signedInAt ?? t.clock.now)).cookie };
}

/** The Cookie header of a new owner signed in at the app's clock (or `signedInAt`). */
export const ownerCookie = async (t: FixtureApp, signedInAt?: Date) => (await signedInUser(t, 'owner', signedInAt)).cookie;

export interface SignedInCookies {
  owner: string;
  manager: string;
  agent: string;
}

/**
 * The Cookie headers of a new owner, manager and agent (`agent`: its overrides) that a whole suite shares: made by
 * the suite's beforeAll and signed in at SESSIONS_OUTLIVE_CLOCK, so that they stay valid wherever the suite moves
 * its clock. Call it in the suite's body; the headers are there from its first test on.
 */
export function signedInCookiesForSuite(get: () => FixtureApp, agent: AgentOverrides = {}): SignedInCookies {
  const cookies: SignedInCookies = { owner: '', manager: '', agent: '' };
  beforeAll(async () => {
    const t = get();
    cookies.owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
    cookies.manager = (await signedInUser(t, 'manager', SESSIONS_OUTLIVE_CLOCK)).cookie;
    cookies.agent = (await signedInAgent(t, { ...agent, signedInAt: SESSIONS_OUTLIVE_CLOCK })).cookie;
  });
  return cookies;
}
