import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '../../contract/webhooks';
import { signWebhook } from '../domain/webhook-messages';
import { guardedLookup, isPrivateAddress, PrivateAddressError } from './address-guard';

export interface Attempt {
  url: string;
  secret: string;
  deliveryId: number;
  event: string;
  body: string;
  /** The signature's time. */
  signedAt: Date;
}

export interface AttemptResult {
  ok: boolean;
  /** No later attempt can succeed (the address is refused): the delivery fails at once. */
  final: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

const USER_AGENT = 'TierTrack-Webhooks/1';

function describe(error: unknown, timeoutMs: number): { text: string; final: boolean } {
  if (error instanceof PrivateAddressError) {
    return { text: `Refused: ${error.message}, a private, loopback or link-local address`, final: true };
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ABORT_ERR') return { text: `No answer within ${timeoutMs / 1000} s`, final: false };
  switch (code) {
    case 'ECONNREFUSED':
      return { text: 'Connection refused', final: false };
    case 'ECONNRESET':
      return { text: 'The connection was closed before an answer', final: false };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { text: 'Host not found', final: false };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return { text: 'Host unreachable', final: false };
    default:
      return { text: code ? `${code}: ${(error as Error).message}` : String((error as Error | undefined)?.message ?? error), final: false };
  }
}

/**
 * One attempt: POSTs the body, signed at `signedAt`, and waits for the status line at most `timeoutMs` (the whole attempt is
 * cut off then). A 2xx answer delivers; redirects are not followed. The answer's body is read and dropped.
 */
export function attemptDelivery(attempt: Attempt, options: { timeoutMs: number; allowPrivate: boolean }): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: elapsed() });
    };
    let url: URL;
    try {
      url = new URL(attempt.url);
    } catch {
      return finish({ ok: false, final: true, responseStatus: null, error: 'The URL is not valid' });
    }
    // An address in the URL is connected to without a lookup: it is checked here.
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(literal) !== 0 && isPrivateAddress(literal)) {
      return finish({ ok: false, final: true, responseStatus: null, error: `Refused: ${literal} is a private, loopback or link-local address` });
    }
    const client = url.protocol === 'https:' ? https : http;
    const body = Buffer.from(attempt.body, 'utf8');
    const request = client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        'user-agent': USER_AGENT,
        [WEBHOOK_EVENT_HEADER]: attempt.event,
        [WEBHOOK_DELIVERY_HEADER]: String(attempt.deliveryId),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(attempt.secret, attempt.body, attempt.signedAt),
      },
      ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      signal: AbortSignal.timeout(options.timeoutMs),
      // A connection per attempt: a pooled socket would skip the address check of a new lookup.
      agent: false,
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      response.on('error', () => undefined);
      if (status >= 200 && status < 300) return finish({ ok: true, final: false, responseStatus: status, error: null });
      const error = status >= 300 && status < 400 ? `The receiver answered ${status} (redirects are not followed)` : `The receiver answered ${status}`;
      finish({ ok: false, final: false, responseStatus: status, error });
    });
    request.on('error', (error) => {
      const { text, final } = describe(error, options.timeoutMs);
      finish({ ok: false, final, responseStatus: null, error: text });
    });
    request.end(body);
  });
}
