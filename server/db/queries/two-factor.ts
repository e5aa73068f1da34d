import { sql } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { organisationSettings, recoveryCodes, sessions, twoFactorChallenges, users } from '../schema';
import { epochMs } from '../time-sql';
import { conflict, notFound } from '../../domain/errors';
import { TWO_FACTOR_NOT_ON } from '../../../contract/two-factor';

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
 * Keeps a new secret for a user whose two-factor sign-in is off (replacing one set up before and never confirmed).
 * False when it is on.
 */
export async function storePendingSecret(db: Db, userId: number, secret: string, actor: AuditActor, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update ${users} set totp_secret = ${secret}, totp_last_step = null
        where id = ${userId}::int and totp_enabled_at is null returning id`,
    );
    if (rows.length === 0) return false;
    await appendAudit(tx, actor, { action: 'two_factor.setup_started', targetType: 'user', targetId: userId }, now);
    return true;
  });
}

/**
 * Turns two-factor sign-in on with the secret that was set up and confirmed by a code of `step`, and keeps the hashes
 * of new recovery codes (earlier ones go). The account gets a new credential version: its other sessions (made with
 * the password alone) end, the one `keepTokenHash` names moves to the new version and stays
 * (docs/decisions/0034-sessions-follow-the-account.md). Returns the token hashes of the sessions ended, for their live
 * streams; undefined when the secret changed meanwhile or it is already on.
 */
export async function enableTwoFactor(
  db: Db,
  user: { id: number; secret: string; step: number },
  recoveryCodeHashes: string[],
  keepTokenHash: string,
  actor: AuditActor,
  now: Date,
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const [enabled] = await queryRows<{ credential_version: number }>(
      tx,
      sql`update ${users} set totp_enabled_at = ${now.toISOString()}::timestamptz, totp_last_step = ${user.step},
          credential_version = credential_version + 1
        where id = ${user.id}::int and totp_enabled_at is null and totp_secret = ${user.secret} returning credential_version`,
    );
    if (!enabled) return undefined;
    await tx.execute(sql`update ${sessions} set credential_version = ${enabled.credential_version}::int where token_hash = ${keepTokenHash} and user_id = ${user.id}::int`);
    const ended = await queryRows<{ token_hash: string }>(
      tx,
      sql`delete from ${sessions} where user_id = ${user.id}::int and token_hash <> ${keepTokenHash} returning token_hash`,
    );
    await tx.delete(recoveryCodes).where(sql`${recoveryCodes.userId} = ${user.id}`);
    await tx.insert(recoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId: user.id, codeHash })));
    await appendAudit(
      tx,
      actor,
      { action: 'two_factor.enabled', targetType: 'user', targetId: user.id, after: { recoveryCodes: recoveryCodeHashes.length, otherSessionsEnded: ended.length } },
      now,
    );
    return ended.map((row) => row.token_hash);
  });
}

/**
 * Turns two-factor sign-in off: the secret, the recovery codes and the sign-ins waiting for a code go. `proof` says
 * what confirmed it: a code of the app (its step, which must still be unused), or a recovery code (its hash, unused).
 * False when that proof is no longer good (used by a request at the same time) or it was off.
 */
export async function disableTwoFactor(
  db: Db,
  userId: number,
  proof: { step: number } | { recoveryCodeHash: string },
  actor: AuditActor,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const proven =
      'step' in proof
        ? await acceptTotpStep(tx, userId, proof.step)
        : await markRecoveryCodeUsed(tx, userId, proof.recoveryCodeHash, actor, now);
    if (!proven) return false;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update ${users} set totp_secret = null, totp_enabled_at = null, totp_last_step = null
        where id = ${userId}::int and totp_enabled_at is not null returning id`,
    );
    if (rows.length === 0) return false;
    await tx.delete(recoveryCodes).where(sql`${recoveryCodes.userId} = ${userId}`);
    await tx.delete(twoFactorChallenges).where(sql`${twoFactorChallenges.userId} = ${userId}`);
    await appendAudit(tx, actor, { action: 'two_factor.disabled', targetType: 'user', targetId: userId, after: { with: 'step' in proof ? 'code' : 'recovery_code' } }, now);
    return true;
  });
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

/** Marks an unused recovery code of the user used, with its audit row; false when no unused code has that hash. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, actor: AuditActor, now: Date): Promise<boolean> {
  return db.transaction((tx) => markRecoveryCodeUsed(tx, userId, codeHash, actor, now));
}

async function markRecoveryCodeUsed(tx: Db, userId: number, codeHash: string, actor: AuditActor, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update ${recoveryCodes} set used_at = ${now.toISOString()}::timestamptz
      where user_id = ${userId}::int and code_hash = ${codeHash} and used_at is null returning id`,
  );
  if (rows.length === 0) return false;
  const left = await countUnusedRecoveryCodes(tx, userId);
  await appendAudit(tx, actor, { action: 'two_factor.recovery_code_used', targetType: 'user', targetId: userId, after: { recoveryCodesLeft: left } }, now);
  return true;
}

/** How many of the user's recovery codes are still unused. */
export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${recoveryCodes} where user_id = ${userId}::int and used_at is null`);
  return row?.count ?? 0;
}

/** A sign-in waiting for its code (the user's earlier ones that have expired are swept here). */
export async function insertTwoFactorChallenge(
  db: Db,
  challenge: { tokenHash: string; userId: number; credentialVersion: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await queryRows(tx, sql`delete from ${twoFactorChallenges} where expires_at <= ${challenge.createdAt.toISOString()}::timestamptz`);
    await tx.insert(twoFactorChallenges).values(challenge);
  });
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

/**
 * The owner turns another account's two-factor sign-in off (they lost their authenticator and recovery codes): the
 * secret, recovery codes and waiting sign-ins go, audited as two_factor.reset. 404 for no such account, 409 when it
 * was off.
 */
export async function resetTwoFactor(db: Db, userId: number, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await queryRows<{ enabled: boolean }>(tx, sql`select totp_enabled_at is not null as enabled from ${users} where id = ${userId}::int for update`);
    if (!account) throw notFound('User');
    if (!account.enabled) throw conflict(TWO_FACTOR_NOT_ON);
    await tx.execute(sql`update ${users} set totp_secret = null, totp_enabled_at = null, totp_last_step = null where id = ${userId}::int`);
    await tx.delete(recoveryCodes).where(sql`${recoveryCodes.userId} = ${userId}`);
    await tx.delete(twoFactorChallenges).where(sql`${twoFactorChallenges.userId} = ${userId}`);
    await appendAudit(tx, actor, { action: 'two_factor.reset', targetType: 'user', targetId: userId, after: { enabled: false } }, now);
  });
}
