import type { TvContest } from '@contract/tv-links';
import { Crown, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount, formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { countdownText, hasEnded } from '../utils/countdown';

/** Gold, silver and bronze for the first three (as the boards). */
const rankStyles: Record<number, string> = {
  1: 'bg-amber-400 text-slate-950',
  2: 'bg-slate-200 text-slate-950',
  3: 'bg-orange-400 text-slate-950',
};

/** The clock, read again every second. */
function useSecondClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Countdown({ endsAt }: { endsAt: string }) {
  const t = useT(messages);
  const now = useSecondClock();
  const left = countdownText(endsAt, now);
  return (
    <p className="flex items-center gap-3 text-3xl font-bold tabular-nums text-amber-300">
      <Timer className="size-9 shrink-0" aria-hidden="true" />
      {/* Read once by screen readers: the figure changes every second. */}
      <span aria-label={t('timeLeft')}>{hasEnded(endsAt, now) ? left : t('endsIn', { left })}</span>
    </p>
  );
}

/**
 * A contest's slide (docs/decisions/0077-contests.md): running, its countdown and first places (a race's bars toward
 * its target); final, its winner crowned above the places as they froze.
 */
export function ContestSlide({ contest }: { contest: TvContest }) {
  const t = useT(messages);
  const figure = (value: number | string) => (contest.unit === 'count' ? formatCount(Number(value)) : formatCurrency(value));
  // A race's winner once it is won; a final total's first place (shared by a tie).
  const firsts = contest.top.filter((row) => row.rank === 1).map((row) => row.name);
  const winner = contest.raceWinner ?? (contest.state === 'final' && firsts.length > 0 ? firsts.join(' & ') : null);
  return (
    <div className="flex h-full min-h-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-8 gap-y-2">
        <p className="text-2xl text-slate-300">
          {contest.format !== 'race'
            ? t('mostByTheEnd', { metric: contest.metricName })
            : contest.target !== undefined
              ? t('firstToTarget', { metric: contest.metricName, target: figure(contest.target) })
              : t('firstToTheTarget', { metric: contest.metricName })}
        </p>
        {contest.state === 'running' ? <Countdown endsAt={contest.endsAt} /> : <p className="text-3xl font-bold text-emerald-300">{t('finalResults')}</p>}
      </div>
      {winner && (
        <p className="flex items-center justify-center gap-5 rounded-2xl bg-amber-400 px-8 py-4 text-5xl font-black text-slate-950 motion-safe:animate-[tv-celebrate-in_700ms_cubic-bezier(0.2,0.9,0.3,1.2)_both]">
          <Crown className="size-14 shrink-0" aria-hidden="true" />
          <span className="min-w-0 truncate">{contest.state === 'final' ? t('wins', { winner }) : t('wonTheRace', { winner })}</span>
        </p>
      )}
      {contest.top.length === 0 ? (
        <p className="flex flex-1 items-center justify-center rounded-2xl border-2 border-dashed border-slate-700 text-4xl font-semibold text-slate-300">{t('nobodyScored')}</p>
      ) : (
        <ol aria-label={t('standings', { name: contest.name })} className="grid min-h-0 flex-1 grid-cols-1 gap-2 max-md:content-start md:grid-rows-[repeat(10,minmax(0,1fr))]">
          {contest.top.map((row, index) => (
            <li key={`${row.rank}-${index}`} className={cn('flex min-h-0 items-center gap-5 rounded-xl bg-slate-900 px-5 ring-1 ring-slate-800', row.rank === 1 && 'ring-2 ring-amber-400')}>
              <span className={cn('flex size-14 shrink-0 items-center justify-center rounded-full text-3xl font-black tabular-nums', rankStyles[row.rank] ?? 'bg-slate-800 text-white')}>
                <span className="sr-only">{t('rank')} </span>
                {row.rank}
              </span>
              <span className="min-w-0 flex-1 truncate text-4xl font-bold">{row.name}</span>
              {row.percentOfTarget !== null && (
                <span className="hidden h-5 w-48 shrink-0 overflow-hidden rounded-full bg-slate-800 lg:block" aria-hidden="true">
                  <span className="block h-full rounded-full bg-emerald-400" style={{ width: `${Math.min(100, row.percentOfTarget)}%` }} />
                </span>
              )}
              {row.value !== undefined && <span className="shrink-0 text-4xl font-extrabold tabular-nums text-emerald-300">{figure(row.value)}</span>}
              {row.percentOfTarget !== null && <span className="shrink-0 text-2xl font-semibold tabular-nums text-slate-300">{t('percent', { percent: row.percentOfTarget })}</span>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
