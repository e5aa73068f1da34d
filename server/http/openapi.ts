import { z } from 'zod';
import type { Answer, Credential, RouteDoc } from '../../contract/api-routes';
import { errorBody } from '../../contract/errors';
import { SCIM_MEDIA_TYPE, scimError } from '../../contract/scim';

type Json = Record<string, unknown>;

/** A contract schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends, or what it receives. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete converted.$schema;
  return converted;
}

/** /api/agents/:id -> /api/agents/{id} */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const COMMON_ERRORS: Record<number, string> = {
  400: 'The request is malformed: the message says why, `issues` names each field',
  401: 'No identity: not signed in, or the API token is malformed, unknown, revoked or expired',
  403: 'Signed in as someone who may not do this (or a token without the scope)',
  404: 'Nothing with this id',
  429: 'Too many requests',
  500: 'Something failed on the server (no details)',
  503: 'The database is unavailable right now (a lost connection, a restart, a full disk): try again after Retry-After seconds',
};

const securityOf = (credentials: Credential[], scopes: string[] = []) =>
  credentials
    .filter((credential) => credential !== 'tvToken')
    .map((credential) => (credential === 'none' ? {} : { [credential]: credential === 'bearer' ? scopes : [] }));

/** The media type of a route's JSON answers and errors: SCIM routes answer application/scim+json (RFC 7644 §3.1). */
const answerType = (route: RouteDoc) => (route.protocol === 'scim' ? SCIM_MEDIA_TYPE : 'application/json');

function answerOf(answer: Answer, route: RouteDoc): Json {
  if (answer.contentType) return { description: answer.description, content: { [answer.contentType]: { schema: { type: 'string' } } } };
  if (!answer.schema) return { description: answer.description };
  return { description: answer.description, content: { [answerType(route)]: { schema: jsonSchema(answer.schema, 'output') } } };
}

/** A request body's media types: SCIM routes take JSON labelled either way. */
const bodyTypes = (route: RouteDoc) => (route.protocol === 'scim' ? [SCIM_MEDIA_TYPE, 'application/json'] : ['application/json']);

function operationOf(route: RouteDoc): Json {
  const parameters: Json[] = [];
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' }, description: name === 'token' ? 'The TV link’s token' : 'The id' });
  }
  if (route.query) {
    const query = jsonSchema(route.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  for (const header of route.headers ?? []) {
    parameters.push({ name: header.name, in: 'header', required: false, schema: { type: 'string' }, description: header.description });
  }
  const responses: Json = {};
  for (const [status, answer] of Object.entries(route.answers)) responses[status] = answerOf(answer, route);
  const error = { $ref: route.protocol === 'scim' ? '#/components/schemas/ScimError' : '#/components/schemas/Error' };
  for (const [status, description] of Object.entries(COMMON_ERRORS)) {
    responses[status] ??= { description, content: { [answerType(route)]: { schema: error } } };
  }
  return {
    summary: route.summary,
    description: `Who may call it: ${route.access}.`,
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [route.tag],
    security: securityOf(route.credentials, route.scopes),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: Object.fromEntries(bodyTypes(route).map((type) => [type, { schema: jsonSchema(route.body!, 'input') }])) } }
      : route.bodyContentType
        ? { requestBody: { required: true, content: { [route.bodyContentType]: { schema: { type: 'string' } } } } }
        : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the API, built from the contract's route list and schemas. */
export function openApiDocument(routes: readonly RouteDoc[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'TierTrack API',
      version,
      description:
        'Sales performance and rewards. Owners and managers sign in with a session cookie (sid), agents with theirs (agent_sid); other systems send an API token as `Authorization: Bearer <token>`. Every error is JSON {message, code, issues?}, but under /scim/v2 (SCIM 2.0 provisioning of agents and teams, RFC 7644), where answers and errors are application/scim+json as SCIM writes them. Every GET under /api/ answers X-Event-Cursor: the newest event before it was read (pass it as the first Last-Event-ID of /api/events).',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'An owner’s or manager’s session (POST /api/auth/login)' },
        agentSession: { type: 'apiKey', in: 'cookie', name: 'agent_sid', description: 'An agent’s session (POST /api/agents/login)' },
        bearer: { type: 'http', scheme: 'bearer', description: 'An API token (POST /api/tokens); its scopes decide what it may do' },
      },
      schemas: { Error: jsonSchema(errorBody, 'output'), ScimError: jsonSchema(scimError, 'output') },
    },
    paths,
  };
}
