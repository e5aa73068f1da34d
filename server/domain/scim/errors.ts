import type { ScimErrorType } from '../../../contract/scim';
import { AppError } from '../errors';

/**
 * A SCIM refusal (RFC 7644 §3.12): an AppError like any other (its code decides the status), with the `scimType` that
 * tells a directory which rule the request broke. The SCIM routes' error handler writes it as a SCIM error body; any
 * other AppError there gets the scimType its status implies (400 invalidValue, 409 uniqueness).
 */
export class ScimError extends AppError {
  constructor(
    code: 'VALIDATION_FAILED' | 'CONFLICT',
    message: string,
    readonly scimType: ScimErrorType,
  ) {
    super(code, message);
    this.name = 'ScimError';
  }
}

export const invalidFilter = (message: string) => new ScimError('VALIDATION_FAILED', message, 'invalidFilter');
export const invalidPath = (message: string) => new ScimError('VALIDATION_FAILED', message, 'invalidPath');
export const invalidSyntax = (message: string) => new ScimError('VALIDATION_FAILED', message, 'invalidSyntax');
export const invalidValue = (message: string) => new ScimError('VALIDATION_FAILED', message, 'invalidValue');
export const mutability = (message: string) => new ScimError('VALIDATION_FAILED', message, 'mutability');
export const noTarget = (message: string) => new ScimError('VALIDATION_FAILED', message, 'noTarget');
export const uniqueness = (message: string) => new ScimError('CONFLICT', message, 'uniqueness');
