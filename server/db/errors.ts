import type { AppError } from '../domain/errors';

/** The PostgreSQL SQLSTATE of a database error, looking through the wrappers drizzle puts around it. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const NUMERIC_OUT_OF_RANGE = '22003';

/**
 * Runs a statement whose refusal by a constraint is a rule's answer, not a bug: a failure with the given SQLSTATE
 * becomes the rule's AppError (a unique email, a tier that must exist); any other failure stays as it is.
 */
export async function refusedAs<T>(sqlState: string, refusal: () => AppError, statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    if (pgErrorCode(error) === sqlState) throw refusal();
    throw error;
  }
}
