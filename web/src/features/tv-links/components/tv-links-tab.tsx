import type { CreatedTvLink, TvLink } from '@contract/tv-links';
import { MonitorOff, Tv } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useRevokeTvLink } from '../api/revoke-tv-link';
import { useTvLinks } from '../api/get-tv-links';
import { CreatedTvLinkDialog } from './created-tv-link-dialog';
import { NewTvLinkDialog } from './new-tv-link-dialog';
import { PairTvDialog } from './pair-tv-dialog';

/** Owner only (docs/product.md §11.20, §12.8): the addresses that show the live leaderboard on a screen, signed out. */
export function TvLinksTab() {
  const links = useTvLinks();
  const [created, setCreated] = useState<CreatedTvLink | null>(null);
  return (
    <section aria-labelledby="tv-links-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="tv-links-heading"
        title="TV Links"
        description="Put the live leaderboard on an office screen without signing in on it."
      >
        <div className="flex flex-wrap gap-2">
          <PairTvDialog onPaired={(link) => toast({ title: 'Success', description: `${link.name} paired: the TV shows the leaderboard now`, variant: 'success' })} />
          <NewTvLinkDialog onCreated={setCreated} />
        </div>
      </SectionHeading>
      <CreatedTvLinkDialog link={created} onClose={() => setCreated(null)} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Tv className="size-5 text-brand-600" aria-hidden="true" />
            How TV links work
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
            <li>
              A TV link opens a full-screen board: this week&apos;s and this month&apos;s top agents in turn, the latest wins, and a
              celebration when an agent reaches a tier or earns a badge. It updates by itself within a second.
            </li>
            <li>It shows names only, unless you choose to show amounts. Never an email, a phone number or an address.</li>
            <li>
              To pair a screen, open <span className="font-mono">/tv</span> on it and enter the code it shows with Pair a TV: nobody
              types a long address on a remote.
            </li>
            <li>
              Anyone with the address sees the board, so give it only to the screen. Its address is shown once, when you make it; revoke a
              link to turn its screens off.
            </li>
          </ul>
        </CardContent>
      </Card>
      {links.isPending ? (
        <Spinner label="Loading TV links..." className="min-h-40" />
      ) : links.isError ? (
        <LoadError error={links.error} fallback="Failed to load the TV links" />
      ) : links.data.links.length === 0 ? (
        <EmptyState icon={Tv} title="No TV links yet" description="Make one for each screen that should show the leaderboard." />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle id="tv-links-list-heading">Active links</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-slate-100" aria-labelledby="tv-links-list-heading">
              {links.data.links.map((link) => (
                <TvLinkRow key={link.id} link={link} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function TvLinkRow({ link }: { link: TvLink }) {
  const revoke = useRevokeTvLink({
    onSuccess: () => toast({ title: 'Success', description: `${link.name} revoked`, variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to revoke the TV link'), variant: 'destructive' }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="min-w-0 [overflow-wrap:anywhere]">{link.name}</span>
          <Badge variant={link.showAmounts ? 'warning' : 'secondary'}>{link.showAmounts ? 'Amounts shown' : 'Amounts hidden'}</Badge>
          {link.metrics.length > 0 && <Badge variant="outline">Slides: {link.metrics.join(', ')}</Badge>}
        </p>
        <p className="text-xs text-slate-600">
          Created <time dateTime={link.createdAt}>{formatDateTime(link.createdAt)}</time>
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="destructive-outline" size="sm" disabled={revoke.isPending} aria-label={`Revoke ${link.name}`}>
            <MonitorOff aria-hidden="true" />
            {revoke.isPending ? 'Revoking...' : 'Revoke'}
          </Button>
        }
        title={`Revoke ${link.name}?`}
        description="Screens showing this link stop within a few seconds and say that it was revoked. This cannot be undone: make a new link to show the board there again."
        confirmLabel="Revoke Link"
        onConfirm={() => revoke.mutate(link.id)}
      />
    </li>
  );
}
