import type { AppError } from '../domain/errors';

/** The `code` an error carries when it is a string: a Node.js errno name ("ENOENT") or a PostgreSQL SQLSTATE. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** An error and the causes it wraps (drizzle and the pool wrap the driver's error), five at most. */
function* causeChain(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The PostgreSQL SQLSTATE of a database error, looking through the wrappers drizzle puts around it. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const code = errorCode(link);
    if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Whether an error says the database cannot be reached or cannot take work right now, rather than that a statement
 * was wrong: a lost or refused connection, the server shutting down or starting, too many connections, a full disk,
 * no memory. Such a request may succeed when tried again, so it answers 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of causeChain(error)) {
    const code = errorCode(link);
    const { message } = link as { message?: unknown };
    if (code !== undefined) {
      // Class 08 connection exception; 57P01-57P03 admin or crash shutdown, cannot connect now; class 53
      // insufficient resources (disk full, out of memory, too many connections); 58030 I/O error.
      if (/^08...$|^57P0[123]$|^53...$|^58030$/.test(code)) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOSPC'].includes(code)) return true;
    }
    if (typeof message === 'string' && /^Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/.test(message)) return true;
  }
  return false;
}

/**
 * What a database error means for the request that met it, in words the HTTP layer knows without knowing the database
 * (server/http/errors.ts `FailureClass`): 'unavailable' (isDatabaseUnavailable); 'bad-value' for PostgreSQL's class 22,
 * "data exception" (a NUL character, a value out of range...): the input was bad, and the statement failed before
 * changing anything; undefined otherwise.
 */
export function classifyDatabaseFailure(error: unknown): 'unavailable' | 'bad-value' | undefined {
  if (pgErrorCode(error)?.startsWith('22')) return 'bad-value';
  if (isDatabaseUnavailable(error)) return 'unavailable';
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
