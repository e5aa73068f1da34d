import type { CreatedWebhook, Webhook, WebhookFormat } from '@contract/webhooks';
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
import { EVENT_LABELS } from './webhook-fields';
import { part, PART, withPart, withParts } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** What a webhook's list row calls its format. */
const FORMAT_BADGES = { json: 'formatJson', slack: 'formatChat', teams: 'formatTeamsCard' } as const satisfies Record<WebhookFormat, keyof typeof messages.en>;

/** Owner only (docs/decisions/0018-webhooks.md): addresses that hear of events as they happen, a chat channel or a program. */
export function WebhooksTab() {
  const t = useT(messages);
  const webhooks = useWebhooks();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  return (
    <section aria-labelledby="webhooks-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading id="webhooks-heading" title={t('webhooks')} description={t('webhooksDescription')}>
        <NewWebhookDialog onCreated={setCreated} />
      </SectionHeading>
      <CreatedWebhookDialog webhook={created} onClose={() => setCreated(null)} />
      <HowWebhooksWork />
      {webhooks.isPending ? (
        <Spinner label={t('loadingWebhooks')} className="min-h-40" />
      ) : webhooks.isError ? (
        <LoadError error={webhooks.error} fallback={t('webhooksFailed')} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <EmptyState icon={WebhookIcon} title={t('emptyTitle')} description={t('emptyDescription')} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle id="webhooks-list-heading">{t('webhooks')}</CardTitle>
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
  const t = useT(messages);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon className="size-5 text-brand-600" aria-hidden="true" />
          {t('howTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
          <li>{t('how1')}</li>
          <li>{t('how2')}</li>
          <li>
            {withParts(t('how3', { signature: part(0), delivery: part(1) }), [
              <code key="0" className="font-mono text-xs">
                TierTrack-Signature
              </code>,
              <code key="1" className="font-mono text-xs">
                TierTrack-Delivery
              </code>,
            ])}
          </li>
          <li>{t('how4')}</li>
          <li>{t('how5')}</li>
          <li>{t('how6')}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const t = useT(messages);
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => toast({ title: t('testQueued'), description: t('testQueuedDescription', { url: webhook.url }), variant: 'success' }),
      onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('testFailed')), variant: 'destructive' }),
    });
  const onDelete = () =>
    remove.mutate(webhook.id, {
      onSuccess: () => toast({ title: t('success'), description: t('deleted'), variant: 'success' }),
      onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('deleteFailed')), variant: 'destructive' }),
    });
  return (
    <li className="grid gap-3 py-3 lg:grid-cols-[1fr_auto] lg:items-center">
      <div className="grid min-w-0 gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]" title={webhook.url}>
            {webhook.url}
          </span>
          <Badge variant="secondary">{t(FORMAT_BADGES[webhook.format])}</Badge>
          <BreakerBadge breaker={webhook.breaker} />
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label={t('eventsSentTo', { url: webhook.url })}>
          {webhook.events.map((event) => (
            <li key={event}>
              <Badge variant="outline" title={event}>
                {t(EVENT_LABELS[event])}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
          {webhook.lastDelivery ? (
            <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
              {withParts(t('lastDelivery', { status: part(0), time: part(1) }), [
                <DeliveryStatus key="0" status={webhook.lastDelivery.status} />,
                <time key="1" dateTime={webhook.lastDelivery.at}>
                  {formatDateTime(webhook.lastDelivery.at)}
                </time>,
              ])}
            </span>
          ) : (
            <span>{t('nothingSent')}</span>
          )}
          {webhook.pending > 0 && <span>{t('pendingCount', { count: webhook.pending })}</span>}
          {webhook.failedRecently > 0 && <span className="text-red-700">{t('failedRecently', { count: webhook.failedRecently })}</span>}
          {webhook.breaker.state === 'open' && (
            <span className="text-red-700">
              {withPart(
                t('pausedUntil', { count: webhook.breaker.consecutiveFailures, until: PART }),
                <time dateTime={webhook.breaker.openUntil!}>{formatDateTimeSeconds(webhook.breaker.openUntil!)}</time>,
              )}
            </span>
          )}
          {webhook.breaker.state === 'half-open' && <span className="text-red-700">{t('testingOne')}</span>}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={sendTest} disabled={test.isPending} aria-label={t('sendTestLabel', { url: webhook.url })}>
          <Send aria-hidden="true" />
          {test.isPending ? t('sending') : t('sendTest')}
        </Button>
        <EditWebhookDialog webhook={webhook} />
        <DeliveriesDialog webhook={webhook} />
        <ConfirmDialog
          trigger={
            <Button variant="destructive-outline" size="sm" disabled={remove.isPending} aria-label={t('deleteLabel', { url: webhook.url })}>
              <Trash2 aria-hidden="true" />
              {t('delete')}
            </Button>
          }
          title={t('deleteTitle')}
          description={t('deleteDescription')}
          confirmLabel={t('deleteConfirm')}
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
