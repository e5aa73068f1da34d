import type { ConnectorProvider, CreatedConnector } from '@contract/connectors';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { CopyField } from '../../../components/ui/secret-field';
import { receivingUrl } from '../utils/receiving-url';

const Code = ({ children }: { children: ReactNode }) => <code className="font-mono text-xs [overflow-wrap:anywhere]">{children}</code>;

/** A deal as the generic connector reads it; the owner is {"email": ...} when agents are matched by email. */
const GENERIC_EXAMPLE = `{"id": "D-1", "amount": "1500.00", "won": true,
 "owner": {"id": "u7"}, "occurredAt": "2026-11-03T14:22:05Z"}`;

/** Where what the dialog shows is pasted. */
const sender: Record<ConnectorProvider, string> = { hubspot: 'HubSpot', pipedrive: 'Pipedrive', salesforce: 'Salesforce', generic: 'the system that sends the deals' };

/** What to do in each CRM with what the dialog shows, briefly (the README has the whole of it). */
const steps: Record<ConnectorProvider, ReactNode[]> = {
  hubspot: [
    <>In your HubSpot developer account, open the app&apos;s Webhooks settings (the app whose client secret you gave).</>,
    <>Set the target URL to the receiving URL.</>,
    <>
      Subscribe to <Code>deal.propertyChange</Code> for <Code>dealstage</Code>, <Code>amount</Code> and <Code>hubspot_owner_id</Code>, and to{' '}
      <Code>deal.deletion</Code>; activate the subscriptions.
    </>,
  ],
  pipedrive: [
    <>In Pipedrive, open Settings &gt; Tools and apps &gt; Webhooks and create a webhook.</>,
    <>
      Event: <Code>change.deal</Code> (webhooks v2) or <Code>updated.deal</Code> (v1). Endpoint URL: the receiving URL.
    </>,
    <>HTTP Auth: the username and password above.</>,
  ],
  salesforce: [
    <>
      In Setup &gt; Outbound Messages, make a new one on Opportunity with the fields <Code>Id</Code>, <Code>Amount</Code>, <Code>IsWon</Code>,{' '}
      <Code>StageName</Code>, <Code>OwnerId</Code>, <Code>CloseDate</Code> and <Code>SystemModstamp</Code>.
    </>,
    <>Endpoint URL: the receiving URL, whole (its token is the connector&apos;s credential).</>,
    <>Add a Flow (or a workflow rule) on Opportunity that sends the Outbound Message when an opportunity is created or changed.</>,
  ],
  generic: [
    <>
      POST each deal to the receiving URL as JSON (or several as <Code>{'{"deals": [...]}'}</Code>):
      <pre className="mt-1 overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-xs text-slate-800">{GENERIC_EXAMPLE}</pre>
    </>,
    <>
      Sign it with the header <Code>TierTrack-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of &quot;t.body&quot;&gt;</Code>, keyed with
      the signing secret: as TierTrack&apos;s own webhooks sign (docs/webhooks.md).
    </>,
  ],
};

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
  return (
    <Dialog open={connector !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Connector added</DialogTitle>
          <DialogDescription>{connector && `Paste these into ${sender[connector.provider]}, then follow the steps below.`}</DialogDescription>
        </DialogHeader>
        {connector && <Credentials connector={connector} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Credentials({ connector }: { connector: CreatedConnector }) {
  const url = receivingUrl(connector.inboundUrl, window.location.origin);
  // HubSpot signs with the client secret the owner gave: nothing of its connector is secret.
  const secretShown = connector.provider !== 'hubspot';
  return (
    <div className="grid min-w-0 gap-3">
      <CopyField
        label="Receiving URL"
        value={url}
        what="URL"
        hint={connector.provider === 'salesforce' ? 'Its token is the credential: keep the whole address.' : undefined}
      />
      {connector.secret !== undefined && <CopyField label="Signing secret" value={connector.secret} what="secret" />}
      {connector.username !== undefined && <CopyField label="HTTP Auth username" value={connector.username} what="username" />}
      {connector.password !== undefined && <CopyField label="HTTP Auth password" value={connector.password} what="password" />}
      {secretShown && (
        <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Shown only once.</strong> Copy {connector.provider === 'salesforce' ? 'the URL' : 'them'} now: a lost one means
            deleting the connector and adding it again.
          </span>
        </p>
      )}
      <section aria-labelledby={`connector-steps-${connector.id}`} className="grid gap-1.5">
        <h3 id={`connector-steps-${connector.id}`} className="text-sm font-semibold text-slate-900">
          In {sender[connector.provider]}
        </h3>
        <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-700">
          {steps[connector.provider].map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
        <p className="text-xs text-slate-600">Deliveries then show under the connector&apos;s Details, with what each became.</p>
      </section>
    </div>
  );
}
