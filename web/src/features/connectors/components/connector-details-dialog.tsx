import { CONNECTOR_PROVIDER_LABELS, type Connector } from '@contract/connectors';
import { History, RefreshCw } from 'lucide-react';
import { isClosingSuggestions } from '../../../components/agents/agent-combobox';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { CopyField } from '../../../components/ui/secret-field';
import { useRefreshConnector } from '../api/connectors';
import { receivingUrl } from '../utils/receiving-url';
import { DeliveryLog } from './delivery-log';
import { UnmatchedOwners } from './unmatched-owners';

/** The id of a connector's Details button, for the focus to go to once the connector was added. */
export const detailsButtonId = (connectorId: number) => `connector-${connectorId}-details`;

/**
 * "Details": where the connector receives, the CRM users whose deals wait for an agent (each mapped here, once), and
 * the delivery log (kept 7 days), newest first.
 */
export function ConnectorDetailsDialog({ connector }: { connector: Connector }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button id={detailsButtonId(connector.id)} variant="outline" size="sm" aria-label={`Details of ${connector.name}`}>
          <History aria-hidden="true" />
          Details
        </Button>
      </DialogTrigger>
      {/* Escape closes the agent picker's matches first, then the dialog. */}
      <DialogContent className="sm:max-w-2xl" onEscapeKeyDown={(event) => isClosingSuggestions(event) && event.preventDefault()}>
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{connector.name}</DialogTitle>
          <DialogDescription>
            {CONNECTOR_PROVIDER_LABELS[connector.provider]} connector{connector.active ? '' : ', switched off: deliveries are refused'}. The log keeps 7
            days.
          </DialogDescription>
        </DialogHeader>
        <ReceivingAddress connector={connector} />
        <UnmatchedOwners connector={connector} />
        <DeliveryLog connectorId={connector.id} actions={<RefreshButton connectorId={connector.id} />} />
      </DialogContent>
    </Dialog>
  );
}

function ReceivingAddress({ connector }: { connector: Connector }) {
  const url = receivingUrl(connector.inboundPath, window.location.origin);
  // Salesforce's address carries its token, which was shown once: the path alone would be refused.
  if (connector.provider === 'salesforce') {
    return (
      <p className="grid gap-1 text-sm text-slate-700">
        <span className="font-medium text-slate-800">Receiving URL</span>
        <span className="font-mono text-xs [overflow-wrap:anywhere]">{url}?token=…</span>
        <span className="text-xs text-slate-600">The token was shown once, when the connector was added.</span>
      </p>
    );
  }
  return <CopyField label="Receiving URL" value={url} what="URL" />;
}

/** Reads the log and the waiting deals again now, rather than at the next delivery's turn. */
function RefreshButton({ connectorId }: { connectorId: number }) {
  const { refresh, busy } = useRefreshConnector(connectorId);
  return (
    <Button variant="outline" size="sm" onClick={refresh} disabled={busy}>
      <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
      Refresh
    </Button>
  );
}
