import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a refused request's reasons under the fields they name (the server's `issues`), in the order the fields are on
 * screen, and focuses the first. Returns whether any field took one: when none did, the caller says it another way
 * (a toast, a line above the buttons).
 */
export function showServerIssues<Values extends FieldValues>(form: Pick<UseFormReturn<Values>, 'setError'>, error: unknown, fieldsOnScreen: readonly Path<Values>[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const byField = new Map(error.issues.map((issue) => [issue.path, issue.message]));
  const named = fieldsOnScreen.filter((field) => byField.has(field));
  named.forEach((field, index) => form.setError(field, { type: 'server', message: byField.get(field) }, { shouldFocus: index === 0 }));
  return named.length > 0;
}
