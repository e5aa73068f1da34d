import { eq, lt, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type Db } from '../client';
import { agents, events, sessions, users } from '../schema';

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
  id: number;
  email: string;
  name: string;
  created_ms: number;
  expires_ms: number;
}

const sessionTimes = (row: SessionRow) => ({ createdAt: new Date(row.created_ms), expiresAt: new Date(row.expires_ms) });
const epochMs = (column: SQL) => sql`round(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The user behind a live session, the session's start and expiry, and the newest event id committed when the query
 * ran (0 when none): the boards in memory need it on every owner or manager read (server/live/board-state.ts), and
 * asking here saves that read a round trip of its own. A prepared statement, as every request of a signed-in person
 * runs it (docs/decisions/0015-throughput-under-load.md).
 */
export async function findUserSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await queryPrepared<SessionRow & { role: SessionUser['role']; newest_event_id: number }>(
    db,
    'find_user_session',
    sql`select u.id, u.email, u.name, u.role, ${epochMs(sql`s.created_at`)} as created_ms, ${epochMs(sql`s.expires_at`)} as expires_ms,
        (select coalesce(max(${events.id}), 0)::float8 from ${events}) as newest_event_id
      from ${sessions} s join ${users} u on u.id = s.user_id
      where s.token_hash = ${tokenHash} and s.kind = 'user' and s.expires_at > ${now.toISOString()}::timestamptz
      limit 1`,
  );
  if (!row) return undefined;
  return { id: row.id, email: row.email, name: row.name, role: row.role, ...sessionTimes(row), newestEventId: row.newest_event_id };
}

/** The agent behind a live session, and the session's start and expiry (a prepared statement, as above). */
export async function findAgentSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await queryPrepared<SessionRow & { position: string }>(
    db,
    'find_agent_session',
    sql`select a.id, a.email, a.name, a.position, ${epochMs(sql`s.created_at`)} as created_ms, ${epochMs(sql`s.expires_at`)} as expires_ms
      from ${sessions} s join ${agents} a on a.id = s.agent_id
      where s.token_hash = ${tokenHash} and s.kind = 'agent' and s.expires_at > ${now.toISOString()}::timestamptz
      limit 1`,
  );
  if (!row) return undefined;
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
