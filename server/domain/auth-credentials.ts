import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/passwords';

export const INVALID_CREDENTIALS = 'Invalid email or password';

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
