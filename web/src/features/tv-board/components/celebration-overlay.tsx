import { Award, Sparkles, Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { isBadgeCelebration, type BadgeCelebration, type Celebration, type TierCelebration } from '../api/use-tv-board';
import { messages } from '../messages';
import { readableTextOn } from '../utils/readable-text';

/** How long "<Name> reached <Tier>!" or "<Name> earned <Badge>!" fills the screen. */
const CELEBRATION_MS = 6_000;

const sparks = ['left-[12%] top-[18%]', 'right-[14%] top-[22%]', 'left-[18%] bottom-[16%]', 'right-[10%] bottom-[20%]'];

/** A badge's colour on the board: the gold of a medal, whatever the badge (tiers have their own colours). */
const BADGE_COLOUR = '#f59e0b';

/**
 * A tier reached ("<Name> reached <Tier>!", in the tier's colour) or a badge earned ("<Name> earned the <Badge>
 * badge!", with what earned it) over the board, for CELEBRATION_MS; then the next one waiting. The status region is
 * on the page before anything is in it, so that screen readers announce each celebration; it pops in and sparkles only
 * when the viewer has not asked for reduced motion.
 */
export function CelebrationOverlay({ celebration, onDone }: { celebration: Celebration | undefined; onDone: () => void }) {
  useEffect(() => {
    if (!celebration) return;
    const timer = setTimeout(onDone, CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [celebration, onDone]);

  const colours = celebration && readableTextOn(isBadgeCelebration(celebration) ? BADGE_COLOUR : celebration.tierColor);
  return (
    <div role="status">
      {celebration && colours && (
        <div key={celebration.key} className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/95 p-4 md:p-16">
          {sparks.map((place) => (
            <Sparkles
              key={place}
              className={`absolute size-20 ${place} motion-safe:animate-[tv-spark_1200ms_ease-in-out_infinite]`}
              style={{ color: colours.background }}
              aria-hidden="true"
            />
          ))}
          <div
            className="flex max-w-full flex-col items-center gap-10 rounded-[2.5rem] border-[0.5rem] bg-slate-900 px-6 py-10 text-center md:max-w-[80%] md:px-20 md:py-16 motion-safe:animate-[tv-celebrate-in_700ms_cubic-bezier(0.2,0.9,0.3,1.2)_both]"
            style={{ borderColor: colours.background, boxShadow: `0 0 8rem ${colours.background}` }}
          >
            {isBadgeCelebration(celebration) ? <BadgeEarned badge={celebration} colours={colours} /> : <TierReached tier={celebration} colours={colours} />}
          </div>
        </div>
      )}
    </div>
  );
}

type Colours = ReturnType<typeof readableTextOn>;

function TierReached({ tier, colours }: { tier: TierCelebration; colours: Colours }) {
  const t = useT(messages);
  return (
    <>
      <Trophy className="size-36 motion-safe:animate-bounce" style={{ color: colours.background }} aria-hidden="true" />
      <p className="text-5xl font-black leading-tight tracking-tight text-white [overflow-wrap:anywhere] md:text-7xl">
        {withPart(
          t('reachedTier', { name: tier.agentName, tier: PART }),
          <span className="whitespace-nowrap rounded-2xl px-5" style={{ backgroundColor: colours.background, color: colours.color }}>
            {tier.tierName}
          </span>,
        )}
      </p>
    </>
  );
}

function BadgeEarned({ badge, colours }: { badge: BadgeCelebration; colours: Colours }) {
  const t = useT(messages);
  return (
    <>
      <Award className="size-36 motion-safe:animate-bounce" style={{ color: colours.background }} aria-hidden="true" />
      <p className="text-5xl font-black leading-tight tracking-tight text-white [overflow-wrap:anywhere] md:text-7xl">
        {withPart(
          t('earnedBadge', { name: badge.agentName, badge: PART }),
          <span className="rounded-2xl px-5 [box-decoration-break:clone]" style={{ backgroundColor: colours.background, color: colours.color }}>
            {badge.name}
          </span>,
        )}
      </p>
      <p className="text-3xl font-semibold text-slate-200 [overflow-wrap:anywhere] md:text-4xl">{badge.detail}</p>
    </>
  );
}
