import { z } from 'zod';

/**
 * A database id in a request body: a positive 32-bit integer, or its digits as a string. Stricter than
 * z.coerce.number, which would take `true` or `[1]` as 1.
 */
export const idField = (message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).positive(message).max(2_147_483_647, message));
