import { randomBytes } from 'node:crypto';
import { text } from '../../contract/i18n';
import { unauthenticated } from '../domain/errors';
import { messages } from './messages';
import { hashPassword, verifyPassword } from './passwords';

export const INVALID_CREDENTIALS = text(messages, 'invalidCredentials');

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against an account's hash. Without an account it still runs one Argon2 verification
 * (against a hash of a random password), so the response time does not reveal which emails have accounts.
 */
export async function checkPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash !== undefined) return verifyPassword(passwordHash, password);
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The account an email and password sign in to: the account found for the email when the password matches it,
 * else 401 with one message for a wrong password and an unknown email alike (and in the same time).
 */
export async function authenticate<Account extends { passwordHash: string }>(account: Account | undefined, password: string): Promise<Account> {
  if (!(await checkPassword(account?.passwordHash, password)) || !account) throw unauthenticated(INVALID_CREDENTIALS);
  return account;
}
