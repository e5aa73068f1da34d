import type { CreatedWebhook } from '@contract/webhooks';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { SecretField } from '../../../components/ui/secret-field';

/** A webhook just added, with its signing secret and Copy: shown this once. */
export function CreatedWebhookDialog({ webhook, onClose }: { webhook: CreatedWebhook | null; onClose: () => void }) {
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Webhook added</DialogTitle>
          <DialogDescription>
            Every delivery carries a <code className="font-mono text-xs">TierTrack-Signature</code> header: the HMAC-SHA256 of its time and body,
            made with this secret. The receiver checks it to know the request came from this tracker.
          </DialogDescription>
        </DialogHeader>
        {webhook && (
          <SecretField
            label="Signing secret"
            value={webhook.secret}
            what="secret"
            warning="Copy the secret now: it cannot be shown again. A chat channel does not need it; a program that checks signatures does."
          />
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
