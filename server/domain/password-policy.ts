import { dictionary } from '@zxcvbn-ts/language-common';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';

/** A new password from the common list is refused (COMMON_PASSWORD: the English, as tests and the config check use it). */
export const COMMON_PASSWORD_TEXT = text(messages, 'commonPassword');
export const COMMON_PASSWORD = String(COMMON_PASSWORD_TEXT);

let common: Set<string> | undefined;

/**
 * Whether a password is among the ~30,000 most common ones of leaked-password lists (zxcvbn-ts's list, shipped
 * with the app: no network call). Compared without case, and also with the digits and symbols people add at the
 * end stripped ("Password123!" is "password"). Built at first use (a few milliseconds).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\s0-9!-/:-@[-`{-~]+$/u, '');
  return common.has(lower) || (stem.length >= 4 && stem !== lower && common.has(stem));
}

/** Refuses a new password from the common list (ASVS V2.1.7), naming the field. */
export function assertPasswordNotCommon(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw invalid(COMMON_PASSWORD_TEXT, field);
}
