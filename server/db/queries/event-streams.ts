import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { sessions, tvLinks } from '../schema';

/**
 * Which of the credentials behind open event streams still hold: sessions (by token hash) not ended, deleted or
 * expired, and TV links not revoked. One query each for every open stream of an instance.
 */
export async function liveStreamCredentials(
  db: Db,
  credentials: { sessionHashes: string[]; tvLinkIds: number[] },
  now: Date,
): Promise<{ sessionHashes: Set<string>; tvLinkIds: Set<number> }> {
  const [liveSessions, liveLinks] = await Promise.all([
    credentials.sessionHashes.length === 0
      ? []
      : db
          .select({ tokenHash: sessions.tokenHash })
          .from(sessions)
          .where(and(inArray(sessions.tokenHash, credentials.sessionHashes), gt(sessions.expiresAt, now))),
    credentials.tvLinkIds.length === 0
      ? []
      : db
          .select({ id: tvLinks.id })
          .from(tvLinks)
          .where(and(inArray(tvLinks.id, credentials.tvLinkIds), isNull(tvLinks.revokedAt))),
  ]);
  return {
    sessionHashes: new Set(liveSessions.map((row) => row.tokenHash)),
    tvLinkIds: new Set(liveLinks.map((row) => row.id)),
  };
}
