import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../contract/languages';
import { Batcher, batcherPer } from '../batch';
import { queryPrepared, queryRows, type Db } from '../client';
import { agents, sessions, users } from '../schema';
import { epochMs } from '../time-sql';
import { twoFactorSetupRequiredSql } from './two-factor';

export type SessionKind = 'user' | 'agent';

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: 'owner' | 'manager';
  /** Two-factor sign-in is on for the account. */
  twoFactorEnabled: boolean;
  /**
   * A manager whose organisation requires two-factor sign-in and who has not set it up: only the routes that set it
   * up answer (server/auth/two-factor-policy.ts).
   */
  twoFactorSetupRequired: boolean;
  /** The language the person chose (contract/languages.ts); null: the organisation's. */
  language: Language | null;
}

export interface SessionAgent {
  id: number;
  email: string;
  name: string;
  position: string;
  language: Language | null;
}

/**
 * Starts a session for an account, bound to its credential version: `credentialVersion` is the version whose password
 * (or challenge) was checked, or, when absent, the account's current one (sessions made without a sign-in: tests,
 * benchmarks). One statement that inserts only while the account still has that version (and, for an agent, is
 * active): false when it no longer does, and no session is made. A change that commits after this insert still ends
 * the session, because every read compares the versions again (`sessionHoldsSql`).
 */
export async function insertSession(
  db: Db,
  session: {
    tokenHash: string;
    kind: SessionKind;
    subjectId: number;
    credentialVersion?: number;
    createdAt?: Date;
    expiresAt: Date;
    userAgent?: string | undefined;
  },
): Promise<boolean> {
  const at = session.createdAt ? sql`${session.createdAt.toISOString()}::timestamptz` : sql`now()`;
  const userAgent = session.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
  const version = session.credentialVersion === undefined ? sql`` : sql` and a.credential_version = ${session.credentialVersion}::int`;
  const account = session.kind === 'agent' ? sql`${agents} a where a.id = ${session.subjectId}::int and a.status = 'active'` : sql`${users} a where a.id = ${session.subjectId}::int`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${sessions} (token_hash, kind, user_id, agent_id, expires_at, created_at, password_confirmed_at, last_seen_at, user_agent, credential_version)
      select ${session.tokenHash}, ${session.kind}, ${session.kind === 'user' ? sql`a.id` : sql`null::int`}, ${session.kind === 'agent' ? sql`a.id` : sql`null::int`},
        ${session.expiresAt.toISOString()}::timestamptz, ${at}, ${at}, ${at}, ${userAgent}::text, a.credential_version
      from ${account}${version}
      returning id`,
  );
  return rows.length > 0;
}

/**
 * Whether a session `s` still stands for its account `a` (a user or an agent): made with the account's current
 * credential version, and for an agent, the agent active. Part of every statement that reads a session (the requests'
 * session reads, the open streams' check, the list of devices), so that no order of a sign-in and a change that must
 * end it leaves a session working (docs/decisions/0034-sessions-follow-the-account.md).
 */
export function sessionHoldsSql(kind: SessionKind, account: 'a' | 'u' = 'a'): SQL {
  const a = sql.raw(account);
  return kind === 'agent' ? sql`s.credential_version = ${a}.credential_version and ${a}.status = 'active'` : sql`s.credential_version = ${a}.credential_version`;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

interface SessionRow {
  token_hash: string;
  id: number;
  email: string;
  name: string;
  created_ms: number;
  expires_ms: number;
  seen_ms: number;
}

const sessionTimes = (row: SessionRow) => ({ createdAt: new Date(row.created_ms), expiresAt: new Date(row.expires_ms), lastSeenAt: new Date(row.seen_ms) });

/** A session's user agent is kept to this many characters. */
const USER_AGENT_MAX = 300;

/**
 * Sessions of one kind by token hash, read in batches (Batcher): `select(match)` is the statement, given the token
 * condition. A lone token (the usual case on a quiet app) is matched with `=`, as its own prepared statement `name`;
 * a batch with `= any(array)`, as `name_batch`.
 */
function sessionsByToken<Row extends { token_hash: string }>(name: string, select: (match: SQL) => SQL) {
  return batcherPer(
    (db: Db) =>
      new Batcher<string, Row>(async (tokenHashes) => {
        const lone = tokenHashes.length === 1;
        const match = lone ? sql`s.token_hash = ${tokenHashes[0]}` : sql`s.token_hash = any(${sql.param(tokenHashes)}::text[])`;
        const rows = await queryPrepared<Row>(db, lone ? name : `${name}_batch`, select(match));
        return new Map(rows.map((row) => [row.token_hash, row]));
      }),
  );
}

type UserSessionRow = SessionRow & { role: SessionUser['role']; event_horizon: number; two_factor_enabled: boolean; two_factor_setup_required: boolean; language: Language | null };

/**
 * Owner and manager sessions, read for every request of a signed-in person: the sessions asked for while reads are
 * in flight are read together (Batcher), by a prepared statement, with the event horizon of the query's
 * snapshot (every transaction that had ended by then is below it): the boards in memory wait until they have heard of
 * those transactions' events on every owner or manager read (server/live/board-state.ts, EventHub.reachHorizon),
 * and reading it here saves that read a round trip of its own (docs/decisions/0015-throughput-under-load.md). Whether
 * two-factor sign-in is on, and required of managers, comes the same way (docs/decisions/0030-two-factor-sign-in.md).
 */
const userSessions = sessionsByToken<UserSessionRow>(
  'find_user_sessions',
  (match) => sql`select s.token_hash, u.id, u.email, u.name, u.role, u.language, ${epochMs(sql`s.created_at`)} as created_ms,
      ${epochMs(sql`s.expires_at`)} as expires_ms, ${epochMs(sql`s.last_seen_at`)} as seen_ms,
      pg_snapshot_xmax(pg_current_snapshot())::text::float8 as event_horizon,
      u.totp_enabled_at is not null as two_factor_enabled, ${twoFactorSetupRequiredSql} as two_factor_setup_required
    from ${sessions} s join ${users} u on u.id = s.user_id
    where ${match} and s.kind = 'user' and ${sessionHoldsSql('user', 'u')}`,
);

type AgentSessionRow = SessionRow & { position: string; language: Language | null };

/** Agent sessions, read together in the same way (without the event id, which agents' reads do not need). */
const agentSessions = sessionsByToken<AgentSessionRow>(
  'find_agent_sessions',
  (match) => sql`select s.token_hash, a.id, a.email, a.name, a.position, a.language, ${epochMs(sql`s.created_at`)} as created_ms,
      ${epochMs(sql`s.expires_at`)} as expires_ms, ${epochMs(sql`s.last_seen_at`)} as seen_ms
    from ${sessions} s join ${agents} a on a.id = s.agent_id
    where ${match} and s.kind = 'agent' and ${sessionHoldsSql('agent')}`,
);

/** The user behind a session live at `now`, the session's start and expiry, and the event horizon (above). */
export async function findUserSession(db: Db, tokenHash: string, now: Date) {
  const row = await userSessions(db).load(tokenHash);
  if (!row || row.expires_ms <= now.getTime()) return undefined;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    twoFactorEnabled: row.two_factor_enabled,
    twoFactorSetupRequired: row.two_factor_setup_required,
    language: row.language,
    ...sessionTimes(row),
    eventHorizon: row.event_horizon,
  };
}

/** The agent behind a session live at `now`, and the session's start and expiry. */
export async function findAgentSession(db: Db, tokenHash: string, now: Date) {
  const row = await agentSessions(db).load(tokenHash);
  if (!row || row.expires_ms <= now.getTime()) return undefined;
  return { id: row.id, email: row.email, name: row.name, position: row.position, language: row.language, ...sessionTimes(row) };
}

/** Records that a session was used at `seenAt`, and moves its expiry when given. */
export async function touchSession(db: Db, tokenHash: string, change: { seenAt: Date; expiresAt?: Date | undefined }): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: change.seenAt, ...(change.expiresAt ? { expiresAt: change.expiresAt } : {}) })
    .where(eq(sessions.tokenHash, tokenHash));
}

/** A person's own session as GET /api/sessions lists it. */
export interface AccountSession {
  id: number;
  tokenHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string | null;
}

const subjectOf = (kind: SessionKind, subjectId: number, prefix = '') => {
  const p = sql.raw(prefix);
  return kind === 'user' ? sql`${p}kind = 'user' and ${p}user_id = ${subjectId}::int` : sql`${p}kind = 'agent' and ${p}agent_id = ${subjectId}::int`;
};

/** The live sessions of one account, most recently used first (those a change of the account ended are not listed). */
export async function listAccountSessions(db: Db, kind: SessionKind, subjectId: number, now: Date): Promise<AccountSession[]> {
  const account = kind === 'user' ? sql`${users} a on a.id = s.user_id` : sql`${agents} a on a.id = s.agent_id`;
  const rows = await queryRows<{ id: number; token_hash: string; created_ms: number; seen_ms: number; expires_ms: number; user_agent: string | null }>(
    db,
    sql`select s.id, s.token_hash, ${epochMs(sql`s.created_at`)} as created_ms, ${epochMs(sql`s.last_seen_at`)} as seen_ms,
        ${epochMs(sql`s.expires_at`)} as expires_ms, s.user_agent
      from ${sessions} s join ${account}
      where ${subjectOf(kind, subjectId, 's.')} and s.expires_at > ${now.toISOString()}::timestamptz and ${sessionHoldsSql(kind)}
      order by s.last_seen_at desc, s.id desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    tokenHash: row.token_hash,
    createdAt: new Date(row.created_ms),
    lastSeenAt: new Date(row.seen_ms),
    expiresAt: new Date(row.expires_ms),
    userAgent: row.user_agent,
  }));
}

/**
 * Ends sessions of one account: the one numbered `id`, or (`id` undefined) every one but `keepTokenHash`. Returns
 * the token hashes ended, for their live streams.
 */
export async function endAccountSessions(
  db: Db,
  kind: SessionKind,
  subjectId: number,
  which: { id: number } | { allBut: string },
): Promise<string[]> {
  const rows = await queryRows<{ token_hash: string }>(
    db,
    sql`delete from ${sessions} where ${subjectOf(kind, subjectId)}
      and ${'id' in which ? sql`id = ${which.id}::int` : sql`token_hash <> ${which.allBut}`}
      returning token_hash`,
  );
  return rows.map((row) => row.token_hash);
}

/** Removes expired sessions; returns how many. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

/** When the person behind a session last entered their password (sign-in or confirmation); undefined if no such session. */
export async function readPasswordConfirmedAt(db: Db, tokenHash: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sessions.passwordConfirmedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row?.at;
}

export async function markPasswordConfirmed(db: Db, tokenHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ passwordConfirmedAt: at }).where(eq(sessions.tokenHash, tokenHash));
}
