import { Loader2, Unplug } from 'lucide-react';

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

/** What a screen shows once its link is revoked (or never existed): it stops, rather than trying for ever. */
export function TvRevokedScreen() {
  return (
    <main className="tv-board flex h-screen items-center justify-center bg-slate-950 p-8 text-white">
      <div className="flex max-w-5xl flex-col items-center gap-8 text-center">
        <Unplug className="size-28 text-amber-400" aria-hidden="true" />
        <h1 className="text-6xl font-extrabold tracking-tight">This TV link was revoked</h1>
        <p className="text-3xl leading-snug text-slate-300">
          This screen no longer shows the leaderboard. Ask the owner of your TierTrack for a new TV link.
        </p>
      </div>
    </main>
  );
}
