import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiScope, ApiToken } from '../../../contract/api-tokens';
import type { Db } from '../client';
import { apiTokens } from '../schema';

/** lastUsedAt is written at most once a minute per token, so a busy integration does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

interface ApiTokenRow {
  id: number;
  name: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as ApiScope[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

export async function insertApiToken(
  db: Db,
  token: { name: string; scopes: ApiScope[]; tokenHash: string; createdBy: number; createdAt: Date; expiresAt: Date | null },
): Promise<ApiToken> {
  const [row] = await db.insert(apiTokens).values(token).returning(listed);
  return toApiToken(row!);
}

/** The tokens that are not revoked, expired ones included, newest first. */
export async function listApiTokens(db: Db): Promise<ApiToken[]> {
  const rows = await db.select(listed).from(apiTokens).where(isNull(apiTokens.revokedAt)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

/** Revokes a token; false when there is no such token or it was revoked before. */
export async function revokeApiToken(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

export interface TokenCaller {
  id: number;
  name: string;
  scopes: ApiScope[];
}

/**
 * The token with this hash when it is neither revoked nor expired at `now`, and notes its use (to the minute).
 * Undefined otherwise.
 */
export async function useApiToken(db: Db, tokenHash: string, now: Date): Promise<TokenCaller | undefined> {
  const [row] = await db
    .select({ id: apiTokens.id, name: apiTokens.name, scopes: apiTokens.scopes, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const before = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, before))));
  }
  return { id: row.id, name: row.name, scopes: row.scopes as ApiScope[] };
}
