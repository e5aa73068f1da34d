import type { ConnectorDelivery, ConnectorDeliveryStatus } from '@contract/connectors';
import { useId, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTimeSeconds } from '../../../lib/format';
import { useConnectorDeliveries } from '../api/connectors';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const LOOKS = {
  pending: { label: 'statusPending', variant: 'warning' },
  processed: { label: 'statusProcessed', variant: 'success' },
  rejected: { label: 'statusRejected', variant: 'destructive' },
} as const satisfies Record<ConnectorDeliveryStatus, { label: keyof typeof messages.en; variant: 'success' | 'warning' | 'destructive' }>;

/** A connector's deliveries, newest first, a page at a time: when each came, how it was answered and what its deals became. */
export function DeliveryLog({ connectorId, actions }: { connectorId: number; actions: ReactNode }) {
  const t = useT(messages);
  const headingId = useId();
  const log = useConnectorDeliveries(connectorId);
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {t('deliveryLog')}
        </h3>
        {actions}
      </div>
      {log.isPending ? (
        <Spinner label={t('loadingDeliveries')} className="min-h-24" />
      ) : log.isError ? (
        <LoadError error={log.error} fallback={t('deliveriesFailed')} />
      ) : log.data.pages[0]?.deliveries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {t('logEmpty')}
        </p>
      ) : (
        <>
          <ul className="min-w-0 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t('deliveriesNewest')}>
            {log.data.pages.flatMap((page) => page.deliveries).map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
          </ul>
          {log.hasNextPage && (
            <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? t('loading') : t('loadMore')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function DeliveryRow({ delivery }: { delivery: ConnectorDelivery }) {
  const t = useT(messages);
  const look = LOOKS[delivery.status];
  const status = t(LOOKS[delivery.status].label);
  const lines = delivery.outcome.split('\n').filter((line) => line.trim() !== '');
  return (
    <li className="grid min-w-0 gap-2 p-3" aria-label={t('deliveryLabel', { id: String(delivery.id), status })}>
      <p className="flex flex-wrap items-center gap-2">
        <time dateTime={delivery.receivedAt} className="text-sm font-medium text-slate-900">
          {formatDateTimeSeconds(delivery.receivedAt)}
        </time>
        <Badge variant={look.variant}>{status}</Badge>
        <Badge variant="outline">HTTP {delivery.statusCode}</Badge>
      </p>
      {lines.length > 0 ? (
        <ul className={cn('grid gap-0.5 text-xs [overflow-wrap:anywhere]', delivery.status === 'rejected' ? 'text-red-700' : 'text-slate-700')} aria-label={t('outcome')}>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-600">{delivery.status === 'pending' ? t('keptPending') : t('nothingToRecord')}</p>
      )}
      {delivery.body === null ? (
        <p className="text-xs text-slate-600">{t('bodyNotKept')}</p>
      ) : (
        <details className="min-w-0 text-xs">
          <summary className="cursor-pointer text-slate-700">{t('bodyReceived')}</summary>
          <pre tabIndex={0} className="mt-1.5 max-h-48 overflow-auto rounded-md bg-slate-900 p-2.5 font-mono text-slate-100 [overflow-wrap:anywhere] whitespace-pre-wrap">
            {prettyBody(delivery.body)}
          </pre>
        </details>
      )}
    </li>
  );
}

/** JSON indented for reading; anything else (Salesforce's XML, a body that is not JSON) as it came. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
