import { Loader2, Tv } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { useTvPairing } from '../api/tv-pairing';
import { messages } from '../messages';
import './tv-board.css';

/**
 * /tv: a screen to pair (docs/decisions/0086-tv-pairing.md). It shows a short code for the owner to enter under
 * TV Links, Pair a TV, and goes to its board once paired: nobody types a long address on a remote.
 */
export function TvPairingScreen() {
  const [, navigate] = useLocation();
  const onPaired = useCallback((token: string) => navigate(`/tv/${token}`, { replace: true }), [navigate]);
  const state = useTvPairing(onPaired);
  const t = useT(messages);
  const title = t('pairPageTitle');

  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => void (document.title = before);
  }, [title]);

  return (
    <main className="tv-board flex min-h-screen items-center justify-center bg-slate-950 p-8 text-white">
      <div className="flex max-w-5xl flex-col items-center gap-8 text-center">
        <Tv className="size-24 text-amber-400" aria-hidden="true" />
        <h1 className="text-5xl font-extrabold tracking-tight">{t('pairThisTv')}</h1>
        {state.kind === 'waiting' ? (
          <>
            <p className="text-3xl leading-snug text-slate-300">
              {withPart(t('pairInstructions', { button: PART }), <strong className="text-white">{t('pairATv')}</strong>)}
            </p>
            <p className="font-mono text-5xl font-bold tracking-[0.2em] text-amber-300 sm:text-8xl" aria-label={t('pairingCode', { code: [...state.code].join(' ') })} data-testid="tv-pairing-code">
              {state.code}
            </p>
            <p className="text-2xl text-slate-300" role="status">
              {t('waitingForCode')}
            </p>
          </>
        ) : (
          <p role="status" className="flex items-center gap-5 text-3xl font-semibold">
            <Loader2 className="size-10 text-amber-400 motion-safe:animate-spin" aria-hidden="true" />
            {state.kind === 'unreachable' ? t('cannotReach') : t('gettingCode')}
          </p>
        )}
      </div>
    </main>
  );
}
