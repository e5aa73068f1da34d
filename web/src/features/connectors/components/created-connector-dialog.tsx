import type { ConnectorProvider, CreatedConnector } from '@contract/connectors';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { CopyField } from '../../../components/ui/secret-field';
import { part, PART, withPart, withParts } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { receivingUrl } from '../utils/receiving-url';

const Code = ({ children }: { children: ReactNode }) => <code className="font-mono text-xs [overflow-wrap:anywhere]">{children}</code>;

/** A deal as the generic connector reads it; the owner is {"email": ...} when agents are matched by email. */
const GENERIC_EXAMPLE = `{"id": "D-1", "amount": "1500.00", "won": true,
 "owner": {"id": "u7"}, "occurredAt": "2026-11-03T14:22:05Z"}`;

/** What to do in each CRM with what the dialog shows, briefly (the README has the whole of it). */
function Steps({ provider }: { provider: ConnectorProvider }) {
  const t = useT(messages);
  const steps: Record<ConnectorProvider, ReactNode[]> = {
    hubspot: [
      t('hubspotStep1'),
      t('hubspotStep2'),
      withParts(t('hubspotStep3', { propertyChange: part(0), dealstage: part(1), amount: part(2), owner: part(3), deletion: part(4) }), [
        <Code key="0">deal.propertyChange</Code>,
        <Code key="1">dealstage</Code>,
        <Code key="2">amount</Code>,
        <Code key="3">hubspot_owner_id</Code>,
        <Code key="4">deal.deletion</Code>,
      ]),
    ],
    pipedrive: [
      t('pipedriveStep1'),
      withParts(t('pipedriveStep2', { v2: part(0), v1: part(1) }), [<Code key="0">change.deal</Code>, <Code key="1">updated.deal</Code>]),
      t('pipedriveStep3'),
    ],
    salesforce: [
      withParts(
        t('salesforceStep1', { id: part(0), amount: part(1), isWon: part(2), stageName: part(3), ownerId: part(4), closeDate: part(5), modstamp: part(6) }),
        ['Id', 'Amount', 'IsWon', 'StageName', 'OwnerId', 'CloseDate', 'SystemModstamp'].map((field) => <Code key={field}>{field}</Code>),
      ),
      t('salesforceStep2'),
      t('salesforceStep3'),
    ],
    generic: [
      <>
        {withPart(t('genericStep1', { several: PART }), <Code>{'{"deals": [...]}'}</Code>)}
        <pre className="mt-1 overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-xs text-slate-800">{GENERIC_EXAMPLE}</pre>
      </>,
      withPart(t('genericStep2', { header: PART }), <Code>{t('signatureHeader')}</Code>),
    ],
  };
  return (
    <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-700">
      {steps[provider].map((step, index) => (
        <li key={index}>{step}</li>
      ))}
    </ol>
  );
}

/**
 * A connector just added: its receiving URL and the credentials the CRM sends, shown this once (the server keeps a hash
 * of a password or token, and never shows a secret again), with the CRM's steps. Open while `connector` is given.
 */
export function CreatedConnectorDialog({
  connector,
  onClose,
  onCloseAutoFocus,
}: {
  connector: CreatedConnector | null;
  onClose: () => void;
  /** Where the focus goes once it closes: the dialog that made the connector, and its field focused then, are gone. */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const t = useT(messages);
  return (
    <Dialog open={connector !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('connectorAdded')}</DialogTitle>
          <DialogDescription>{connector && t('pasteInto', { provider: connector.provider })}</DialogDescription>
        </DialogHeader>
        {connector && <Credentials connector={connector} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button>{t('done')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Credentials({ connector }: { connector: CreatedConnector }) {
  const t = useT(messages);
  const url = receivingUrl(connector.inboundUrl, window.location.origin);
  // HubSpot signs with the client secret the owner gave: nothing of its connector is secret.
  const secretShown = connector.provider !== 'hubspot';
  return (
    <div className="grid min-w-0 gap-3">
      <CopyField
        label={t('receivingUrl')}
        value={url}
        what={t('whatUrl')}
        hint={connector.provider === 'salesforce' ? t('salesforceUrlHint') : undefined}
      />
      {connector.secret !== undefined && <CopyField label={t('signingSecret')} value={connector.secret} what={t('whatSecret')} />}
      {connector.username !== undefined && <CopyField label={t('httpUsername')} value={connector.username} what={t('whatUsername')} />}
      {connector.password !== undefined && <CopyField label={t('httpPassword')} value={connector.password} what={t('whatPassword')} />}
      {secretShown && (
        <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{t('shownOnce')}</strong> {t('copyNow', { what: connector.provider === 'salesforce' ? 'url' : 'all' })}
          </span>
        </p>
      )}
      <section aria-labelledby={`connector-steps-${connector.id}`} className="grid gap-1.5">
        <h3 id={`connector-steps-${connector.id}`} className="text-sm font-semibold text-slate-900">
          {t('stepsIn', { provider: connector.provider })}
        </h3>
        <Steps provider={connector.provider} />
        <p className="text-xs text-slate-600">{t('afterSteps')}</p>
      </section>
    </div>
  );
}
