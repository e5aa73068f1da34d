import type { CreatedTvLink } from '@contract/tv-links';
import { AlertTriangle, Check, Copy, ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/** How long the Copy button says "Copied". */
const COPIED_MS = 2_000;

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
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    // navigator.clipboard is missing on an insecure origin (a LAN address over HTTP): the promise catches that too.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(link.url))
      .then(
        () => setCopied('yes'),
        () => {
          inputRef.current?.select();
          setCopied('failed');
        },
      );
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Address of {link.name}</Label>
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            id={id}
            readOnly
            value={link.url}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 font-mono text-xs sm:text-xs"
          />
          <Button type="button" onClick={copy} className="shrink-0">
            {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied === 'yes' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p role="status" className="text-xs text-slate-700">
          {copied === 'failed' ? 'Copying is not available here: the address is selected, copy it with your keyboard.' : copied === 'yes' ? 'Address copied.' : ''}
        </p>
      </div>
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Shown only once.</strong> Copy the address now: it cannot be shown again. If it is lost, revoke
          this link and make a new one. Anyone with the address can see the board.
        </span>
      </p>
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
