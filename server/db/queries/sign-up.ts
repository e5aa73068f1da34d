import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { signUpModes, type Invitation, type SignUpMode } from '../../../contract/sign-up';
import { notFound } from '../../domain/errors';
import type { Db } from '../client';
import { appMeta, invitations } from '../schema';

const SIGN_UP_MODE_KEY = 'sign_up_mode';

/** The stored sign-up mode, or `fallback` when none is stored yet (the start stores one: see initSignUpMode). */
export async function readSignUpMode(db: Db, fallback: SignUpMode): Promise<SignUpMode> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SIGN_UP_MODE_KEY)).limit(1);
  const mode = row?.value as SignUpMode | undefined;
  return mode && signUpModes.includes(mode) ? mode : fallback;
}

/** Stores the mode of a new install at start, keeping one chosen before; returns the stored mode. */
export async function initSignUpMode(db: Db, mode: SignUpMode): Promise<SignUpMode> {
  await db.insert(appMeta).values({ key: SIGN_UP_MODE_KEY, value: mode }).onConflictDoNothing();
  return readSignUpMode(db, mode);
}

export async function writeSignUpMode(db: Db, mode: SignUpMode): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: SIGN_UP_MODE_KEY, value: mode })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: mode } });
}

const toInvitation = (row: typeof invitations.$inferSelect): Invitation => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
});

/** Invitations still open, and those used in the last 30 days, newest first. */
export async function listInvitations(db: Db, now: Date): Promise<Invitation[]> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const rows = await db
    .select()
    .from(invitations)
    .where(or(and(isNull(invitations.usedAt), gt(invitations.expiresAt, now)), gt(invitations.usedAt, since)))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(200);
  return rows.map(toInvitation);
}

export async function insertInvitation(
  db: Db,
  invitation: { tokenHash: string; createdBy: number; createdAt: Date; expiresAt: Date },
): Promise<Invitation> {
  const [row] = await db.insert(invitations).values(invitation).returning();
  return toInvitation(row!);
}

/** Withdraws an invitation that was not used yet; a used or unknown one is NOT_FOUND. */
export async function deleteOpenInvitation(db: Db, id: number): Promise<void> {
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  if (rows.length === 0) throw notFound('Open invitation');
}

