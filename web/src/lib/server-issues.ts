import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field-by-field problems of a refused request (400 `issues`) under the form's fields, the focus on
 * the first; answers whether any field took one (otherwise the caller shows the error above the form).
 */
export function setServerIssues<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields: ReadonlyArray<Path<T>>): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    setError(field, { message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
