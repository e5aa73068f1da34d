import type { BadgeAwardedData, LiveEvent } from '@contract/events';
import { Award } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CelebrationBanner } from '../../../components/live/celebration-banner';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

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
  const t = useT(messages);
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
        <CelebrationBanner
          // A new badge plays the entrance again.
          key={latest.badgeId}
          tone="border-violet-300 bg-gradient-to-r from-violet-50 via-white to-amber-50"
          ring={{ className: 'border-violet-400' }}
          icon={<Award className="size-6 text-violet-700 motion-safe:animate-celebrate-icon" aria-hidden="true" />}
          title={t('celebrationTitle', { name: latest.name })}
          body={earlier.length > 0 ? t('celebrationBodyAlso', { detail: latest.detail, earlier: earlier.join(', ') }) : t('celebrationBody', { detail: latest.detail })}
          action={
            <Button variant="outline" size="sm" onClick={showBadges}>
              {t('showMyBadges')}
            </Button>
          }
          onDismiss={() => setEarned([])}
        />
      )}
    </div>
  );
}
