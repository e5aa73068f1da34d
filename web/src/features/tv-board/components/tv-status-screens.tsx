import { Loader2, SearchX, Unplug } from 'lucide-react';

/** The board while its first read is on its way, or (`retrying`) while the server cannot be reached. */
export function TvLoadingScreen({ retrying }: { retrying: boolean }) {
  return (
    <main className="tv-board flex h-screen items-center justify-center bg-slate-950 p-8 text-white">
      <p role="status" className="flex items-center gap-5 text-4xl font-semibold">
        <Loader2 className="size-12 text-amber-400 motion-safe:animate-spin" aria-hidden="true" />
        {retrying ? 'Cannot reach TierTrack. Trying again...' : 'Loading the leaderboard...'}
      </p>
    </main>
  );
}

/**
 * What a screen shows once its link is revoked, or when its address never was a TV link (mistyped, cut short): it
 * stops, rather than trying for ever, and says which (docs/decisions/0086-tv-pairing.md).
 */
export function TvLinkGoneScreen({ why }: { why: 'revoked' | 'not-found' }) {
  const Icon = why === 'revoked' ? Unplug : SearchX;
  return (
    <main className="tv-board flex h-screen items-center justify-center bg-slate-950 p-8 text-white">
      <div className="flex max-w-5xl flex-col items-center gap-8 text-center">
        <Icon className="size-28 text-amber-400" aria-hidden="true" />
        <h1 className="text-6xl font-extrabold tracking-tight">{why === 'revoked' ? 'This TV link was revoked' : 'TV link not found'}</h1>
        <p className="text-3xl leading-snug text-slate-300">
          {why === 'revoked'
            ? 'This screen no longer shows the leaderboard. Pair the TV again at /tv, or ask the owner of your TierTrack for a new TV link.'
            : 'There is no TV link at this address. Check the address for a typing mistake, or pair the TV at /tv instead.'}
        </p>
        <a href="/tv" className="rounded-lg bg-amber-400 px-8 py-4 text-3xl font-bold text-slate-950 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white">
          Pair this TV
        </a>
      </div>
    </main>
  );
}
