import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX } from '../../contract/income-entries';
import { text } from '../../contract/i18n';
import { invalid } from '../domain/errors';
import { messages } from './messages';

const IDEMPOTENCY_KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The request's Idempotency-Key: absent, or 1 to IDEMPOTENCY_KEY_MAX visible ASCII characters (400 otherwise). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw invalid(text(messages, 'idempotencyKeyInvalid', { max: IDEMPOTENCY_KEY_MAX }), 'Idempotency-Key');
  }
  return header;
}

/** What identifies a request under an idempotency key: SHA-256 of its input as validated (a retry hashes the same). */
export const requestHashOf = (input: unknown): string => createHash('sha256').update(JSON.stringify(input)).digest('hex');
