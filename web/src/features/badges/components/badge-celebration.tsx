import type { BadgeAwardedData, LiveEvent } from '@contract/events';
import { Award, Sparkles, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';

// In the live-update chunk, beside the stream it listens to (lib/live-updates.ts).
const LiveEventListener = lazy(() => import('../../../components/live/live-connection').then((m) => ({ default: m.LiveEventListener })));

/** The id of "My badges"' heading (my-badges.tsx, a chunk loaded later), where "Show my badges" moves the focus. */
export const MY_BADGES_HEADING_ID = 'my-badges-heading';

/**
 * "You earned the <name> badge!" with what earned it, when the live-update stream says the signed-in agent earned a
 * badge, until dismissed; as TierCelebration celebrates a tier. The status region is on the page before anything is
 * in it, so that screen readers announce what appears; the banner moves in and its medal wiggles only when the person
 * has not asked for reduced motion.
 */
export function BadgeCelebration({ agentId }: { agentId: number }) {
  // One entry can earn several badges (a first sale and a tier): each arrives as its own event.
  const [earned, setEarned] = useState<BadgeAwardedData[]>([]);
  const onEvent = (event: LiveEvent) => {
    // Other agents' badges arrive too (public fields): only the agent's own is celebrated here.
    if (event.type !== 'badge.awarded' || event.data.agentId !== agentId) return;
    const { data } = event;
    setEarned((shown) => [...shown.filter((badge) => badge.badgeId !== data.badgeId), data]);
  };

  const latest = earned.at(-1);
  const earlier = earned.slice(0, -1).map((badge) => badge.name);
  const showBadges = () => {
    const heading = document.getElementById(MY_BADGES_HEADING_ID);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };

  return (
    <div role="status">
      <Suspense fallback={null}>
        <LiveEventListener onEvent={onEvent} />
      </Suspense>
      {latest && (
        <div
          // A new badge plays the entrance again.
          key={latest.badgeId}
          className="mb-6 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 rounded-xl border border-violet-300 bg-gradient-to-r from-violet-50 via-white to-amber-50 p-4 shadow-sm motion-safe:animate-celebrate-in sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:p-5"
        >
          <span className="relative flex size-12 shrink-0 items-center justify-center rounded-full border-2 border-violet-400 bg-white">
            <Award className="size-6 text-violet-700 motion-safe:animate-celebrate-icon" aria-hidden="true" />
            <Sparkles className="absolute -right-2 -top-2 size-5 text-amber-500 motion-safe:animate-celebrate-spark" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">You earned the {latest.name} badge!</p>
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
              {latest.detail}.{earlier.length > 0 && ` Also earned: ${earlier.join(', ')}.`}
            </p>
          </div>
          <div className="col-start-2 flex items-center gap-2 sm:col-start-3">
            <Button variant="outline" size="sm" onClick={showBadges}>
              Show my badges
            </Button>
            <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={() => setEarned([])}>
              <X aria-hidden="true" />
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
