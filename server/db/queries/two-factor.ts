import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { organisationSettings, recoveryCodes, twoFactorChallenges, users } from '../schema';
import { epochMs } from '../time-sql';

// Two-factor sign-in (docs/decisions/0030-two-factor-sign-in.md): the secret and last accepted step on the user,
// recovery codes and sign-in challenges in their own tables, only hashes of codes and tokens.

/**
 * Whether the organisation requires two-factor sign-in of every manager: false when the settings row is absent. An SQL
 * expression, so that the owner and manager session read (server/db/queries/sessions.ts) carries it in its own round
 * trip.
 */
export const managerTwoFactorRequiredSql = sql`coalesce((select ${organisationSettings.requireManagerTwoFactor} from ${organisationSettings} where ${organisationSettings.id} = 1), false)`;

/**
 * Whether the user `u` is a manager who must set up two-factor sign-in before anything else: the organisation requires
 * it and it is off for them. Read with every owner or manager session and by the check of open streams.
 */
export const twoFactorSetupRequiredSql = sql`(u.role = 'manager' and u.totp_enabled_at is null and ${managerTwoFactorRequiredSql})`;

export async function readManagerTwoFactorRequired(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ required: boolean }>(db, sql`select ${managerTwoFactorRequiredSql} as required`);
  return row?.required === true;
}

export interface TwoFactorState {
  secret: string | null;
  enabled: boolean;
  lastStep: number | null;
}

export async function readTwoFactorState(db: Db, userId: number): Promise<TwoFactorState | undefined> {
  const [row] = await queryRows<{ secret: string | null; enabled: boolean; last_step: number | null }>(
    db,
    sql`select totp_secret as secret, totp_enabled_at is not null as enabled, totp_last_step::float8 as last_step
      from ${users} where id = ${userId}::int`,
  );
  return row ? { secret: row.secret, enabled: row.enabled, lastStep: row.last_step } : undefined;
}

/**
 * Records `step` as the user's last accepted code step, when it is later than the one before: false for a replay,
 * also when two requests bring the same code at once (the row update decides).
 */
export async function acceptTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${users} set totp_last_step = ${step}
      where id = ${userId}::int and totp_enabled_at is not null and (totp_last_step is null or totp_last_step < ${step}) returning id`,
  );
  return rows.length > 0;
}

/** How many of the user's recovery codes are still unused. */
export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${recoveryCodes} where user_id = ${userId}::int and used_at is null`);
  return row?.count ?? 0;
}

/** A sign-in waiting for its code (the user's earlier ones that have expired are swept here), in one statement. */
export async function insertTwoFactorChallenge(
  db: Db,
  challenge: { tokenHash: string; userId: number; credentialVersion: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.execute(
    sql`with swept as (delete from ${twoFactorChallenges} where expires_at <= ${challenge.createdAt.toISOString()}::timestamptz)
      insert into ${twoFactorChallenges} (token_hash, user_id, credential_version, created_at, expires_at)
      values (${challenge.tokenHash}, ${challenge.userId}::int, ${challenge.credentialVersion}::int,
        ${challenge.createdAt.toISOString()}::timestamptz, ${challenge.expiresAt.toISOString()}::timestamptz)`,
  );
}

export interface TwoFactorChallenge {
  userId: number;
  email: string;
  name: string;
  role: 'owner' | 'manager';
  secret: string | null;
  lastStep: number | null;
  expiresAt: Date;
  failedAttempts: number;
  /** The credential version whose password was checked: the session the challenge leads to is bound to it. */
  credentialVersion: number;
}

/**
 * The live challenge of a token hash with its user (undefined when there is none, it has expired, or the user's
 * password was set or reset since it began: a challenge dies with the credential version it was made with).
 */
export async function findTwoFactorChallenge(db: Db, tokenHash: string, now: Date): Promise<TwoFactorChallenge | undefined> {
  const [row] = await queryRows<{
    user_id: number;
    email: string;
    name: string;
    role: 'owner' | 'manager';
    secret: string | null;
    last_step: number | null;
    expires_ms: number;
    failed_attempts: number;
    credential_version: number;
  }>(
    db,
    sql`select c.user_id, u.email, u.name, u.role, u.totp_secret as secret, u.totp_last_step::float8 as last_step,
        ${epochMs(sql`c.expires_at`)} as expires_ms, c.failed_attempts, c.credential_version
      from ${twoFactorChallenges} c join ${users} u on u.id = c.user_id
      where c.token_hash = ${tokenHash} and u.totp_enabled_at is not null and c.credential_version = u.credential_version`,
  );
  if (!row || row.expires_ms <= now.getTime()) return undefined;
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role,
    secret: row.secret,
    lastStep: row.last_step,
    expiresAt: new Date(row.expires_ms),
    failedAttempts: row.failed_attempts,
    credentialVersion: row.credential_version,
  };
}

/**
 * Counts a wrong code against a challenge; the challenge ends (is deleted) at `maxFailures`. Answers whether it is
 * still open.
 */
export async function countTwoFactorFailure(db: Db, tokenHash: string, maxFailures: number): Promise<boolean> {
  const rows = await queryRows<{ failed_attempts: number }>(
    db,
    sql`update ${twoFactorChallenges} set failed_attempts = failed_attempts + 1 where token_hash = ${tokenHash} returning failed_attempts`,
  );
  const failures = rows[0]?.failed_attempts;
  if (failures === undefined) return false;
  if (failures < maxFailures) return true;
  await deleteTwoFactorChallenge(db, tokenHash);
  return false;
}

/** Ends a challenge; false when it had already ended (another request completed or ended it). */
export async function deleteTwoFactorChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await queryRows<{ user_id: number }>(db, sql`delete from ${twoFactorChallenges} where token_hash = ${tokenHash} returning user_id`);
  return rows.length > 0;
}

