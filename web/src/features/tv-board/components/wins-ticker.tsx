import { TV_TICKER_SIZE } from '@contract/limits';
import type { TvWin } from '@contract/tv-links';
import { Sparkles } from 'lucide-react';

import { formatCurrency } from '../../../lib/format';
import { formatEntryDay } from '../../../components/entries/entry-dates';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { formatRelativeTime } from '../utils/relative-time';
import { useNow } from '../../../hooks/use-now';

/** "5 minutes ago" moves on this often. */
const CLOCK_TICK_MS = 30_000;

/**
 * The latest wins, latest recorded first: who, how much (when the link shows amounts), how long ago it was recorded,
 * and the deal's day when that was another day ("Recorded 2 minutes ago · deal of Nov 1";
 * docs/decisions/0085-entry-dates-in-lists.md). A new one slides in.
 */
export function WinsTicker({ wins }: { wins: TvWin[] }) {
  const now = useNow(CLOCK_TICK_MS);
  const t = useT(messages);
  return (
    <section aria-labelledby="tv-wins-heading" className="flex min-h-0 flex-col gap-5 rounded-2xl bg-slate-900 p-6 ring-1 ring-slate-800">
      <h2 id="tv-wins-heading" className="flex items-center gap-3 text-4xl font-extrabold tracking-tight">
        <Sparkles className="size-10 shrink-0 text-amber-400" aria-hidden="true" />
        {t('latestWins')}
      </h2>
      {wins.length === 0 ? (
        <p className="text-2xl text-slate-300">{t('noWins')}</p>
      ) : (
        <ol aria-labelledby="tv-wins-heading" className="grid min-h-0 flex-1 grid-cols-1 gap-3 max-md:content-start md:grid-rows-[repeat(8,minmax(0,1fr))]">
          {wins.slice(0, TV_TICKER_SIZE).map((win) => (
            <li
              key={win.entryId}
              className="flex min-h-0 flex-col justify-center gap-1 border-b border-slate-800 last:border-b-0 motion-safe:animate-[tv-win-in_600ms_ease-out_both]"
            >
              <p className="flex items-baseline justify-between gap-4">
                <span className="min-w-0 truncate text-3xl font-bold">{win.agentName}</span>
                {win.amount !== undefined && (
                  <span className="shrink-0 text-3xl font-extrabold tabular-nums text-emerald-300">+{formatCurrency(win.amount)}</span>
                )}
              </p>
              <p className="text-xl text-slate-300">
                {withPart(t('recorded', { time: PART }), <time dateTime={win.recordedAt}>{formatRelativeTime(win.recordedAt, now)}</time>)}
                {win.dealDay !== win.recordedDay && (
                  <>
                    {' '}
                    <span className="whitespace-nowrap">
                      · {withPart(t('dealOf', { day: PART }), <time dateTime={win.dealDay}>{formatEntryDay(win.dealDay, false)}</time>)}
                    </span>
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
