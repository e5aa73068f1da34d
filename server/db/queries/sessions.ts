import { eq, lt, sql, type SQL } from 'drizzle-orm';
import { Batcher, batcherPer } from '../batch';
import { queryPrepared, type Db } from '../client';
import { agents, events, sessions, users } from '../schema';
import { epochMs } from '../time-sql';

export type SessionKind = 'user' | 'agent';

export interface SessionUser {
  id: number;
  email: string;
  name: string;
  role: 'owner' | 'manager';
}

export interface SessionAgent {
  id: number;
  email: string;
  name: string;
  position: string;
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; kind: SessionKind; subjectId: number; createdAt?: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({
    ...(session.createdAt ? { createdAt: session.createdAt, passwordConfirmedAt: session.createdAt } : {}),
    tokenHash: session.tokenHash,
    kind: session.kind,
    userId: session.kind === 'user' ? session.subjectId : null,
    agentId: session.kind === 'agent' ? session.subjectId : null,
    expiresAt: session.expiresAt,
  });
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
}

const sessionTimes = (row: SessionRow) => ({ createdAt: new Date(row.created_ms), expiresAt: new Date(row.expires_ms) });

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

type UserSessionRow = SessionRow & { role: SessionUser['role']; newest_event_id: number };

/**
 * Owner and manager sessions, read for every request of a signed-in person: the sessions asked for while reads are
 * in flight are read together (Batcher), by a prepared statement, with the newest event id committed when the
 * query ran (0 when none): the boards in memory need it on every owner or manager read (server/live/board-state.ts),
 * and reading it here saves that read a round trip of its own (docs/decisions/0015-throughput-under-load.md).
 */
const userSessions = sessionsByToken<UserSessionRow>(
  'find_user_sessions',
  (match) => sql`select s.token_hash, u.id, u.email, u.name, u.role, ${epochMs(sql`s.created_at`)} as created_ms,
      ${epochMs(sql`s.expires_at`)} as expires_ms, (select coalesce(max(${events.id}), 0)::float8 from ${events}) as newest_event_id
    from ${sessions} s join ${users} u on u.id = s.user_id
    where ${match} and s.kind = 'user'`,
);

type AgentSessionRow = SessionRow & { position: string };

/** Agent sessions, read together in the same way (without the event id, which agents' reads do not need). */
const agentSessions = sessionsByToken<AgentSessionRow>(
  'find_agent_sessions',
  (match) => sql`select s.token_hash, a.id, a.email, a.name, a.position, ${epochMs(sql`s.created_at`)} as created_ms,
      ${epochMs(sql`s.expires_at`)} as expires_ms
    from ${sessions} s join ${agents} a on a.id = s.agent_id
    where ${match} and s.kind = 'agent'`,
);

/** The user behind a session live at `now`, the session's start and expiry, and the newest event id (above). */
export async function findUserSession(db: Db, tokenHash: string, now: Date) {
  const row = await userSessions(db).load(tokenHash);
  if (!row || row.expires_ms <= now.getTime()) return undefined;
  return { id: row.id, email: row.email, name: row.name, role: row.role, ...sessionTimes(row), newestEventId: row.newest_event_id };
}

/** The agent behind a session live at `now`, and the session's start and expiry. */
export async function findAgentSession(db: Db, tokenHash: string, now: Date) {
  const row = await agentSessions(db).load(tokenHash);
  if (!row || row.expires_ms <= now.getTime()) return undefined;
  return { id: row.id, email: row.email, name: row.name, position: row.position, ...sessionTimes(row) };
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
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
