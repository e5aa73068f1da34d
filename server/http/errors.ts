import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorStatus, type ErrorBody, type ErrorCode } from '../../contract/errors';
import { render, text, type Text } from '../../contract/i18n';
import { AppError, notFound, type NotFoundThing } from '../domain/errors';
import { inLanguage, requestedLanguage } from '../domain/translate';
import { messages } from './messages';
import { isScimPath, sendScimError } from './scim-errors';

/** A schema's failure as the error body says it: each failing field, and their messages joined. */
function schemaFailure(error: z.ZodError): Pick<ErrorBody, 'message' | 'issues'> {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const message = [...new Set(issues.map((i) => i.message))].join('; ');
  return { message: message || render(text(messages, 'invalidRequest')), issues };
}

/**
 * Validates input with a contract schema; a failure becomes a 400 naming each bad field. The schemas' messages render
 * when an issue is made (contract/i18n.ts), so the answer parses the value again in the language asked for.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const english = schemaFailure(result.error);
  throw new AppError('VALIDATION_FAILED', english.message, english.issues, () => {
    const again = schema.safeParse(value);
    return again.success ? english : schemaFailure(again.error);
  });
}

/** Positive integer id from a path parameter, or a 404 (an id that cannot exist names nothing). */
export function parseId(raw: unknown, what: NotFoundThing): number {
  const text = String(raw ?? '');
  if (!/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw notFound(what);
  return Number(text);
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function messageForFrameworkError(error: FastifyError, status: number): Text {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return text(messages, 'invalidJson');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return text(messages, 'emptyJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return text(messages, 'bodyTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return text(messages, 'sendJson');
    default:
      break;
  }
  if (status === 429) return text(messages, 'tooManyRequests');
  if (error instanceof SyntaxError) return text(messages, 'invalidJson');
  return status === 404 ? text(messages, 'notFound') : text(messages, 'notProcessed');
}

/**
 * A failed query's error carries the query's parameters (password hashes, emails, addresses) in its message,
 * stack and `params`; the log keeps the query text, the database's message and the call stack only.
 */
function loggableError(error: Error): unknown {
  if (!('query' in error) || !('params' in error)) return error;
  return {
    type: error.name,
    message: `Failed query: ${String(error.query)}`,
    cause: error.cause instanceof Error ? error.cause.message : undefined,
    code: (error.cause as { code?: unknown } | undefined)?.code,
    stack: (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at ')).join('\n'),
  };
}

/**
 * Errors Fastify answers before routing, bypassing the error handler (Fastify's `frameworkErrors` option): a path
 * with broken percent-encoding, or a path parameter longer than any id (which names nothing).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = requestedLanguage(request.headers['accept-language']);
  const body: ErrorBody = inLanguage(language, () =>
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { message: render(text(messages, 'notFound')), code: 'NOT_FOUND' }
      : { message: render(text(messages, 'badAddress')), code: 'VALIDATION_FAILED' },
  );
  if (language !== 'en') void reply.header('content-language', language);
  // Under /scim/v2 a directory reads SCIM error bodies (server/http/scim-errors.ts), even before routing.
  if (isScimPath(request.url)) return sendScimError(reply, errorStatus[body.code], body);
  return reply.status(errorStatus[body.code]).send(body);
}

/** Seconds a client is asked to wait when the database is unavailable (a lost connection heals within seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;


/**
 * What a failure that is not an AppError says about the request, as the layer that raised it knows it (the database's
 * errors: server/db/errors.ts `classifyDatabaseFailure`): `unavailable`, the store cannot take work now (503, try
 * again); `bad-value`, the input held a value that cannot be stored, and nothing changed (400); undefined, neither.
 */
export type FailureClass = 'unavailable' | 'bad-value' | undefined;

/** What a failure answers: its status, the JSON error body, and headers it needs (Retry-After). */
export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

/**
 * The answer to any failure, in one place: an AppError as it says, a database's refusal of a value as a 400, an
 * unavailable database as a 503, a framework's 4xx by its status; anything else a 500 whose internals are logged,
 * never sent. The JSON error handler sends it as it is; the SCIM routes' as a SCIM error (server/http/scim.ts).
 */
export function errorAnswer(error: FastifyError, request: FastifyRequest, classify: (error: unknown) => FailureClass): ErrorAnswer {
  // In the language the request asks for (Accept-Language; the screens send theirs), English otherwise.
  const language = requestedLanguage(request.headers['accept-language']);
  const answer = inLanguage(language, () => answerOf(error, request, classify));
  if (language !== 'en') answer.headers = { ...answer.headers, 'content-language': language };
  return answer;
}

function answerOf(error: FastifyError, request: FastifyRequest, classify: (error: unknown) => FailureClass): ErrorAnswer {
  if (error instanceof AppError) return { status: error.statusCode, body: error.toBody() };
  const failure = classify(error);
  if (failure === 'bad-value') return { status: 400, body: { message: render(text(messages, 'cannotStore')), code: 'VALIDATION_FAILED' } };
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 500 && failure === 'unavailable') {
    request.log.warn({ err: loggableError(error) }, 'database unavailable');
    const body: ErrorBody = { message: render(text(messages, 'databaseUnavailable')), code: 'SERVICE_UNAVAILABLE' };
    return { status: 503, body, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } };
  }
  if (status >= 400 && status < 500) {
    const code = codeByStatus[status] ?? 'VALIDATION_FAILED';
    return { status: codeByStatus[status] ? status : 400, body: { message: render(messageForFrameworkError(error, status)), code } };
  }
  request.log.error({ err: loggableError(error) }, 'request failed');
  return { status: 500, body: { message: render(text(messages, 'internal')), code: 'INTERNAL' } };
}

/** One JSON error shape for every failure (errorAnswer). */
export function installErrorHandler(app: FastifyInstance, classify: (error: unknown) => FailureClass) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error, request, classify);
    if (answer.headers) reply.headers(answer.headers);
    return reply.status(answer.status).send(answer.body);
  });
}
