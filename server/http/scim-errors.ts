import type { FastifyReply } from 'fastify';
import type { ErrorBody } from '../../contract/errors';
import { SCIM_MEDIA_TYPE, SCIM_PREFIX, SCIM_SCHEMA, type ScimError, type ScimErrorType } from '../../contract/scim';

// The SCIM answers (RFC 7644 §3.1, §3.12): application/scim+json, and errors in SCIM's own shape. The app's one error
// convention (AppError, server/http/errors.ts errorAnswer) decides status and message; this only writes them as SCIM.

export const SCIM_CONTENT_TYPE = `${SCIM_MEDIA_TYPE}; charset=utf-8`;

/** Whether a request's URL is under /scim/v2. */
export const isScimPath = (url: string) => url === SCIM_PREFIX || url.startsWith(`${SCIM_PREFIX}/`) || url.startsWith(`${SCIM_PREFIX}?`);

/** Sends a SCIM resource or message. */
export function sendScim(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).header('content-type', SCIM_CONTENT_TYPE).send(body);
}

/** The detail of an error: its message, or for bad fields each field's message, naming the field. */
function detailOf(body: ErrorBody): string {
  if (!body.issues || body.issues.length === 0) return body.message;
  const lines = body.issues.map((issue) => (issue.path === '' || issue.message.includes(issue.path) ? issue.message : `${issue.path}: ${issue.message}`));
  return [...new Set(lines)].join('; ');
}

/** An error as SCIM writes it; a 400 says invalidValue and a 409 uniqueness unless the refusal named its own type. */
export function scimErrorOf(status: number, body: ErrorBody, scimType?: ScimErrorType): ScimError {
  const type = scimType ?? (status === 409 ? 'uniqueness' : status === 400 ? 'invalidValue' : undefined);
  return { schemas: [SCIM_SCHEMA.error], status: String(status), ...(type ? { scimType: type } : {}), detail: detailOf(body) };
}

/** Sends an error as SCIM writes it; a 401 says which scheme to authenticate with (RFC 6750 §3). */
export function sendScimError(reply: FastifyReply, status: number, body: ErrorBody, scimType?: ScimErrorType) {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="TierTrack SCIM"');
  return sendScim(reply, status, scimErrorOf(status, body, scimType));
}
