import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { TvLink } from '../../../contract/tv-links';
import type { Db } from '../client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../errors';
import { tvLinks, tvPairings } from '../schema';
import { insertTvLink } from './tv-links';

// TV pairing (docs/decisions/0086-tv-pairing.md): a TV's request, its code and secret kept as hashes.

/** Adds a pairing request; false when its code's hash is taken by another waiting TV (the caller draws another code). */
export async function insertTvPairing(db: Db, pairing: { codeHash: string; secretHash: string; createdAt: Date; expiresAt: Date }): Promise<boolean> {
  // Expired requests go first, so that their codes are free again and the table holds only live ones.
  await db.delete(tvPairings).where(lte(tvPairings.expiresAt, pairing.createdAt));
  try {
    await db.insert(tvPairings).values(pairing);
    return true;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

/**
 * What a TV with this secret is told: waiting (until when), paired (the link, told once: the request goes), or
 * nothing (unknown, expired, already told; or its link revoked meanwhile).
 */
export async function readTvPairing(
  db: Db,
  secretHash: string,
  now: Date,
): Promise<{ status: 'waiting'; expiresAt: Date } | { status: 'paired'; name: string } | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: tvPairings.id, expiresAt: tvPairings.expiresAt, tvLinkId: tvPairings.tvLinkId, name: tvLinks.name, revokedAt: tvLinks.revokedAt })
      .from(tvPairings)
      .leftJoin(tvLinks, eq(tvLinks.id, tvPairings.tvLinkId))
      .where(eq(tvPairings.secretHash, secretHash))
      .for('update', { of: tvPairings })
      .limit(1);
    if (!row) return undefined;
    if (row.tvLinkId === null) return row.expiresAt > now ? { status: 'waiting', expiresAt: row.expiresAt } : undefined;
    await tx.delete(tvPairings).where(eq(tvPairings.id, row.id));
    return row.revokedAt === null && row.name !== null ? { status: 'paired', name: row.name } : undefined;
  });
}

/**
 * Pairs the TV waiting with this code: makes its TV link, whose token is the TV's secret, and marks the request paired.
 * Undefined when no TV waits with this code (wrong, expired, or already paired): nothing is made.
 */
export async function pairTvWithCode(
  db: Db,
  codeHash: string,
  link: { name: string; showAmounts: boolean; metrics: string[]; createdBy: number; createdAt: Date },
): Promise<TvLink | undefined> {
  const [pairing] = await db
    .select({ id: tvPairings.id, secretHash: tvPairings.secretHash })
    .from(tvPairings)
    .where(and(eq(tvPairings.codeHash, codeHash), gt(tvPairings.expiresAt, link.createdAt), isNull(tvPairings.tvLinkId)))
    .for('update')
    .limit(1);
  if (!pairing) return undefined;
  const made = await insertTvLink(db, { ...link, tokenHash: pairing.secretHash });
  await db.update(tvPairings).set({ tvLinkId: made.id }).where(eq(tvPairings.id, pairing.id));
  return made;
}
