import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Headers whose values are credentials: replaced by "[Redacted]" in every log line. */
const REDACTED_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** The request's path with its query string replaced: search terms are often emails or names. */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : `${url.slice(0, query)}?[redacted]`;
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
