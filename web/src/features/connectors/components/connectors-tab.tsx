import type { Connector, CreatedConnector } from '@contract/connectors';
import { Cable, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useMetrics } from '../../../lib/metrics';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { useConnectors, useDeleteConnector, useUpdateConnector } from '../api/connectors';
import { ConnectorDetailsDialog, detailsButtonId } from './connector-details-dialog';
import { CreatedConnectorDialog } from './created-connector-dialog';
import { EditConnectorDialog } from './edit-connector-dialog';
import { NewConnectorDialog } from './new-connector-dialog';

/**
 * Owner only (docs/decisions/0089-connectors.md): CRMs that send their won deals, recorded as income entries (or
 * activities) for the deal owner's agent; deals of a CRM user no agent matches wait until the owner picks the agent.
 */
export function ConnectorsTab() {
  const t = useT(messages);
  const connectors = useConnectors();
  // Here rather than in the row: the row goes with the connector, and the toast is told after.
  const remove = useDeleteConnector();
  const onDelete = (connector: Connector) =>
    remove.mutate(connector.id, {
      onSuccess: () => toast({ title: t('deleted'), description: t('deletedDescription', { name: connector.name }), variant: 'success' }),
      onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('deleteFailed')), variant: 'destructive' }),
    });
  const [created, setCreated] = useState<CreatedConnector | null>(null);
  // Still known once `created` is cleared, when the dialog that shows it has closed.
  const lastCreated = useRef<number | null>(null);
  // Where the focus goes once a connector's row is gone with it (the list may go too, to the empty state).
  const sectionRef = useRef<HTMLElement>(null);
  return (
    <section ref={sectionRef} tabIndex={-1} aria-labelledby="connectors-heading" className="grid grid-cols-1 gap-6 outline-none">
      <SectionHeading id="connectors-heading" title={t('connectors')} description={t('connectorsDescription')}>
        <NewConnectorDialog
          onCreated={(connector) => {
            lastCreated.current = connector.id;
            setCreated(connector);
          }}
        />
      </SectionHeading>
      <CreatedConnectorDialog
        connector={created}
        onClose={() => setCreated(null)}
        onCloseAutoFocus={(event) => {
          // To the new connector's row, where its deliveries will show.
          const details = lastCreated.current === null ? null : document.getElementById(detailsButtonId(lastCreated.current));
          if (!details) return;
          event.preventDefault();
          details.focus();
        }}
      />
      <HowConnectorsWork />
      {connectors.isPending ? (
        <Spinner label={t('loadingConnectors')} className="min-h-40" />
      ) : connectors.isError ? (
        <LoadError error={connectors.error} fallback={t('connectorsFailed')} />
      ) : connectors.data.connectors.length === 0 ? (
        <EmptyState
          icon={Cable}
          title={t('emptyTitle')}
          description={t('emptyDescription')}
        />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle id="connectors-list-heading">{t('yourConnectors')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-slate-100" aria-labelledby="connectors-list-heading">
              {connectors.data.connectors.map((connector) => (
                <ConnectorRow
                  key={connector.id}
                  connector={connector}
                  onDelete={() => onDelete(connector)}
                  deleting={remove.isPending && remove.variables === connector.id}
                  onDeleted={() => sectionRef.current?.focus()}
                />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function HowConnectorsWork() {
  const t = useT(messages);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Cable className="size-5 text-brand-600" aria-hidden="true" />
          {t('howTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
          <li>{t('how1')}</li>
          <li>{t('how2')}</li>
          <li>{t('how3')}</li>
          <li>{t('how4')}</li>
        </ul>
      </CardContent>
    </Card>
  );
}

interface ConnectorRowProps {
  connector: Connector;
  onDelete: () => void;
  deleting: boolean;
  /** The confirmation closed after Delete: the focus leaves the row that goes. */
  onDeleted: () => void;
}

function ConnectorRow({ connector, onDelete, deleting, onDeleted }: ConnectorRowProps) {
  const t = useT(messages);
  const metrics = useMetrics();
  const confirmed = useRef(false);
  const metricName = metrics.data?.find((metric) => metric.key === connector.mapping.metric)?.name ?? connector.mapping.metric;
  return (
    <li className="grid gap-3 py-3 lg:grid-cols-[1fr_auto] lg:items-center">
      <div className="grid min-w-0 gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{connector.name}</span>
          <Badge variant="secondary">{t('providerName', { provider: connector.provider })}</Badge>
          {!connector.active && <Badge variant="outline">{t('switchedOff')}</Badge>}
          {connector.unmatched > 0 && <Badge variant="warning">{t('dealsWaiting', { count: connector.unmatched })}</Badge>}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
          <span>{t('feeds', { metric: metricName })}</span>
          <span>{t('agentsMatched', { by: connector.mapping.agentBy })}</span>
          {connector.lastDeliveryAt ? (
            <span>
              {withPart(t('lastDelivery', { time: PART }), <time dateTime={connector.lastDeliveryAt}>{formatDateTime(connector.lastDeliveryAt)}</time>)}
            </span>
          ) : (
            <span>{t('nothingReceived')}</span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ActiveSwitch connector={connector} />
        <ConnectorDetailsDialog connector={connector} />
        <EditConnectorDialog connector={connector} />
        <ConfirmDialog
          trigger={
            <Button variant="destructive-outline" size="sm" disabled={deleting} aria-label={t('deleteLabel', { name: connector.name })}>
              <Trash2 aria-hidden="true" />
              {t('delete')}
            </Button>
          }
          title={t('deleteTitle')}
          description={t('deleteDescription')}
          confirmLabel={t('deleteConfirm')}
          onConfirm={() => {
            confirmed.current = true;
            onDelete();
          }}
          onCloseAutoFocus={(event) => {
            // The row goes with the connector: the focus goes to the tab's section rather than to the page's start.
            if (!confirmed.current) return;
            event.preventDefault();
            onDeleted();
          }}
        />
      </div>
    </li>
  );
}

/** Whether the connector takes deliveries: switched off, they are refused (403) and logged, and nothing is recorded. */
function ActiveSwitch({ connector }: { connector: Connector }) {
  const t = useT(messages);
  const id = useId();
  const update = useUpdateConnector();
  const onChange = (active: boolean) =>
    update.mutate(
      { id: connector.id, change: { active } },
      {
        onSuccess: () =>
          toast({
            title: active ? t('switchedOnTitle') : t('switchedOffTitle'),
            description: active ? t('takesAgain', { name: connector.name }) : t('refusesUntil', { name: connector.name }),
            variant: 'success',
          }),
        onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('changeFailed')), variant: 'destructive' }),
      },
    );
  return (
    <div className="flex items-center gap-2 pr-1">
      <Switch id={id} checked={connector.active} onCheckedChange={onChange} disabled={update.isPending} aria-label={t('activeLabel', { name: connector.name })} />
      <Label htmlFor={id} className="text-xs text-slate-700">
        {t('active')}
      </Label>
    </div>
  );
}
