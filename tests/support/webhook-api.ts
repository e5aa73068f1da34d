// The webhook calls the tests that run real server processes make over HTTP, as an owner with a session cookie.
import { afterAll, beforeAll, expect } from 'vitest';
import { createdWebhook, webhookDeliveryPage, type CreatedWebhook, type WebhookDelivery } from '../../contract/webhooks';
import type { AppProcess } from './app-process';
import { startReceiver, type Receiver } from './webhook-receiver';

/** POSTs a JSON body to a route of a running app. */
export const postJson = async (app: AppProcess, route: string, body: unknown, cookie: string) =>
  fetch(`${app.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

/** Registers a webhook sending these events to `url`; fails the test unless it is created. */
export async function registerWebhook(app: AppProcess, cookie: string, url: string, events: string[]): Promise<CreatedWebhook> {
  const res = await postJson(app, '/api/webhooks', { url, events }, cookie);
  expect(res.status).toBe(201);
  return createdWebhook.parse(await res.json());
}

/** The webhook's deliveries, newest first (the first 200). */
export async function webhookDeliveries(app: AppProcess, cookie: string, id: number): Promise<WebhookDelivery[]> {
  const res = await fetch(`${app.url}/api/webhooks/${id}/deliveries?limit=200`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return webhookDeliveryPage.parse(await res.json()).deliveries;
}

/** A receiver for the file's tests, handed to `use` once started before them; closed after them. */
export function receiverForSuite(use: (receiver: Receiver) => void): void {
  let started: Receiver | undefined;
  beforeAll(async () => {
    started = await startReceiver();
    use(started);
  });
  afterAll(() => started?.close());
}
