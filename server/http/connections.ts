import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { errorStatus, type ErrorBody, type ErrorCode } from '../../contract/errors';

/**
 * How long a connection may take to say what it wants, and how long it may sit idle. A client that sends its
 * headers or body a byte at a time is cut off instead of holding a connection for ever, so a few hundred half-sent
 * requests cannot fill the server. Long answers (event streams) are not limited by these: they concern the request,
 * and an open stream sends a comment well within the idle limit.
 */
export interface ConnectionLimits {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** A kept-alive connection with no request in flight is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection on which nothing at all moves is closed after this. */
  idleTimeoutMs: number;
  /** How often the timeouts above are checked (Node's default, 30 s, would let a slow client stay 30 s longer). */
  checkIntervalMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 120_000,
  checkIntervalMs: 1_000,
};

/** Security headers for the answers Node writes itself, before any route runs. */
const RAW_ANSWER_HEADERS = [
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options: nosniff',
  'X-Frame-Options: DENY',
  'Referrer-Policy: no-referrer',
  'Connection: close',
];

function rawAnswerFor(error: NodeJS.ErrnoException): ErrorBody {
  const answer = (code: ErrorCode, message: string): ErrorBody => ({ code, message });
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return answer('REQUEST_TIMEOUT', 'The request took too long to arrive');
    case 'HPE_HEADER_OVERFLOW':
      return answer('HEADERS_TOO_LARGE', 'The request headers are too large');
    default:
      return answer('VALIDATION_FAILED', 'The request is not valid HTTP');
  }
}

/**
 * Answers a request Node could not read (bad HTTP, headers too large, too slow) with the API's error shape and
 * security headers, instead of Fastify's own shape; then closes the connection, as Node would.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const body = JSON.stringify(rawAnswerFor(error));
    const status = errorStatus[rawAnswerFor(error).code];
    const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...RAW_ANSWER_HEADERS, `Content-Length: ${Buffer.byteLength(body)}`];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** The Fastify server options that apply the limits. */
export function connectionOptions(limits: ConnectionLimits) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
    clientErrorHandler: answerClientError,
  } satisfies Partial<FastifyServerOptions> & { http: object };
}
