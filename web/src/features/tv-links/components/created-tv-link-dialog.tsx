import type { CreatedTvLink } from '@contract/tv-links';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { SecretField } from '../../../components/ui/secret-field';

/**
 * The address of a TV link just made, with Copy and Open. It is shown this once: the server keeps only a hash of the
 * token, so a lost address means revoking the link and making a new one.
 */
export function CreatedTvLinkDialog({ link, onClose }: { link: CreatedTvLink | null; onClose: () => void }) {
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>TV link created</DialogTitle>
          <DialogDescription>Open this address in the browser of the screen that shows the leaderboard.</DialogDescription>
        </DialogHeader>
        {link && <LinkAddress link={link} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function LinkAddress({ link }: { link: CreatedTvLink }) {
  return (
    <div className="grid gap-3">
      <SecretField
        label={`Address of ${link.name}`}
        value={link.url}
        what="address"
        warning="Copy the address now: it cannot be shown again. If it is lost, revoke this link and make a new one. Anyone with the address can see the board."
      />
      <Button asChild variant="outline" className="justify-self-start">
        <a href={link.url} target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden="true" />
          Open the board
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}
