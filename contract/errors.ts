import { z } from 'zod';

export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'REAUTHENTICATION_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'IMPORT_REJECTED',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  REAUTHENTICATION_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // The same Idempotency-Key with another request.
  IDEMPOTENCY_KEY_REUSED: 422,
  // An import with rows in error: nothing written; the answer carries the import report.
  IMPORT_REJECTED: 422,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const validationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssue>;

/** Every error response of the API has this shape. */
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(errorCodes),
  issues: z.array(validationIssue).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
