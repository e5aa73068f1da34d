import type { Contest, ContestStanding } from '@contract/contests';
import { Trophy } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { translate, useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { contestAmount, formatContestFigure, placeName } from '../utils/contest-text';

type Shown = Pick<Contest, 'unit' | 'metricName' | 'format'>;

/** The colours of the first three places (the place is also written: colour is never alone). */
export const PLACE_STYLES: Record<number, string> = {
  1: 'bg-amber-100 text-amber-900 ring-amber-300',
  2: 'bg-slate-200 text-slate-900 ring-slate-300',
  3: 'bg-orange-100 text-orange-900 ring-orange-300',
};

/** "$300 behind 2nd", "Tied for 3rd", "Leading" (the first), "Won the race". */
export function gapText(contest: Shown, row: ContestStanding, above: ContestStanding | undefined, winner: boolean): string {
  if (winner) return translate(messages, 'wonTheRace');
  if (!above || row.gap === null) return row.rank === 1 && Number(row.value) > 0 ? translate(messages, 'leadingShort') : '';
  if (Number(row.gap) === 0) return translate(messages, 'tiedForShort', { place: placeName(row.rank) });
  return translate(messages, 'behindShort', { amount: contestAmount(contest, row.gap), place: placeName(above.rank) });
}

/** A race's progress towards its target, as a bar and in words. */
export function TargetBar({ name, percent }: { name: string; percent: number }) {
  const t = useT(messages);
  const done = Math.min(100, Math.max(0, percent));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={t('percentOfTarget', { name, percent: String(percent) })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done}
        className="h-2 w-full min-w-0 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn('h-full rounded-full', done >= 100 ? 'bg-emerald-600' : 'bg-brand-600')} style={{ width: `${done}%` }} />
      </div>
      <span className="w-11 shrink-0 text-right text-xs font-medium tabular-nums text-slate-700">{t('percent', { percent: String(percent) })}</span>
    </div>
  );
}

/** One place: rank, name (and "You"), the gap to the place above, a race's bar, the figure. */
export function StandingRow({ contest, row, above, winner }: { contest: Shown; row: ContestStanding; above?: ContestStanding; winner: boolean }) {
  const t = useT(messages);
  const gap = gapText(contest, row, above, winner);
  return (
    <li
      aria-current={row.me ? 'true' : undefined}
      className={cn('grid grid-cols-[2.25rem_minmax(0,1fr)_auto] items-center gap-3 rounded-lg border px-3 py-2', row.me ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white')}
    >
      <span className={cn('flex size-9 items-center justify-center rounded-full text-sm font-bold ring-1', PLACE_STYLES[row.rank] ?? 'bg-white text-slate-800 ring-slate-200')}>
        <span aria-hidden="true">{row.rank}</span>
        <span className="sr-only">{t('placeSr', { place: placeName(row.rank) })}</span>
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{row.name}</span>
          {row.me && <Badge variant="default">{t('you')}</Badge>}
          {winner && (
            <Badge variant="success" className="gap-1">
              <Trophy className="size-3" aria-hidden="true" />
              {t('winner')}
            </Badge>
          )}
        </p>
        {gap && <p className="text-xs text-slate-700">{gap}</p>}
        {contest.format === 'race' && row.percentOfTarget !== null && <TargetBar name={row.name} percent={row.percentOfTarget} />}
      </div>
      <span className="min-w-16 text-right font-semibold tabular-nums text-slate-900">{formatContestFigure(contest.unit, row.value)}</span>
    </li>
  );
}

/** Places in order, each with the place above it (for its gap); `from` is the index of the first shown. */
export function StandingRows({ contest, rows, all, from = 0, raceWinner, label }: { contest: Shown; rows: ContestStanding[]; all: ContestStanding[]; from?: number; raceWinner: string | null; label: string }) {
  return (
    <ol aria-label={label} className="grid gap-2">
      {rows.map((row, i) => {
        const index = from + i;
        return <StandingRow key={`${row.id ?? 'hidden'}-${index}`} contest={contest} row={row} above={index > 0 ? all[index - 1] : undefined} winner={index === 0 && raceWinner !== null} />;
      })}
    </ol>
  );
}
