import type { PushPublicKey } from '@contract/push';
import { apiJson, apiRequest } from '../../../lib/api-client';

/**
 * This device's push notifications (docs/product.md §12.21): the browser's PushSubscription, made with the app's VAPID
 * key and given to the server, or taken back.
 */
export type PushDeviceState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // The worker is registered after the page loads (lib/service-worker.tsx); ready waits for it.
  return navigator.serviceWorker.ready;
}

export async function readPushDeviceState(): Promise<PushDeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const existing = await (await registration()).pushManager.getSubscription();
  return existing ? 'on' : 'off';
}

/** Asks for the permission, subscribes with the app's key and tells the server; the subscription is the person's. */
export async function turnPushOn(): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await apiJson<PushPublicKey>('GET', '/api/push-subscriptions/key');
  const push = (await registration()).pushManager;
  const existing = await push.getSubscription();
  const subscription = existing ?? (await push.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) }));
  try {
    await apiJson('POST', '/api/push-subscriptions', subscription.toJSON());
  } catch (error) {
    // The server refused it (a push service it does not send to): the device must not look subscribed.
    if (!existing) await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

/** Tells the server to stop, then ends the browser's subscription. */
export async function turnPushOff(): Promise<PushDeviceState> {
  const subscription = await (await registration()).pushManager.getSubscription();
  if (subscription) {
    await apiRequest('DELETE', '/api/push-subscriptions', { endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return 'off';
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
