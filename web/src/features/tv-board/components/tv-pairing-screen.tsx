import { Loader2, Tv } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { useTvPairing } from '../api/tv-pairing';
import './tv-board.css';

/**
 * /tv: a screen to pair (docs/decisions/0086-tv-pairing.md). It shows a short code for the owner to enter under
 * TV Links, Pair a TV, and goes to its board once paired: nobody types a long address on a remote.
 */
export function TvPairingScreen() {
  const [, navigate] = useLocation();
  const onPaired = useCallback((token: string) => navigate(`/tv/${token}`, { replace: true }), [navigate]);
  const state = useTvPairing(onPaired);

  useEffect(() => {
    const before = document.title;
    document.title = 'Pair this TV · TierTrack';
    return () => void (document.title = before);
  }, []);

  return (
    <main className="tv-board flex min-h-screen items-center justify-center bg-slate-950 p-8 text-white">
      <div className="flex max-w-5xl flex-col items-center gap-8 text-center">
        <Tv className="size-24 text-amber-400" aria-hidden="true" />
        <h1 className="text-5xl font-extrabold tracking-tight">Pair this TV</h1>
        {state.kind === 'waiting' ? (
          <>
            <p className="text-3xl leading-snug text-slate-300">
              On a computer, open TierTrack&apos;s dashboard, TV Links, <strong className="text-white">Pair a TV</strong>, and enter this code:
            </p>
            <p className="font-mono text-8xl font-bold tracking-[0.2em] text-amber-300" aria-label={`Pairing code ${[...state.code].join(' ')}`} data-testid="tv-pairing-code">
              {state.code}
            </p>
            <p className="text-2xl text-slate-300" role="status">
              Waiting for the code to be entered. It works for 10 minutes; a new one then shows here.
            </p>
          </>
        ) : (
          <p role="status" className="flex items-center gap-5 text-3xl font-semibold">
            <Loader2 className="size-10 text-amber-400 motion-safe:animate-spin" aria-hidden="true" />
            {state.kind === 'unreachable' ? 'Cannot reach TierTrack. Trying again...' : 'Getting a pairing code...'}
          </p>
        )}
      </div>
    </main>
  );
}
