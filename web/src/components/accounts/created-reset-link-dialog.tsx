import type { CreatedResetLink } from '@contract/password-resets';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { SecretField } from '../ui/secret-field';
import { formatDateTime } from '../../lib/format';

/**
 * A password link just made, with Copy. It is shown this once: the server keeps only a hash of its token, so a lost
 * link means making a new one (which also ends this one).
 */
export function CreatedResetLinkDialog({ link, name, onClose }: { link: CreatedResetLink; name: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Password link for {name}</DialogTitle>
          <DialogDescription>
            With this link {name} sets a new password, once, until {formatDateTime(link.expiresAt)}. Every device signed in to the account is then
            signed out. Earlier links for {name} no longer work.
          </DialogDescription>
        </DialogHeader>
        <SecretField
          label={`Password link for ${name}`}
          value={link.url}
          what="link"
          warning="Copy the link now: it cannot be shown again. Hand it over privately: whoever holds it can set the password."
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
