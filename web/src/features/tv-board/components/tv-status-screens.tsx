import { Loader2, SearchX, Unplug } from 'lucide-react';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The board while its first read is on its way, or (`retrying`) while the server cannot be reached. */
export function TvLoadingScreen({ retrying }: { retrying: boolean }) {
  const t = useT(messages);
  return (
    <main className="tv-board flex h-screen items-center justify-center bg-slate-950 p-8 text-white">
      <p role="status" className="flex items-center gap-5 text-4xl font-semibold">
        <Loader2 className="size-12 text-amber-400 motion-safe:animate-spin" aria-hidden="true" />
        {retrying ? t('cannotReach') : t('loadingBoard')}
      </p>
    </main>
  );
}

/**
 * What a screen shows once its link is revoked, or when its address never was a TV link (mistyped, cut short): it
 * stops, rather than trying for ever, and says which (docs/decisions/0086-tv-pairing.md).
 */
export function TvLinkGoneScreen({ why }: { why: 'revoked' | 'not-found' }) {
  const t = useT(messages);
  const Icon = why === 'revoked' ? Unplug : SearchX;
  return (
    <main className="tv-board flex h-screen items-center justify-center bg-slate-950 p-8 text-white">
      <div className="flex max-w-5xl flex-col items-center gap-8 text-center">
        <Icon className="size-28 text-amber-400" aria-hidden="true" />
        <h1 className="text-6xl font-extrabold tracking-tight">{why === 'revoked' ? t('linkRevoked') : t('linkNotFound')}</h1>
        <p className="text-3xl leading-snug text-slate-300">
          {why === 'revoked' ? t('linkRevokedText') : t('linkNotFoundText')}
        </p>
        <a href="/tv" className="rounded-lg bg-amber-400 px-8 py-4 text-3xl font-bold text-slate-950 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white">
          {t('pairThisTv')}
        </a>
      </div>
    </main>
  );
}
