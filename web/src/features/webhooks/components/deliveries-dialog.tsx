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

/** While a delivery of the open log is pending, the log is read again this often. */
const PENDING_REFRESH_MS = 3_000;

/** "Deliveries": a webhook's delivery log (kept 7 days), newest first, each with its answer and a Resend. */
export function DeliveriesDialog({ webhook }: { webhook: Webhook }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Deliveries of ${webhook.url}`}>
          <History aria-hidden="true" />
          Deliveries
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Deliveries</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            To {webhook.url}. Failed attempts are retried for 24 hours; the log keeps 7 days.
          </DialogDescription>
        </DialogHeader>
        <DeliveryLog webhookId={webhook.id} />
      </DialogContent>
    </Dialog>
  );
}

function DeliveryLog({ webhookId }: { webhookId: number }) {
  const log = useWebhookDeliveries(webhookId, PENDING_REFRESH_MS);
  if (log.isPending) return <Spinner label="Loading deliveries..." className="min-h-32" />;
  if (log.isError) return <LoadError error={log.error} fallback="Failed to load the deliveries" />;
  const deliveries = log.data.pages.flatMap((page) => page.deliveries);
  const breaker = log.data.pages[0]?.breaker;
  return (
    <div className="grid gap-3">
      {breaker && <BreakerNotice breaker={breaker} />}
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RefreshCw aria-hidden="true" className={log.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      </div>
      {deliveries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          Nothing sent yet. Send a test event, or wait for one of the chosen events.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Deliveries, newest first">
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

function outcome(delivery: WebhookDelivery): string {
  if (delivery.error) return delivery.error;
  if (delivery.responseStatus !== null) return `Answered ${delivery.responseStatus}`;
  return 'Not attempted yet';
}

function DeliveryRow({ webhookId, delivery }: { webhookId: number; delivery: WebhookDelivery }) {
  const resend = useResendDelivery(webhookId);
  const onResend = () =>
    resend.mutate(delivery.id, {
      onSuccess: () => toast({ title: 'Queued', description: `Delivery ${delivery.id} will be sent again now`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to resend the delivery'), variant: 'destructive' }),
    });
  return (
    <li className="grid gap-2 p-3" aria-label={`Delivery ${delivery.id}: ${delivery.event}, ${delivery.status}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <code className="font-mono text-sm text-slate-900">{delivery.event}</code>
          <DeliveryStatus status={delivery.status} />
          <Badge variant="outline">
            {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
          </Badge>
        </p>
        {delivery.status !== 'pending' && (
          <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending} aria-label={`Resend delivery ${delivery.id}`}>
            <RotateCw aria-hidden="true" />
            {resend.isPending ? 'Resending...' : 'Resend'}
          </Button>
        )}
      </div>
      <p className="grid gap-0.5 text-xs text-slate-600 sm:flex sm:flex-wrap sm:gap-x-4">
        <span className={delivery.error ? 'text-red-700' : undefined}>{outcome(delivery)}</span>
        {delivery.lastAttemptAt && (
          <span>
            Last attempt <time dateTime={delivery.lastAttemptAt}>{formatDateTime(delivery.lastAttemptAt)}</time>
            {delivery.durationMs !== null && ` (${delivery.durationMs} ms)`}
          </span>
        )}
        {delivery.nextAttemptAt && (
          <span>
            Next attempt <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
          </span>
        )}
      </p>
      {delivery.attemptLog.length > 0 && <AttemptLog delivery={delivery} />}
      <details className="text-xs">
        <summary className="cursor-pointer text-slate-700">Body sent</summary>
        <pre tabIndex={0} className="mt-1.5 max-h-48 overflow-auto rounded-md bg-slate-900 p-2.5 text-slate-100 [overflow-wrap:anywhere] whitespace-pre-wrap">
          {prettyBody(delivery.body)}
        </pre>
      </details>
    </li>
  );
}

const attemptLooks: Record<WebhookAttempt['outcome'], { label: string; className: string }> = {
  delivered: { label: 'Delivered', className: 'text-emerald-800' },
  failed: { label: 'Failed', className: 'text-red-700' },
  sending: { label: 'Sending', className: 'text-amber-900' },
  interrupted: { label: 'Cut short', className: 'text-slate-700' },
};

function attemptAnswer(attempt: WebhookAttempt): string {
  if (attempt.error) return attempt.error;
  if (attempt.responseStatus !== null) return `Answered ${attempt.responseStatus}`;
  if (attempt.outcome === 'interrupted') return 'The server sending it stopped; it was tried again';
  return 'Waiting for the answer';
}

/** Each attempt of a delivery, newest first (the newest 20 are kept). */
function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  const shown = delivery.attemptLog.length;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-700">
        Attempts ({shown < delivery.attempts ? `newest ${shown} of ${delivery.attempts}` : shown})
      </summary>
      <ol className="mt-1.5 grid gap-1 border-l-2 border-slate-200 pl-3" aria-label={`Attempts of delivery ${delivery.id}, newest first`}>
        {delivery.attemptLog.map((attempt) => {
          const look = attemptLooks[attempt.outcome];
          return (
            <li key={attempt.number} className="flex flex-wrap gap-x-3 gap-y-0.5 text-slate-600">
              <span className="font-medium text-slate-900">#{attempt.number}</span>
              <time dateTime={attempt.startedAt}>{formatDateTimeSeconds(attempt.startedAt)}</time>
              <span className={look.className}>{look.label}</span>
              <span className="[overflow-wrap:anywhere]">{attemptAnswer(attempt)}</span>
              {attempt.durationMs !== null && <span>{attempt.durationMs} ms</span>}
              {attempt.probe && <span className="text-slate-700">test attempt after a pause</span>}
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
