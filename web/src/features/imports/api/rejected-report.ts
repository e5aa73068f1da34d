import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

/** The report of a refused commit (422 IMPORT_REJECTED): the same report as a dry run's, nothing written. */
export function rejectedReport<T>(error: unknown, schema: z.ZodType<T>): T | undefined {
  if (!(error instanceof ApiError) || error.code !== 'IMPORT_REJECTED') return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
