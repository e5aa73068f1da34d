import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { ssoLogins, ssoSettings } from '../schema';

// Company sign-in (docs/decisions/0090-company-sign-in.md): the provider's settings (one row) and the sign-ins under
// way between GET /api/sso/start and the callback.

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;

export async function readSsoSettings(db: Db): Promise<SsoSettingsRow | undefined> {
  const [row] = await db.select().from(ssoSettings).limit(1);
  return row;
}

/** Whether password sign-in is off for everyone but the owner: false while company sign-in is not set up. */
export async function readSsoRequired(db: Db): Promise<{ required: boolean; label: string | null }> {
  const [row] = await queryRows<{ required: boolean; label: string }>(db, sql`select required, label from ${ssoSettings} where id = 1`);
  return { required: row?.required === true, label: row?.label ?? null };
}

export type SsoSettingsValues = Omit<SsoSettingsRow, 'id' | 'updatedAt' | 'clientSecret'> & { clientSecret: string };

export async function saveSsoSettings(db: Db, values: SsoSettingsValues, now: Date): Promise<SsoSettingsRow> {
  const [row] = await db
    .insert(ssoSettings)
    .values({ id: 1, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: ssoSettings.id, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/** Removes the settings (company sign-in off, passwords back for everyone); true when there were any. */
export async function deleteSsoSettings(db: Db): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`delete from ${ssoSettings} returning id`);
  await db.execute(sql`delete from ${ssoLogins}`);
  return rows.length > 0;
}

export type SsoLoginRow = typeof ssoLogins.$inferSelect;

export async function insertSsoLogin(db: Db, login: SsoLoginRow): Promise<void> {
  await db.insert(ssoLogins).values(login);
}

/** The sign-in under way with this state, taken once: a second callback with the same state finds nothing. */
export async function takeSsoLogin(db: Db, stateHash: string, now: Date): Promise<SsoLoginRow | undefined> {
  const [row] = await queryRows<{
    state_hash: string;
    nonce: string;
    code_verifier: string;
    audience: 'staff' | 'agent';
    return_to: string;
    created_at: Date | string;
    expires_at: Date | string;
  }>(db, sql`delete from ${ssoLogins} where state_hash = ${stateHash} returning *`);
  if (!row) return undefined;
  const expiresAt = new Date(row.expires_at);
  if (expiresAt.getTime() <= now.getTime()) return undefined;
  return {
    stateHash: row.state_hash,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    audience: row.audience,
    returnTo: row.return_to,
    createdAt: new Date(row.created_at),
    expiresAt,
  };
}

/** Sign-ins abandoned at the provider: kept until they expire, then removed by the maintenance pass. */
export async function pruneSsoLogins(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ state_hash: string }>(db, sql`delete from ${ssoLogins} where expires_at <= ${now.toISOString()}::timestamptz returning state_hash`);
  return rows.length;
}
