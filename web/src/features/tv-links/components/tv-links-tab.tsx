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
import { useT } from '../../../lib/i18n/translate';
import { PART, withPart } from '../../../components/ui/message-part';
import { useRevokeTvLink } from '../api/revoke-tv-link';
import { useTvLinks } from '../api/get-tv-links';
import { messages } from '../messages';
import { CreatedTvLinkDialog } from './created-tv-link-dialog';
import { NewTvLinkDialog } from './new-tv-link-dialog';
import { PairTvDialog } from './pair-tv-dialog';

/** Owner only (docs/product.md §11.20, §12.8): the addresses that show the live leaderboard on a screen, signed out. */
export function TvLinksTab() {
  const t = useT(messages);
  const links = useTvLinks();
  const [created, setCreated] = useState<CreatedTvLink | null>(null);
  return (
    <section aria-labelledby="tv-links-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="tv-links-heading"
        title={t('title')}
        description={t('description')}
      >
        <div className="flex flex-wrap gap-2">
          <PairTvDialog onPaired={(link) => toast({ title: t('success'), description: t('paired', { name: link.name }), variant: 'success' })} />
          <NewTvLinkDialog onCreated={setCreated} />
        </div>
      </SectionHeading>
      <CreatedTvLinkDialog link={created} onClose={() => setCreated(null)} />
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Tv className="size-5 text-brand-600" aria-hidden="true" />
            {t('howItWorks')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
            <li>{t('howBoard')}</li>
            <li>{t('howNames')}</li>
            <li>{withPart(t('howPair', { path: PART }), <span className="font-mono">/tv</span>)}</li>
            <li>{t('howAddress')}</li>
          </ul>
        </CardContent>
      </Card>
      {links.isPending ? (
        <Spinner label={t('loading')} className="min-h-40" />
      ) : links.isError ? (
        <LoadError error={links.error} fallback={t('loadFailed')} />
      ) : links.data.links.length === 0 ? (
        <EmptyState icon={Tv} title={t('noLinks')} description={t('noLinksText')} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle id="tv-links-list-heading">{t('activeLinks')}</CardTitle>
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
  const t = useT(messages);
  const revoke = useRevokeTvLink({
    onSuccess: () => toast({ title: t('success'), description: t('revoked', { name: link.name }), variant: 'success' }),
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('revokeFailed')), variant: 'destructive' }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="min-w-0 [overflow-wrap:anywhere]">{link.name}</span>
          <Badge variant={link.showAmounts ? 'warning' : 'secondary'}>{link.showAmounts ? t('amountsShown') : t('amountsHidden')}</Badge>
          {link.metrics.length > 0 && <Badge variant="outline">{t('slides', { metrics: link.metrics.join(', ') })}</Badge>}
        </p>
        <p className="text-xs text-slate-600">
          {withPart(t('created', { time: PART }), <time dateTime={link.createdAt}>{formatDateTime(link.createdAt)}</time>)}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="destructive-outline" size="sm" disabled={revoke.isPending} aria-label={t('revokeNamed', { name: link.name })}>
            <MonitorOff aria-hidden="true" />
            {revoke.isPending ? t('revoking') : t('revoke')}
          </Button>
        }
        title={t('revokeTitle', { name: link.name })}
        description={t('revokeDescription')}
        confirmLabel={t('revokeLink')}
        onConfirm={() => revoke.mutate(link.id)}
      />
    </li>
  );
}
