import type { z } from 'zod';
import type { ErrorBody } from '../../../contract/errors';
import { render, text, type Text } from '../../../contract/i18n';
import type { ScimErrorType } from '../../../contract/scim';
import { AppError } from '../errors';
import { messages } from './messages';

/**
 * A SCIM refusal (RFC 7644 §3.12): an AppError like any other (its code decides the status), with the `scimType` that
 * tells a directory which rule the request broke. The SCIM routes' error handler writes it as a SCIM error body; any
 * other AppError there gets the scimType its status implies (400 invalidValue, 409 uniqueness). Its message is a text
 * (server/domain/scim/messages), answered in the language the request asks for.
 */
export class ScimError extends AppError {
  constructor(
    code: 'VALIDATION_FAILED' | 'CONFLICT',
    message: Text,
    readonly scimType: ScimErrorType,
    /** Renders the message again in the language of the moment (a schema's issue: checked again). */
    rerender?: () => Pick<ErrorBody, 'message' | 'issues'>,
  ) {
    super(code, message, undefined, rerender);
    this.name = 'ScimError';
  }
}

export const invalidFilter = (message: Text) => new ScimError('VALIDATION_FAILED', message, 'invalidFilter');
export const invalidPath = (message: Text) => new ScimError('VALIDATION_FAILED', message, 'invalidPath');
export const invalidSyntax = (message: Text) => new ScimError('VALIDATION_FAILED', message, 'invalidSyntax');
export const invalidValue = (message: Text, rerender?: () => Pick<ErrorBody, 'message' | 'issues'>) =>
  new ScimError('VALIDATION_FAILED', message, 'invalidValue', rerender);
export const mutability = (message: Text) => new ScimError('VALIDATION_FAILED', message, 'mutability');
export const noTarget = (message: Text) => new ScimError('VALIDATION_FAILED', message, 'noTarget');
export const uniqueness = (message: Text) => new ScimError('CONFLICT', message, 'uniqueness');

/**
 * A value a contract schema refuses, at `where`: "where: its first issue". The schema checks it again when the answer
 * is made, so that the issue is in the language the request asks for (the schemas' messages are made when parsing).
 */
export function refusedValue(schema: z.ZodType, value: unknown, where: Text): ScimError {
  const say = () => text(messages, 'at', { where, what: schema.safeParse(value).error?.issues[0]?.message ?? text(messages, 'notValidValue') });
  return invalidValue(say(), () => ({ message: render(say()) }));
}
