import { text } from '../../../contract/i18n';
import type { ScimPatchOperation } from '../../../contract/scim';
import { invalidValue, noTarget } from './errors';
import { messages } from './messages';
import { parseAttributePath, type AttributePath } from './filter';

/** A JSON object (not an array, not null): what a PATCH without a path carries, attribute by attribute. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A PATCH's operations (RFC 7644 §3.5.2) as one resource's steps, in order: an operation with a path is that path's
 * steps; one without a path carries an object whose every attribute is a path of its own (Okta's dialect), `schemas`
 * and `meta` aside. `stepsAt` is the resource's reading of one path and value; every operation is read, so checked,
 * before any is applied: one bad operation refuses the whole PATCH.
 */
export function patchSteps<Step>(
  operations: readonly ScimPatchOperation[],
  stepsAt: (op: ScimPatchOperation['op'], path: AttributePath, value: unknown, where: string) => Step[],
): Step[] {
  return operations.flatMap((operation, index) => {
    const where = `Operations[${index}]`;
    if (operation.path !== undefined) return stepsAt(operation.op, parseAttributePath(operation.path), operation.value, where);
    if (operation.op === 'remove') throw noTarget(text(messages, 'removeNeedsPath', { where }));
    if (!isObject(operation.value)) throw invalidValue(text(messages, 'opNeedsObject', { where, op: operation.op }));
    return Object.entries(operation.value).flatMap(([key, value]) => {
      if (/^(schemas|meta)$/i.test(key)) return [];
      return stepsAt(operation.op, parseAttributePath(key), value, `${where}: value.${key}`);
    });
  });
}
