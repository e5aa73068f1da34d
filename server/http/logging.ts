import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Headers whose values are credentials: replaced by "[Redacted]" in every log line. */
const REDACTED_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/**
 * Path segments that are credentials: a TV link's token (the page /tv/<token>, and /api/tv/<token> with its stream
 * /api/tv/<token>/events: whoever reads it can watch the board) and an unsubscribe link's signed token. Matched
 * wherever they stand in the path, in any letter case, so that an odd spelling of the path is redacted too.
 */
const TOKEN_SEGMENTS = /(\/(?:tv|unsubscribe)\/)[^/?#]+/giu;

/**
 * The request's path as it may be logged: its query string replaced (search terms are often emails or names) and
 * the tokens it carries (TOKEN_SEGMENTS) replaced by "[redacted]".
 */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).replace(TOKEN_SEGMENTS, '$1[redacted]');
  return query === -1 ? path : `${path}?[redacted]`;
}

function loggableRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The app's logger settings: what the caller asked for (level, stream), with request lines that carry no query
 * strings and no credentials. A logger passed as an instance or `false` is used as it is.
 */
export function privateLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (typeof logger !== 'object' || logger === null) return logger;
  return {
    ...logger,
    serializers: { ...logger.serializers, req: loggableRequest },
    redact: REDACTED_PATHS,
  } as FastifyServerOptions['logger'];
}
