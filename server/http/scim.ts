import type { FastifyError, FastifyInstance } from 'fastify';
import { render, text } from '../../contract/i18n';
import { SCIM_BODY_MAX_BYTES, SCIM_MEDIA_TYPE, type ScimErrorType } from '../../contract/scim';
import { ScimError } from '../domain/scim/errors';
import { errorAnswer, type FailureClass } from './errors';
import { messages } from './messages';
import { inRequestLanguage } from './request-language';
import { sendScimError } from './scim-errors';

/** Fastify's refusals of a body that is not JSON: SCIM calls them invalidSyntax. */
const SYNTAX_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);
const MEDIA_TYPES = `Content-Type: ${SCIM_MEDIA_TYPE} or application/json`;

/**
 * The plumbing of the /scim/v2 scope (a Fastify plugin's instance): JSON bodies labelled application/scim+json or
 * application/json, up to SCIM_BODY_MAX_BYTES (a group's whole member list) and free of prototype poisoning, an empty
 * one read as none (some clients label a DELETE); every failure, unknown path and refused credential answered as a
 * SCIM error (errorAnswer decides its status and message, as everywhere); and answers never stored by caches.
 */
export function installScimHttp(scope: FastifyInstance, classify: (error: unknown) => FailureClass): void {
  scope.removeAllContentTypeParsers();
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.addContentTypeParser([SCIM_MEDIA_TYPE, 'application/json'], { parseAs: 'string', bodyLimit: SCIM_BODY_MAX_BYTES }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else json(request, text, done);
  });
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error, request, classify);
    if (answer.headers) reply.headers(answer.headers);
    const scimType: ScimErrorType | undefined = error instanceof ScimError ? error.scimType : SYNTAX_ERRORS.has(error.code) ? 'invalidSyntax' : undefined;
    const body =
      answer.status === 415 ? { ...answer.body, message: inRequestLanguage(request, reply, () => render(text(messages, 'scimSendJson', { mediaTypes: MEDIA_TYPES }))) } : answer.body;
    return sendScimError(reply, answer.status, body, scimType);
  });
  scope.setNotFoundHandler((request, reply) => {
    const message = inRequestLanguage(request, reply, () => render(text(messages, 'noScimEndpoint', { method: request.method, path: request.url.split('?')[0] })));
    return sendScimError(reply, 404, { message, code: 'NOT_FOUND' });
  });
  scope.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
