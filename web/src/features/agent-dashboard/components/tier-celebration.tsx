import type { LiveEvent, TierReachedData } from '@contract/events';
import { Trophy } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CelebrationBanner } from '../../../components/live/celebration-banner';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { tierCardId } from './tier-card';

// In the live-update chunk, beside the stream it listens to (lib/live-updates.ts).
const LiveEventListener = lazy(() =>
  import('../../../components/live/live-connection').then((m) => ({ default: m.LiveEventListener })),
);

/**
 * "You reached <tier>!" when the live-update stream says the signed-in agent's total reached a tier, until dismissed.
 * The status region is on the page before anything is in it, so that screen readers announce what appears; the
 * banner moves in and its trophy wiggles only when the person has not asked for reduced motion.
 */
export function TierCelebration({ agentId, offersReward }: { agentId: number; offersReward: (tierId: number) => boolean }) {
  const t = useT(messages);
  // One entry can pass several thresholds: each arrives as its own event, the highest last.
  const [reached, setReached] = useState<TierReachedData[]>([]);
  const onEvent = (event: LiveEvent) => {
    // Other agents' tiers arrive too (public fields): only the agent's own is celebrated here.
    if (event.type !== 'tier.reached' || event.data.agentId !== agentId) return;
    const { data } = event;
    setReached((shown) => [...shown.filter((tier) => tier.tierId !== data.tierId), data]);
  };

  const latest = reached.at(-1);
  const earlier = reached.slice(0, -1).map((tier) => tier.tierName);
  // A tier that offers nothing to pick yet cannot be claimed (docs/decisions/0081-tier-offers.md): the banner says so.
  const claimable = reached.filter((tier) => offersReward(tier.tierId)).length;
  const showTier = (tierId: number) => {
    const card = document.getElementById(tierCardId(tierId));
    card?.scrollIntoView({ block: 'center' });
    card?.focus({ preventScroll: true });
  };

  return (
    <div role="status">
      <Suspense fallback={null}>
        <LiveEventListener onEvent={onEvent} />
      </Suspense>
      {latest && (
        <CelebrationBanner
          // A new tier plays the entrance again.
          key={latest.tierId}
          tone="border-amber-300 bg-gradient-to-r from-amber-50 via-white to-brand-50"
          ring={{ style: { borderColor: latest.tierColor } }}
          icon={<Trophy className="size-6 motion-safe:animate-celebrate-icon" style={{ color: latest.tierColor }} aria-hidden="true" />}
          title={t('reachedTitle', { tier: latest.tierName })}
          body={[
            ...(earlier.length > 0 ? [t('alsoReached', { tiers: earlier.join(', ') })] : []),
            claimable === 0 ? t('noRewardYet', { count: reached.length }) : t('claimFromCards', { count: claimable }),
          ].join(' ')}
          action={
            <Button variant="outline" size="sm" onClick={() => showTier(latest.tierId)}>
              {t('showTier', { tier: latest.tierName })}
            </Button>
          }
          onDismiss={() => setReached([])}
        />
      )}
    </div>
  );
}
