import type { Webhook, WebhookAttempt, WebhookDelivery } from '@contract/webhooks';
import { History, RefreshCw, RotateCw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatDateTimeSeconds } from '../../../lib/format';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';
import { BreakerNotice } from './breaker-status';
import { DeliveryStatus } from './delivery-status';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** While a delivery of the open log is pending, the log is read again this often. */
const PENDING_REFRESH_MS = 3_000;

/** "Deliveries": a webhook's delivery log (kept 7 days), newest first, each with its answer and a Resend. */
export function DeliveriesDialog({ webhook }: { webhook: Webhook }) {
  const t = useT(messages);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('deliveriesOf', { url: webhook.url })}>
          <History aria-hidden="true" />
          {t('deliveries')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('deliveries')}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">{t('deliveriesDescription', { url: webhook.url })}</DialogDescription>
        </DialogHeader>
        <DeliveryLog webhookId={webhook.id} />
      </DialogContent>
    </Dialog>
  );
}

function DeliveryLog({ webhookId }: { webhookId: number }) {
  const t = useT(messages);
  const log = useWebhookDeliveries(webhookId, PENDING_REFRESH_MS);
  if (log.isPending) return <Spinner label={t('loadingDeliveries')} className="min-h-32" />;
  if (log.isError) return <LoadError error={log.error} fallback={t('deliveriesFailed')} />;
  const deliveries = log.data.pages.flatMap((page) => page.deliveries);
  const breaker = log.data.pages[0]?.breaker;
  return (
    <div className="grid gap-3">
      {breaker && <BreakerNotice breaker={breaker} />}
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RefreshCw aria-hidden="true" className={log.isFetching ? 'animate-spin' : undefined} />
          {t('refresh')}
        </Button>
      </div>
      {deliveries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {t('logEmpty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t('deliveriesNewest')}>
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? t('loading') : t('loadMore')}
        </Button>
      )}
    </div>
  );
}

type Translate = ReturnType<typeof useT<keyof typeof messages.en>>;

/** What became of a delivery: the error (the server's words), the receiver's answer, or nothing yet. */
function outcome(delivery: WebhookDelivery, t: Translate): string {
  if (delivery.error) return delivery.error;
  if (delivery.responseStatus !== null) return t('answered', { status: String(delivery.responseStatus) });
  return t('notAttempted');
}

function DeliveryRow({ webhookId, delivery }: { webhookId: number; delivery: WebhookDelivery }) {
  const t = useT(messages);
  const resend = useResendDelivery(webhookId);
  const onResend = () =>
    resend.mutate(delivery.id, {
      onSuccess: () => toast({ title: t('queued'), description: t('queuedDescription', { id: String(delivery.id) }), variant: 'success' }),
      onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('resendFailed')), variant: 'destructive' }),
    });
  return (
    <li className="grid gap-2 p-3" aria-label={t('deliveryLabel', { id: String(delivery.id), event: delivery.event, status: delivery.status })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-sm text-slate-900">{delivery.event}</code>
          <DeliveryStatus status={delivery.status} />
          <Badge variant="outline">{t('attemptCount', { count: delivery.attempts })}</Badge>
        </p>
        {delivery.status !== 'pending' && (
          <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending} aria-label={t('resendLabel', { id: String(delivery.id) })}>
            <RotateCw aria-hidden="true" />
            {resend.isPending ? t('resending') : t('resend')}
          </Button>
        )}
      </div>
      <p className="grid gap-0.5 text-xs text-slate-600 sm:flex sm:flex-wrap sm:gap-x-4">
        <span className={delivery.error ? 'text-red-700' : undefined}>{outcome(delivery, t)}</span>
        {delivery.lastAttemptAt && (
          <span>
            {withPart(
              delivery.durationMs === null
                ? t('lastAttempt', { time: PART })
                : t('lastAttemptTook', { time: PART, ms: String(delivery.durationMs) }),
              <time dateTime={delivery.lastAttemptAt}>{formatDateTime(delivery.lastAttemptAt)}</time>,
            )}
          </span>
        )}
        {delivery.nextAttemptAt && (
          <span>{withPart(t('nextAttempt', { time: PART }), <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>)}</span>
        )}
      </p>
      {delivery.attemptLog.length > 0 && <AttemptLog delivery={delivery} />}
      <details className="text-xs">
        <summary className="cursor-pointer text-slate-700">{t('bodySent')}</summary>
        <pre tabIndex={0} className="mt-1.5 max-h-48 overflow-auto rounded-md bg-slate-900 p-2.5 text-slate-100 [overflow-wrap:anywhere] whitespace-pre-wrap">
          {prettyBody(delivery.body)}
        </pre>
      </details>
    </li>
  );
}

const ATTEMPT_LOOKS = {
  delivered: { label: 'attemptDelivered', className: 'text-emerald-800' },
  failed: { label: 'attemptFailed', className: 'text-red-700' },
  sending: { label: 'attemptSending', className: 'text-amber-900' },
  interrupted: { label: 'attemptInterrupted', className: 'text-slate-700' },
} as const satisfies Record<WebhookAttempt['outcome'], { label: keyof typeof messages.en; className: string }>;

function attemptAnswer(attempt: WebhookAttempt, t: Translate): string {
  if (attempt.error) return attempt.error;
  if (attempt.responseStatus !== null) return t('answered', { status: String(attempt.responseStatus) });
  if (attempt.outcome === 'interrupted') return t('attemptStopped');
  return t('waitingAnswer');
}

/** Each attempt of a delivery, newest first (the newest 20 are kept). */
function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  const t = useT(messages);
  const shown = delivery.attemptLog.length;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-700">
        {shown < delivery.attempts ? t('attemptsNewest', { shown: String(shown), count: String(delivery.attempts) }) : t('attemptsAll', { count: String(shown) })}
      </summary>
      <ol className="mt-1.5 grid gap-1 border-l-2 border-slate-200 pl-3" aria-label={t('attemptsOf', { id: String(delivery.id) })}>
        {delivery.attemptLog.map((attempt) => {
          const look = ATTEMPT_LOOKS[attempt.outcome];
          return (
            <li key={attempt.number} className="flex flex-wrap gap-x-3 gap-y-0.5 text-slate-600">
              <span className="font-medium text-slate-900">#{attempt.number}</span>
              <time dateTime={attempt.startedAt}>{formatDateTimeSeconds(attempt.startedAt)}</time>
              <span className={look.className}>{t(ATTEMPT_LOOKS[attempt.outcome].label)}</span>
              <span className="[overflow-wrap:anywhere]">{attemptAnswer(attempt, t)}</span>
              {attempt.durationMs !== null && <span>{attempt.durationMs} ms</span>}
              {attempt.probe && <span className="text-slate-700">{t('probe')}</span>}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
