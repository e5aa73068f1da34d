import { eq } from 'drizzle-orm';
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
