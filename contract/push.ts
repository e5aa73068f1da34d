import { z } from 'zod';
import { render, text, zodText } from './i18n';
import { messages } from './messages';

/**
 * Push notifications (docs/product.md §12.21; Web Push, RFC 8030/8291/8292): a browser's PushSubscription as its
 * toJSON() gives it, the app's VAPID public key, and the payload the service worker shows.
 */

/** The longest endpoint accepted: push services' URLs are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 2048;

/** Host names that name this machine: the only ones a plain http endpoint may have (a push service under test). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const ENDPOINT_MESSAGE = text(messages, 'pushEndpoint');

const endpointField = z
  .string(zodText(ENDPOINT_MESSAGE))
  .min(1, zodText(ENDPOINT_MESSAGE))
  .max(PUSH_ENDPOINT_MAX, zodText(text(messages, 'pushEndpointAtMost', { max: String(PUSH_ENDPOINT_MAX) })))
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: render(ENDPOINT_MESSAGE) });
      return;
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
      context.addIssue({ code: 'custom', message: render(text(messages, 'pushEndpointHttps')) });
    } else if (url.username || url.password) {
      context.addIssue({ code: 'custom', message: render(text(messages, 'pushEndpointNoUser')) });
    } else if (url.hash) {
      context.addIssue({ code: 'custom', message: render(text(messages, 'pushEndpointNoFragment')) });
    }
  });

/** An uncompressed P-256 point (65 bytes, first 0x04) in base64url: 87 characters that start with B. */
const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}=?$/;
/** A 16-byte auth secret in base64url: 22 characters. */
const AUTH_PATTERN = /^[A-Za-z0-9_-]{22}(==)?$/;

/** POST /api/push-subscriptions: the browser's PushSubscription JSON. */
export const pushSubscriptionInput = z.strictObject(
  {
    endpoint: endpointField,
    /** What the browser says about when the subscription ends; not kept (a push service's 404 or 410 tells). */
    expirationTime: z.number(zodText(text(messages, 'pushExpirationTime'))).nullable().optional(),
    keys: z.strictObject(
      {
        p256dh: z
          .string(zodText(text(messages, 'pushP256dhRequired')))
          .regex(P256DH_PATTERN, zodText(text(messages, 'pushP256dh'))),
        auth: z
          .string(zodText(text(messages, 'pushAuthRequired')))
          .regex(AUTH_PATTERN, zodText(text(messages, 'pushAuth'))),
      },
      zodText(text(messages, 'pushKeys', { shape: '{"p256dh": ..., "auth": ...}' })),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? render(text(messages, 'pushUnknownField', { fields: issue.keys.join(', ') }))
        : render(text(messages, 'pushSendSubscription', { shape: '{"endpoint": ..., "keys": {"p256dh": ..., "auth": ...}}' })),
  },
);
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;

/** DELETE /api/push-subscriptions: the caller's device, by its endpoint. */
export const pushUnsubscribeInput = z.strictObject(
  /** The same rules as a subscription's: every endpoint kept passed them, so anything else names no device. */
  { endpoint: endpointField },
  zodText(text(messages, 'pushSendEndpoint', { shape: '{"endpoint": ...}' })),
);
export type PushUnsubscribeInput = z.input<typeof pushUnsubscribeInput>;

/** GET /api/push-subscriptions/key: the app's VAPID public key (RFC 8292), the browser's applicationServerKey. */
export const pushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

/** POST /api/push-subscriptions answers the device kept. */
export const pushSubscription = z.object({ endpoint: z.string(), createdAt: z.string() });
export type PushSubscription = z.infer<typeof pushSubscription>;

/** What a push carries, encrypted end to end (RFC 8291): the words, where it leads in the app, and a tag that replaces. */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;

/** A device's subscriptions kept per person at most: the oldest goes when one more is added. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;
