import { CONNECTOR_PROVIDER_LABELS, type Connector, type CreatedConnector } from '@contract/connectors';
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
import { useConnectors, useDeleteConnector, useUpdateConnector } from '../api/connectors';
import { ConnectorDetailsDialog, detailsButtonId } from './connector-details-dialog';
import { CreatedConnectorDialog } from './created-connector-dialog';
import { EditConnectorDialog } from './edit-connector-dialog';
import { NewConnectorDialog } from './new-connector-dialog';

/** How a row says the way its deal owners become agents. */
const AGENT_BY_LABELS = { email: 'by email', externalUserId: 'by CRM user id' } as const;

const dealsWaiting = (count: number) => `${count} ${count === 1 ? 'deal' : 'deals'} waiting`;

/**
 * Owner only (docs/decisions/0089-connectors.md): CRMs that send their won deals, recorded as income entries (or
 * activities) for the deal owner's agent; deals of a CRM user no agent matches wait until the owner picks the agent.
 */
export function ConnectorsTab() {
  const connectors = useConnectors();
  // Here rather than in the row: the row goes with the connector, and the toast is told after.
  const remove = useDeleteConnector();
  const onDelete = (connector: Connector) =>
    remove.mutate(connector.id, {
      onSuccess: () => toast({ title: 'Connector deleted', description: `Deliveries to ${connector.name} are refused from now on.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete the connector'), variant: 'destructive' }),
    });
  const [created, setCreated] = useState<CreatedConnector | null>(null);
  // Still known once `created` is cleared, when the dialog that shows it has closed.
  const lastCreated = useRef<number | null>(null);
  // Where the focus goes once a connector's row is gone with it (the list may go too, to the empty state).
  const sectionRef = useRef<HTMLElement>(null);
  return (
    <section ref={sectionRef} tabIndex={-1} aria-labelledby="connectors-heading" className="grid grid-cols-1 gap-6 outline-none">
      <SectionHeading id="connectors-heading" title="Connectors" description="Won deals in your CRM, recorded for their agents as they happen.">
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
        <Spinner label="Loading connectors..." className="min-h-40" />
      ) : connectors.isError ? (
        <LoadError error={connectors.error} fallback="Failed to load the connectors" />
      ) : connectors.data.connectors.length === 0 ? (
        <EmptyState
          icon={Cable}
          title="No connectors yet"
          description="Add one for HubSpot, Pipedrive, Salesforce or a system of your own: each deal won there becomes an income entry for the agent who owns it, without anyone typing it."
        />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle id="connectors-list-heading">Your connectors</CardTitle>
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
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Cable className="size-5 text-brand-600" aria-hidden="true" />
          How connectors work
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
          <li>The CRM sends each change of a deal to the connector&apos;s receiving URL, signed the way that CRM signs.</li>
          <li>A won deal is recorded once for its owner&apos;s agent, however often it is sent; a changed amount replaces the entry.</li>
          <li>
            A CRM user no agent matches yet: their deals wait under Details until you pick the agent, once. Later deals of that user are
            recorded by themselves.
          </li>
          <li>Every delivery is in the connector&apos;s log for 7 days, with what it became.</li>
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
  const metrics = useMetrics();
  const confirmed = useRef(false);
  const metricName = metrics.data?.find((metric) => metric.key === connector.mapping.metric)?.name ?? connector.mapping.metric;
  return (
    <li className="grid gap-3 py-3 lg:grid-cols-[1fr_auto] lg:items-center">
      <div className="grid min-w-0 gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{connector.name}</span>
          <Badge variant="secondary">{CONNECTOR_PROVIDER_LABELS[connector.provider]}</Badge>
          {!connector.active && <Badge variant="outline">Switched off</Badge>}
          {connector.unmatched > 0 && <Badge variant="warning">{dealsWaiting(connector.unmatched)}</Badge>}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
          <span>Feeds {metricName}</span>
          <span>Agents matched {AGENT_BY_LABELS[connector.mapping.agentBy]}</span>
          {connector.lastDeliveryAt ? (
            <span>
              Last delivery <time dateTime={connector.lastDeliveryAt}>{formatDateTime(connector.lastDeliveryAt)}</time>
            </span>
          ) : (
            <span>Nothing received yet</span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ActiveSwitch connector={connector} />
        <ConnectorDetailsDialog connector={connector} />
        <EditConnectorDialog connector={connector} />
        <ConfirmDialog
          trigger={
            <Button variant="destructive-outline" size="sm" disabled={deleting} aria-label={`Delete the connector ${connector.name}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title="Delete this connector?"
          description="Deliveries to its receiving URL are refused from now on; its log, its waiting deals and the agents you picked for CRM users go with it. The entries it recorded stay."
          confirmLabel="Delete Connector"
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
  const id = useId();
  const update = useUpdateConnector();
  const onChange = (active: boolean) =>
    update.mutate(
      { id: connector.id, change: { active } },
      {
        onSuccess: () =>
          toast({
            title: active ? 'Connector switched on' : 'Connector switched off',
            description: active ? `${connector.name} takes deliveries again.` : `${connector.name} refuses deliveries until you switch it on.`,
            variant: 'success',
          }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to change the connector'), variant: 'destructive' }),
      },
    );
  return (
    <div className="flex items-center gap-2 pr-1">
      <Switch id={id} checked={connector.active} onCheckedChange={onChange} disabled={update.isPending} aria-label={`Active: ${connector.name}`} />
      <Label htmlFor={id} className="text-xs text-slate-700">
        Active
      </Label>
    </div>
  );
}
