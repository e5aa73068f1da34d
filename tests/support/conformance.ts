// Every answer the app gives in the integration tests, checked against what the OpenAPI document (contract/api-routes.ts)
// says the route answers with that status: "documented responses must match what the server sends".
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../contract/api-routes';
import { z } from 'zod';
import { errorBody } from '../../contract/errors';
import { SCIM_MEDIA_TYPE, SCIM_PREFIX, scimError } from '../../contract/scim';

/** The error shape and nothing beyond it: a field an error carries must be documented for its route. */
const strictErrorBody = z.strictObject(errorBody.shape);

const routeKey = (method: string, url: string) => `${method} ${url}`;
const documented = new Map(apiRoutes.map((route) => [routeKey(route.method, route.path), route]));

/** Answers that did not match: collected over a suite, reported by its afterAll (tests/support/test-app.ts). */
export const mismatches: string[] = [];

/** Checks each JSON answer of the app against its route's documented schema for the status (errors: the error shape). */
export function checkAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route || (!route.startsWith('/api/') && !route.startsWith(`${SCIM_PREFIX}/`))) return payload;
    const doc = documented.get(routeKey(request.method, route));
    const status = reply.statusCode;
    const where = `${request.method} ${route} ${status}`;
    if (!doc) {
      if (request.method !== 'HEAD' && status !== 404) mismatches.push(`${where}: the route is not in contract/api-routes.ts`);
      return payload;
    }
    const answer = doc.answers[status];
    const type = String(reply.getHeader('content-type') ?? '');
    // A SCIM route answers application/scim+json, its errors in SCIM's shape (contract/scim.ts).
    const jsonType = doc.protocol === 'scim' ? SCIM_MEDIA_TYPE : 'application/json';
    const errorShape = doc.protocol === 'scim' ? scimError : strictErrorBody;
    if (!answer) {
      if (status < 400) mismatches.push(`${where}: this status is not documented`);
      else if (doc.protocol === 'scim' && !type.startsWith(jsonType)) mismatches.push(`${where}: sent ${type || 'no content type'}, documented ${jsonType}`);
      else if (type.startsWith(jsonType) && typeof payload === 'string' && !errorShape.safeParse(JSON.parse(payload)).success) {
        mismatches.push(`${where}: an error without the error shape (or with fields it does not document)`);
      }
      return payload;
    }
    if (answer.contentType) {
      if (!type.startsWith(answer.contentType)) mismatches.push(`${where}: sent ${type}, documented ${answer.contentType}`);
      return payload;
    }
    if (!answer.schema) return payload;
    if (typeof payload !== 'string' || !type.startsWith(jsonType)) {
      mismatches.push(`${where}: sent ${type || 'no content type'}, documented ${jsonType}`);
      return payload;
    }
    const result = answer.schema.safeParse(JSON.parse(payload));
    if (!result.success) mismatches.push(`${where}: ${result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    return payload;
  });
}
