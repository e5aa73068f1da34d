import type { CreatedWebhook } from '@contract/webhooks';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';

/** A webhook just added, with its signing secret: shown this once. */
export function CreatedWebhookDialog({ webhook, onClose }: { webhook: CreatedWebhook | null; onClose: () => void }) {
  const warning = 'Copy the secret now: it cannot be shown again. A chat channel does not need it; a program that checks signatures does.';
  return (
    <ShownOnceDialog
      title="Webhook added"
      description={
        <>
          Every delivery carries a <code className="font-mono text-xs">TierTrack-Signature</code> header: the HMAC-SHA256 of its time and body, made
          with this secret. The receiver checks it to know the request came from this tracker.
        </>
      }
      secret={webhook && { label: 'Signing secret', value: webhook.secret, what: 'secret', warning }}
      onClose={onClose}
    />
  );
}
