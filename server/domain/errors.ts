import { errorStatus, type ErrorBody, type ErrorCode, type ValidationIssue } from '../../contract/errors';

/**
 * The one way the server reports a failure the caller can act on: a code (which decides the HTTP status), a message
 * safe to show to the user as it is, and for bad input the failing fields. The function that knows a rule throws it
 * (a pure rule in server/domain, an operation in server/db, a guard in server/auth); the error handler in
 * server/http/errors.ts turns it into the JSON error body, in one place. Any other thrown error is a bug: a 500.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }

  toBody(): ErrorBody {
    return { message: this.message, code: this.code, ...(this.issues ? { issues: this.issues } : {}) };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Sign in to continue') => new AppError('UNAUTHENTICATED', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** Bad input that a schema cannot judge alone (it needs the clock or the database); `field` names the input field. */
export const invalid = (message: string, field?: string) =>
  new AppError('VALIDATION_FAILED', message, field === undefined ? undefined : [{ path: field, message }]);

/** Emails are unique across agents, and across owners and managers. */
export const EMAIL_TAKEN = 'An account with this email already exists';
/** A 409 that names the field, so that a form shows it under the email. */
export const emailTaken = () => new AppError('CONFLICT', EMAIL_TAKEN, [{ path: 'email', message: EMAIL_TAKEN }]);
