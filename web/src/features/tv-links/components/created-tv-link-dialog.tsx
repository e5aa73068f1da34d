import type { CreatedTvLink } from '@contract/tv-links';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';

/** A TV link just made, with Open: the server keeps only a hash of the token, so a lost address means a new link. */
export function CreatedTvLinkDialog({ link, onClose }: { link: CreatedTvLink | null; onClose: () => void }) {
  const warning =
    'Copy the address now: it cannot be shown again. If it is lost, revoke this link and make a new one. Anyone with the address can see the board.';
  return (
    <ShownOnceDialog
      title="TV link created"
      description="Open this address in the browser of the screen that shows the leaderboard."
      secret={link && { label: `Address of ${link.name}`, value: link.url, what: 'address', warning }}
      onClose={onClose}
    >
      <Button asChild variant="outline" className="justify-self-start">
        <a href={link?.url} target="_blank" rel="noreferrer">
          <ExternalLink aria-hidden="true" />
          Open the board
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </Button>
    </ShownOnceDialog>
  );
}
