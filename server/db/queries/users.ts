import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { UNIQUE_VIOLATION, pgErrorCode } from '../errors';
import { users } from '../schema';
import { EmailTakenError } from './agents';

export type UserRow = typeof users.$inferSelect;
export type UserRole = UserRow['role'];

export async function insertUser(
  db: Db,
  user: { email: string; name: string; role: UserRole; passwordHash: string },
): Promise<UserRow> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...user, email: user.email.trim().toLowerCase() })
      .returning();
    return row!;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new EmailTakenError();
    throw error;
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function hasOwner(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).limit(1);
  return rows.length > 0;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Every owner and manager, oldest first, without password hashes. */
export async function listUsers(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.id));
}

/** Deletes a user; its sessions go with it (foreign key cascade). Returns whether a row was deleted. */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
