import { WEBHOOK_EVENT_LABELS, type CreatedWebhook, type Webhook, type WebhookFormat } from '@contract/webhooks';
import { Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatDateTimeSeconds } from '../../../lib/format';
import { useDeleteWebhook, useSendTestEvent, useWebhooks } from '../api/webhooks';
import { CreatedWebhookDialog } from './created-webhook-dialog';
import { DeliveriesDialog } from './deliveries-dialog';
import { BreakerBadge } from './breaker-status';
import { DeliveryStatus } from './delivery-status';
import { NewWebhookDialog } from './new-webhook-dialog';
import { EditWebhookDialog } from './edit-webhook-dialog';

/** What a webhook's list row calls its format. */
const FORMAT_BADGES: Record<WebhookFormat, string> = { json: 'JSON', slack: 'Chat message', teams: 'Teams card' };

/** Owner only (docs/decisions/0018-webhooks.md): addresses that hear of events as they happen, a chat channel or a program. */
export function WebhooksTab() {
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <section aria-labelledby="webhooks-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading id="webhooks-heading" title="Webhooks" description="Tell a chat channel or another system what happens, as it happens.">
        <NewWebhookDialog onCreated={setCreated} />
      </SectionHeading>
      <CreatedWebhookDialog webhook={created} onClose={() => setCreated(null)} />
      <HowWebhooksWork />
      {webhooks.isPending ? (
        <Spinner label="Loading webhooks..." className="min-h-40" />
      ) : webhooks.isError ? (
        <LoadError error={webhooks.error} fallback="Failed to load the webhooks" />
      ) : webhooks.data.webhooks.length === 0 ? (
        <EmptyState icon={WebhookIcon} title="No webhooks yet" description="Add one to post new tiers to a chat channel, or deals to another system." />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle id="webhooks-list-heading">Webhooks</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-slate-100" aria-labelledby="webhooks-list-heading">
              {webhooks.data.webhooks.map((webhook) => (
                <WebhookRow key={webhook.id} webhook={webhook} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function HowWebhooksWork() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon className="size-5 text-brand-600" aria-hidden="true" />
          How webhooks work
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
          <li>Each event you chose is sent to the address as a POST request, within seconds of happening.</li>
          <li>
            For a chat channel, choose the chat message format and paste the channel&apos;s incoming-webhook URL (Slack, Mattermost, Rocket.Chat).
            For Microsoft Teams, choose Microsoft Teams and paste the URL of a Workflows webhook (the workflow &ldquo;Post to a channel when a webhook
            request is received&rdquo;).
          </li>
          <li>
            Each request carries a <code className="font-mono text-xs">TierTrack-Signature</code> header (HMAC-SHA256 of its time and body, with
            the webhook&apos;s secret) and a <code className="font-mono text-xs">TierTrack-Delivery</code> id that stays the same when it is sent
            again.
          </li>
          <li>An answer other than 2xx within 10 seconds counts as failed: the request is retried, less and less often, for 24 hours.</li>
          <li>
            After 5 failed attempts in a row, a webhook&apos;s deliveries are paused (30 seconds, then longer each time) and one test attempt
            goes; they resume once it succeeds. A slow or failing address never holds up the others.
          </li>
          <li>Only addresses on the internet are allowed, not ones inside your network.</li>
        </ul>
      </CardContent>
    </Card>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => toast({ title: 'Test event queued', description: `It goes to ${webhook.url} now: see Deliveries.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to send the test event'), variant: 'destructive' }),
    });
  const onDelete = () =>
    remove.mutate(webhook.id, {
      onSuccess: () => toast({ title: 'Success', description: 'Webhook deleted', variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete the webhook'), variant: 'destructive' }),
    });
  return (
    <li className="grid gap-3 py-3 lg:grid-cols-[1fr_auto] lg:items-center">
      <div className="grid min-w-0 gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]" title={webhook.url}>
            {webhook.url}
          </span>
          <Badge variant="secondary">{FORMAT_BADGES[webhook.format]}</Badge>
          <BreakerBadge breaker={webhook.breaker} />
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label={`Events sent to ${webhook.url}`}>
          {webhook.events.map((event) => (
            <li key={event}>
              <Badge variant="outline" title={event}>
                {WEBHOOK_EVENT_LABELS[event]}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
          {webhook.lastDelivery ? (
            <span className="flex items-center gap-1.5">
              Last delivery <DeliveryStatus status={webhook.lastDelivery.status} />
              <time dateTime={webhook.lastDelivery.at}>{formatDateTime(webhook.lastDelivery.at)}</time>
            </span>
          ) : (
            <span>Nothing sent yet</span>
          )}
          {webhook.pending > 0 && <span>{webhook.pending} waiting to be sent</span>}
          {webhook.failedRecently > 0 && <span className="text-red-700">{webhook.failedRecently} failed in the last 24 hours</span>}
          {webhook.breaker.state === 'open' && (
            <span className="text-red-700">
              Paused after {webhook.breaker.consecutiveFailures} failed attempts in a row, until{' '}
              <time dateTime={webhook.breaker.openUntil!}>{formatDateTimeSeconds(webhook.breaker.openUntil!)}</time>
            </span>
          )}
          {webhook.breaker.state === 'half-open' && <span className="text-red-700">Testing the receiver with one attempt</span>}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={sendTest} disabled={test.isPending} aria-label={`Send a test event to ${webhook.url}`}>
          <Send aria-hidden="true" />
          {test.isPending ? 'Sending...' : 'Send test event'}
        </Button>
        <EditWebhookDialog webhook={webhook} />
        <DeliveriesDialog webhook={webhook} />
        <ConfirmDialog
          trigger={
            <Button variant="destructive-outline" size="sm" disabled={remove.isPending} aria-label={`Delete the webhook to ${webhook.url}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title="Delete this webhook?"
          description="Nothing more is sent to this address, and deliveries still waiting are dropped."
          confirmLabel="Delete Webhook"
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
