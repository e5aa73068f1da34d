import type { Contest, ContestStanding } from '@contract/contests';
import { Medal, Trophy, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { useContestStandings } from '../api/contests';
import { formatContestFigure, placeName } from '../utils/contest-text';
import { PLACE_STYLES, StandingRows } from './standings-list';

/** Places shown at first; a long contest shows more on request. */
const FIRST_ROWS = 25;

/**
 * A contest's standings on its detail (staff): live while it runs (the stream's contest events read them again), the
 * race's winner when there is one, and a final contest's frozen results with the podium first.
 */
export function ContestStandingsPanel({ contest }: { contest: Contest }) {
  const t = useT(messages);
  const standings = useContestStandings(contest.id);
  const [shown, setShown] = useState(FIRST_ROWS);
  if (standings.isPending) return <Spinner label={t('loadingStandings')} className="min-h-32" />;
  if (standings.isError) return <LoadError error={standings.error} fallback={t('standingsLoadFailed')} />;
  const { standings: rows, raceWinner } = standings.data;
  const final = standings.data.state === 'final';
  const heading = final ? t('finalResults') : contest.state === 'draft' || contest.state === 'scheduled' ? t('takingPart') : t('liveStandings');
  const podium = final ? rows.filter((row) => row.rank <= 3 && Number(row.value) > 0) : [];
  const rest = rows.slice(podium.length);
  const visible = rest.slice(0, shown);

  return (
    <section aria-labelledby={`contest-${contest.id}-standings`} className="grid gap-3">
      <h5 id={`contest-${contest.id}-standings`} className="text-base font-semibold text-slate-900">
        {heading}
        <span className="ml-2 text-sm font-normal text-slate-600">
          {contest.teamsCompete ? t('teamCount', { count: standings.data.total }) : t('agentCount', { count: standings.data.total })}
        </span>
      </h5>
      {raceWinner !== null && (
        <p role="status" className="flex items-center gap-2 rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
          <Trophy className="size-4 shrink-0" aria-hidden="true" />
          {t('wonRace', { name: raceWinner })}
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState icon={UsersRound} title={t('nobodyTakesPart')} description={t('nobodyTakesPartText')} />
      ) : (
        <>
          {podium.length > 0 && <Podium contest={contest} places={podium} />}
          {visible.length > 0 && (
            <StandingRows contest={contest} rows={visible} all={rows} from={podium.length} raceWinner={final ? null : raceWinner} label={final ? t('results') : t('standings')} />
          )}
          {rest.length > shown && (
            <Button variant="outline" className="justify-self-start" onClick={() => setShown((count) => count + 100)}>
              {t('showMore', { count: rest.length - shown })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** The first three places of a final contest, the winner in the middle from a tablet's width up, with their prizes. */
function Podium({ contest, places }: { contest: Contest; places: ContestStanding[] }) {
  const t = useT(messages);
  const prizeOf = (rank: number) => contest.prizes.find((prize) => prize.place === rank)?.text;
  // Second, first, third on a wide screen; the order of the list stays first to third.
  const order: Record<number, string> = { 1: 'sm:order-2 sm:pt-0', 2: 'sm:order-1 sm:pt-6', 3: 'sm:order-3 sm:pt-10' };
  return (
    <ol aria-label={t('podium')} className="grid gap-3 sm:grid-cols-3 sm:items-end">
      {places.map((row, index) => (
        <li key={`${row.id ?? 'hidden'}-${index}`} className={cn('grid', order[row.rank])}>
          <div className={cn('grid justify-items-center gap-1 rounded-xl px-3 py-4 text-center ring-1', PLACE_STYLES[row.rank], row.me && 'outline-2 outline-brand-600')}>
            <Medal className="size-7" aria-hidden="true" />
            <p className="text-sm font-semibold">{t('placeSr', { place: placeName(row.rank) })}</p>
            <p className="text-lg font-bold [overflow-wrap:anywhere]">
              {row.name}
              {row.me && <span className="sr-only"> {t('youSr')}</span>}
            </p>
            <p className="font-semibold tabular-nums">{formatContestFigure(contest.unit, row.value)}</p>
            {prizeOf(row.rank) && <p className="text-sm [overflow-wrap:anywhere]">{t('prizeColon', { prize: prizeOf(row.rank) })}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
