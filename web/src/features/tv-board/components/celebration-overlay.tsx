import { Sparkles, Trophy } from 'lucide-react';
import { useEffect } from 'react';
import type { Celebration } from '../api/use-tv-board';
import { readableTextOn } from '../utils/readable-text';

/** How long "<Name> reached <Tier>!" fills the screen. */
const CELEBRATION_MS = 6_000;

const sparks = ['left-[12%] top-[18%]', 'right-[14%] top-[22%]', 'left-[18%] bottom-[16%]', 'right-[10%] bottom-[20%]'];

/**
 * "<Name> reached <Tier>!" over the board, in the tier's colour, for CELEBRATION_MS; then the next one waiting. The
 * status region is on the page before anything is in it, so that screen readers announce each celebration; it pops in
 * and sparkles only when the viewer has not asked for reduced motion.
 */
export function TierCelebrationOverlay({ celebration, onDone }: { celebration: Celebration | undefined; onDone: () => void }) {
  useEffect(() => {
    if (!celebration) return;
    const timer = setTimeout(onDone, CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [celebration, onDone]);

  const tier = celebration && readableTextOn(celebration.tierColor);
  return (
    <div role="status">
      {celebration && tier && (
        <div key={celebration.key} className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/95 p-16">
          {sparks.map((place) => (
            <Sparkles
              key={place}
              className={`absolute size-20 ${place} motion-safe:animate-[tv-spark_1200ms_ease-in-out_infinite]`}
              style={{ color: tier.background }}
              aria-hidden="true"
            />
          ))}
          <div
            className="flex max-w-[80%] flex-col items-center gap-10 rounded-[2.5rem] border-[0.5rem] bg-slate-900 px-20 py-16 text-center motion-safe:animate-[tv-celebrate-in_700ms_cubic-bezier(0.2,0.9,0.3,1.2)_both]"
            style={{ borderColor: tier.background, boxShadow: `0 0 8rem ${tier.background}` }}
          >
            <Trophy className="size-36 motion-safe:animate-bounce" style={{ color: tier.background }} aria-hidden="true" />
            <p className="text-7xl font-black leading-tight tracking-tight text-white [overflow-wrap:anywhere]">
              {celebration.agentName} reached{' '}
              <span className="whitespace-nowrap rounded-2xl px-5" style={{ backgroundColor: tier.background, color: tier.color }}>
                {celebration.tierName}
              </span>
              !
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
