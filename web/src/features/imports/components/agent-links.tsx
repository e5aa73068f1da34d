import type { AgentSetupLink } from '@contract/imports';
import { AlertTriangle, Download, KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyField } from '../../../components/ui/secret-field';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { linksCsv } from './links-csv';

/** More links than this are in the CSV file only: a page of 100,000 copy fields helps nobody. */
const LINKS_SHOWN = 100;

function download(links: readonly AgentSetupLink[]) {
  const url = URL.createObjectURL(new Blob([linksCsv(links)], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `agent-setup-links-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has started the download by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The one-time links of a committed agent import (docs/product.md §12.9), shown once: the server keeps only their
 * hashes. The owner copies each or downloads them all, then hands each to its agent.
 */
export function AgentLinks({ links }: { links: readonly AgentSetupLink[] }) {
  const t = useT(messages);
  const expiry = links.reduce((earliest, link) => (link.expiresAt < earliest ? link.expiresAt : earliest), links[0]!.expiresAt);
  const shown = links.slice(0, LINKS_SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
          {t('setUpLinks')}
        </CardTitle>
        <CardDescription>{t('linksDescription', { count: links.length, expiry: formatDateTime(expiry) })}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{t('shownOnce')}</strong> {t('shownOnceText')}
          </span>
        </p>
        <div>
          <Button type="button" variant="outline" onClick={() => download(links)}>
            <Download aria-hidden="true" />
            {t('downloadLinks')}
          </Button>
        </div>
        {links.length > shown.length && (
          <p className="text-sm text-slate-700">
            {t('firstLinks', { shown: formatCount(shown.length), total: formatCount(links.length) })}
          </p>
        )}
        <ul aria-label={t('setUpLinks')} className="grid grid-cols-1 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {shown.map((link) => (
            <li key={link.agentId} className="p-3">
              <CopyField
                label={
                  <span className="[overflow-wrap:anywhere]">
                    {link.name} <span className="font-normal text-slate-600">· {link.email}</span>
                  </span>
                }
                value={link.url}
                what={t('linkWhat')}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
