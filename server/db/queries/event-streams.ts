import { and, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { agents, sessions, tvLinks, users } from '../schema';
import { sessionHoldsSql } from './sessions';
import { twoFactorSetupRequiredSql } from './two-factor';

/**
 * Which of the credentials behind open event streams still hold: sessions (by token hash) not ended, deleted or
 * expired, that still stand for their account as a request's session read requires (`sessionHoldsSql`: the same
 * credential version, an agent still active), of no manager who must set up two-factor sign-in first (the stream is
 * not open to them: server/auth/two-factor-policy.ts); and TV links not revoked. One query each for every open stream
 * of an instance.
 */
export async function liveStreamCredentials(
  db: Db,
  credentials: { sessionHashes: string[]; tvLinkIds: number[] },
  now: Date,
): Promise<{ sessionHashes: Set<string>; tvLinkIds: Set<number> }> {
  const [liveSessions, liveLinks] = await Promise.all([
    credentials.sessionHashes.length === 0
      ? []
      : queryRows<{ token_hash: string }>(
          db,
          sql`select s.token_hash from ${sessions} s
            left join ${users} u on s.kind = 'user' and u.id = s.user_id
            left join ${agents} a on s.kind = 'agent' and a.id = s.agent_id
            where s.token_hash = any(${sql.param(credentials.sessionHashes)}::text[]) and s.expires_at > ${now.toISOString()}::timestamptz
              and case when s.kind = 'user' then ${sessionHoldsSql('user', 'u')} and not ${twoFactorSetupRequiredSql} else ${sessionHoldsSql('agent')} end`,
        ),
    credentials.tvLinkIds.length === 0
      ? []
      : db
          .select({ id: tvLinks.id })
          .from(tvLinks)
          .where(and(inArray(tvLinks.id, credentials.tvLinkIds), isNull(tvLinks.revokedAt))),
  ]);
  return {
    sessionHashes: new Set(liveSessions.map((row) => row.token_hash)),
    tvLinkIds: new Set(liveLinks.map((row) => row.id)),
  };
}
