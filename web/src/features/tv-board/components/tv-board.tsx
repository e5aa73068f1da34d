import { useEffect } from 'react';
import { useOrgSettings } from '../../../lib/org-settings';
import { useTvBoard } from '../api/use-tv-board';
import { ConnectionStatus } from './connection-status';
import { RotatingBoards } from './rotating-boards';
import { CelebrationOverlay } from './celebration-overlay';
import { TvLinkGoneScreen, TvLoadingScreen } from './tv-status-screens';
import { TV_LINK_NOT_FOUND } from '@contract/tv-link-messages';
import { ApiError } from '../../../lib/api-client';
import { WinsTicker } from './wins-ticker';
import './tv-board.css';

/**
 * /tv/{token}: the leaderboard for an office screen, signed out (docs/product.md §11.20, §12.8). The week's and the
 * month's top agents take turns, the latest wins run down the side, and a tier reached or a badge earned fills the
 * screen for a moment. It follows the link's event stream and reads the board again when it changes; once the link is
 * revoked it says so and stops.
 */
export function TvBoard({ token }: { token: string }) {
  const { snapshot, revoked, connection, celebration, celebrationDone } = useTvBoard(token);
  const name = snapshot.data?.name;
  const { orgName } = useOrgSettings();

  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = `${name} · TierTrack`;
    return () => void (document.title = before);
  }, [name]);

  // A 404 says which: an address that never was a link (mistyped) or one revoked since.
  if (revoked) return <TvLinkGoneScreen why={snapshot.error instanceof ApiError && snapshot.error.serverMessage === TV_LINK_NOT_FOUND ? 'not-found' : 'revoked'} />;
  if (!snapshot.data) return <TvLoadingScreen retrying={snapshot.failureCount > 0} />;
  const { week, month, wins, teamGoals, metricBoards, contests, showAmounts } = snapshot.data;
  return (
    // A screen narrower than a tablet (a phone showing the board) stacks the wins under the boards and scrolls down.
    <div className="tv-board flex min-h-screen flex-col gap-6 bg-slate-950 p-4 text-white md:h-screen md:overflow-hidden md:p-8">
      <main className="flex min-h-0 flex-1 flex-col">
        <div className="grid min-h-0 flex-1 grid-cols-1 gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <RotatingBoards week={week} month={month} teamGoals={teamGoals} metricBoards={metricBoards} contests={contests} showAmounts={showAmounts} />
          <WinsTicker wins={wins} />
        </div>
        <CelebrationOverlay celebration={celebration} onDone={celebrationDone} />
      </main>
      <footer className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 text-lg text-slate-300">
        <span className="font-semibold text-white">{orgName}</span>
        <p className="flex min-w-0 items-center gap-4">
          <span className="truncate">{name}</span>
          <ConnectionStatus state={connection} />
        </p>
      </footer>
    </div>
  );
}
