import type { Connector } from '@contract/connectors';
import { History, RefreshCw } from 'lucide-react';
import { isClosingSuggestions } from '../../../components/agents/agent-combobox';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { CopyField } from '../../../components/ui/secret-field';
import { useRefreshConnector } from '../api/connectors';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
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
  const t = useT(messages);
  const provider = t('providerName', { provider: connector.provider });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button id={detailsButtonId(connector.id)} variant="outline" size="sm" aria-label={t('detailsOf', { name: connector.name })}>
          <History aria-hidden="true" />
          {t('details')}
        </Button>
      </DialogTrigger>
      {/* Escape closes the agent picker's matches first, then the dialog. */}
      <DialogContent className="sm:max-w-2xl" onEscapeKeyDown={(event) => isClosingSuggestions(event) && event.preventDefault()}>
        <DialogHeader>
          <DialogTitle className="[overflow-wrap:anywhere]">{connector.name}</DialogTitle>
          <DialogDescription>
            {connector.active ? t('detailsDescription', { provider }) : t('detailsDescriptionOff', { provider })}
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
  const t = useT(messages);
  const url = receivingUrl(connector.inboundPath, window.location.origin);
  // Salesforce's address carries its token, which was shown once: the path alone would be refused.
  if (connector.provider === 'salesforce') {
    return (
      <p className="grid gap-1 text-sm text-slate-700">
        <span className="font-medium text-slate-800">{t('receivingUrl')}</span>
        <span className="font-mono text-xs [overflow-wrap:anywhere]">{url}?token=…</span>
        <span className="text-xs text-slate-600">{t('tokenShownOnce')}</span>
      </p>
    );
  }
  return <CopyField label={t('receivingUrl')} value={url} what={t('whatUrl')} />;
}

/** Reads the log and the waiting deals again now, rather than at the next delivery's turn. */
function RefreshButton({ connectorId }: { connectorId: number }) {
  const t = useT(messages);
  const { refresh, busy } = useRefreshConnector(connectorId);
  return (
    <Button variant="outline" size="sm" onClick={refresh} disabled={busy}>
      <RefreshCw aria-hidden="true" className={busy ? 'animate-spin' : undefined} />
      {t('refresh')}
    </Button>
  );
}
