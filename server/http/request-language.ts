import type { FastifyReply, FastifyRequest } from 'fastify';
import { inLanguage, requestedLanguage } from '../domain/translate';

/**
 * For an answer sent without the error handler (a 401 that carries more fields, an import's refusal with its report, a
 * SCIM error): runs `make` with texts rendered in the language the request asks for (Accept-Language, as errorAnswer
 * in server/http/errors.ts takes it), and says which (Content-Language) when it is not English.
 */
export function inRequestLanguage<T>(request: FastifyRequest, reply: FastifyReply, make: () => T): T {
  const language = requestedLanguage(request.headers['accept-language']);
  if (language !== 'en') void reply.header('content-language', language);
  return inLanguage(language, make);
}
