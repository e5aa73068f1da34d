import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a refused request's reasons (the server's 400 `issues`) under the fields they name, in the order the fields are
 * on screen (`fields`), and focuses the first. An issue's path is the field's name, or is named in `fieldOfPath`
 * where the request's names differ from the form's ("agentData.email" for "email"). Returns whether any field took
 * one: when none did, the caller says it another way (a toast, a line above the buttons).
 */
export function setServerIssues<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  fieldOfPath: Readonly<Record<string, Path<T>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const byField = new Map(error.issues.map((issue) => [fieldOfPath[issue.path] ?? issue.path, issue.message]));
  const named = fields.filter((field) => byField.has(field));
  named.forEach((field, index) => setError(field, { type: 'server', message: byField.get(field) }, { shouldFocus: index === 0 }));
  return named.length > 0;
}
