import type { createWebhookInput, UpdateWebhookInput, Webhook } from '@contract/webhooks';
import type { z } from 'zod';

/** What the form changed, field by field (the events in any order are the same events). */
export function webhookChange(before: Pick<Webhook, 'url' | 'events' | 'format'>, after: z.output<typeof createWebhookInput>): UpdateWebhookInput {
  const sameEvents = before.events.length === after.events.length && after.events.every((event) => before.events.includes(event));
  return {
    ...(after.url !== before.url ? { url: after.url } : {}),
    ...(sameEvents ? {} : { events: after.events }),
    ...(after.format !== before.format ? { format: after.format } : {}),
  };
}
