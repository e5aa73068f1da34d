// What `npm start` says when it cannot start: one readable paragraph naming what is wrong and where, never a stack.
import type { AppConfig } from './config';
import { errorCode, isDatabaseUnavailable, pgErrorCode } from './db/errors';

/** host:port of a PostgreSQL URL, without the user and password. */
export function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

/** A short reason from a driver error: "connect ECONNREFUSED 127.0.0.1:5432", "the database system is starting up". */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  // drizzle wraps a driver error as "Failed query: <sql>"; the driver's own message says more.
  if (message.startsWith('Failed query') && cause instanceof Error) return cause.message;
  return message.split('\n')[0] ?? message;
}

/**
 * The message for an error that stops the start, or undefined for one that is a bug (printed with its stack). A full
 * or read-only disk under DATA_DIR and a database that refuses us are the operator's to fix, and say how.
 */
export function startupFailureMessage(error: unknown, config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string | undefined {
  const errno = errorCode(error);
  if (!config.databaseUrl && (errno === 'ENOSPC' || errno === 'EDQUOT')) {
    return `The disk that holds the data directory ${config.dataDir} is full (${errno}). Free some space there, or set DATA_DIR to a folder on another disk, and start again.`;
  }
  if (!config.databaseUrl && (errno === 'EACCES' || errno === 'EPERM' || errno === 'EROFS')) {
    return `The data directory ${config.dataDir} cannot be written (${errno}). Give this user write access to it, or set DATA_DIR to a writable folder, and start again.`;
  }
  if (config.databaseUrl) {
    const where = databaseAddress(config.databaseUrl);
    if (isDatabaseUnavailable(error)) return `The database at ${where} is unavailable: ${reasonOf(error)}.`;
    const sqlState = pgErrorCode(error);
    if (sqlState === '28P01' || sqlState === '28000') return `The database at ${where} refused the user or password in DATABASE_URL: ${reasonOf(error)}.`;
    if (sqlState === '3D000') return `The database named in DATABASE_URL does not exist at ${where}: ${reasonOf(error)}. Create it (createdb) and start again.`;
  }
  return undefined;
}
