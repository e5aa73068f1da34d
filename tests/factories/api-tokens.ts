// API tokens for tests, made directly in the database (the API's own token flow is tested in api-tokens.test.ts).
import { randomBytes } from 'node:crypto';
import type { ApiScope } from '../../contract/api-tokens';
import { hashToken } from '../../server/auth/sessions';
import type { Db } from '../../server/db/client';
import { insertApiToken } from '../../server/db/queries/api-tokens';

/** A token with these scopes, made by `owner`: its id and the Authorization header that presents it. */
export async function createApiToken(
  db: Db,
  owner: { id: number },
  scopes: ApiScope[],
  options: { name?: string; now?: Date } = {},
): Promise<{ id: number; name: string; authorization: string }> {
  const secret = `tt_factory_${randomBytes(12).toString('hex')}`;
  const name = options.name ?? `Factory ${scopes.join(' ')}`;
  const row = await insertApiToken(db, {
    name,
    scopes,
    tokenHash: hashToken(secret),
    createdBy: owner.id,
    createdAt: options.now ?? new Date(),
    expiresAt: null,
  });
  return { id: row.id, name, authorization: `Bearer ${secret}` };
}
