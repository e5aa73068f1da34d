import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { emailTaken } from '../../domain/errors';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export type UserRole = UserRow['role'];

/** Inserts an owner or manager; the email is stored trimmed and lower-case. A taken email is a 409. */
export async function insertUser(
  db: Db,
  user: { email: string; name: string; role: UserRole; passwordHash: string },
): Promise<UserRow> {
  const [row] = await refusedAs(UNIQUE_VIOLATION, emailTaken, () =>
    db
      .insert(users)
      .values({ ...user, email: user.email.trim().toLowerCase() })
      .returning(),
  );
  return row!;
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
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      createdAt: users.createdAt,
      twoFactorEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
    })
    .from(users)
    .orderBy(asc(users.id));
}
