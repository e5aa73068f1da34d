import { ArrowDown, ArrowUp, Minus, Sparkles } from 'lucide-react';
import { cn } from '../../lib/cn';
import { translate, useT } from '../../lib/i18n/translate';
import type { RankMovement } from '../../lib/rank-movement';
import { messages } from './messages';

const styles: Record<RankMovement['kind'], string> = {
  up: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  down: 'bg-red-50 text-red-800 ring-red-200',
  same: 'bg-slate-100 text-slate-700 ring-slate-200',
  new: 'bg-brand-50 text-brand-900 ring-brand-100',
};

/**
 * What the badge says to a screen reader (its arrow and figure are only a picture), in the language shown. `since`:
 * lib/periods.ts lastPeriodPhrase. `figure`: what the board ranks, for an agent new on it ("no income last month", "no
 * Calls last month"); income when absent.
 */
export function describeRankMovement(movement: RankMovement, since: string, figure?: string): string {
  switch (movement.kind) {
    case 'up':
      return translate(messages, 'up', { places: movement.places, since });
    case 'down':
      return translate(messages, 'down', { places: movement.places, since });
    case 'same':
      return translate(messages, 'same', { since });
    case 'new':
      return translate(messages, 'new', { figure: figure ?? translate(messages, 'incomeFigure'), since });
  }
}

interface RankMovementBadgeProps {
  movement: RankMovement;
  /** The previous period, ending a sentence: "last month". */
  since: string;
  /** What the board ranks, in words: "income" (the default) or a metric's name. */
  figure?: string;
  /** Spell the movement out on screen ("Up 2 places since last month") rather than as an arrow and a figure. */
  showWords?: boolean;
  className?: string;
}

/**
 * A rank's movement since the previous period: an arrow and the places gained or lost, "New", or a dash; the words
 * for assistive technology are in the text, not only in the colour.
 */
export function RankMovementBadge({ movement, since, figure, showWords = false, className }: RankMovementBadgeProps) {
  // Renders again when the language changes.
  const t = useT(messages);
  const words = describeRankMovement(movement, since, figure);
  const Icon = { up: ArrowUp, down: ArrowDown, same: Minus, new: Sparkles }[movement.kind];
  return (
    <span
      title={showWords ? undefined : words}
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset',
        styles[movement.kind],
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {showWords ? (
        <span className="px-0.5">{words}</span>
      ) : (
        <>
          <span aria-hidden="true">{movement.kind === 'up' || movement.kind === 'down' ? movement.places : movement.kind === 'new' ? t('newShort') : null}</span>
          <span className="sr-only">{words}</span>
        </>
      )}
    </span>
  );
}
