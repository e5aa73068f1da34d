import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
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

/**
 * The user behind a live session, the session's start and expiry, and the newest event id committed when the query
 * ran (0 when none): the boards in memory need it on every owner or manager read (server/live/board-state.ts), and
 * asking here saves that read a round trip of its own (docs/decisions/0015-throughput-under-load.md).
 */
export async function findUserSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      newestEventId: sql<number>`(select coalesce(max(${events.id}), 0)::float8 from ${events})`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, 'user'), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** The agent behind a live session, and the session's start and expiry. */
export async function findAgentSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: agents.id, email: agents.email, name: agents.name, position: agents.position, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(agents, eq(agents.id, sessions.agentId))
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, 'agent'), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
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
