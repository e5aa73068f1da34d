import type { Contest, ContestStanding, ContestStandings } from '@contract/contests';
import { Flag, TrendingUp, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { formatCount } from '../../../lib/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { useContests, useContestStandings } from '../api/contests';
import { contestAmount, contestFormatText, contestWindowText, placeName } from '../utils/contest-text';
import { movedUpText } from '../utils/place-change';
import { ContestStateBadge } from './contest-state-badge';
import { Countdown } from './countdown';
import { StandingRow, StandingRows, TargetBar } from './standings-list';

/** The top of the standings an agent sees on its dashboard; its own row follows when it is lower. */
const TOP = 5;

/** Running first, then ended (results soon), then scheduled (the soonest first). */
const ORDER: Partial<Record<Contest['state'], number>> = { running: 0, ended: 1, scheduled: 2 };

/**
 * "Your contests" on the agent's dashboard: the running, just ended and scheduled contests it takes part in (the API
 * shows an agent only those), each with its place, its figure, the gap to the place above, a countdown and the top of
 * the standings with its own row marked. Live: the stream's contest events read them again. Nothing while there is none.
 */
export function MyContests() {
  const t = useT(messages);
  const contests = useContests();
  const list = (contests.data ?? [])
    .filter((contest) => ORDER[contest.state] !== undefined)
    .sort((a, b) => ORDER[a.state]! - ORDER[b.state]! || a.startsAt.localeCompare(b.startsAt));
  if (list.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="my-contests-heading">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="my-contests-heading" className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight text-slate-900">
          <Flag className="size-5 text-brand-600" aria-hidden="true" />
          {t('yourContests')}
        </h2>
        <CardDescription>{t('yourContestsText')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <ul aria-label={t('yourContests')} className="grid gap-4 lg:grid-cols-2">
          {list.map((contest) => (
            <li key={contest.id}>
              <MyContestCard contest={contest} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MyContestCard({ contest }: { contest: Contest }) {
  const t = useT(messages);
  const started = contest.state !== 'scheduled';
  const standings = useContestStandings(contest.id, started);
  const headingId = `my-contest-${contest.id}`;
  return (
    // A group, not an article: the dashboard's articles are its tier cards.
    <div role="group" aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={headingId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {contest.name}
          </h3>
          <p className="text-sm text-slate-700">
            {contest.metricName} · {contestFormatText(contest)}
          </p>
          <p className="text-sm text-slate-700">{contestWindowText(contest)}</p>
        </div>
        <ContestStateBadge state={contest.state} />
      </div>
      {contest.description && <p className="whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{contest.description}</p>}
      {contest.state === 'running' && <Countdown until={new Date(contest.closesAt)} label={t('endsIn')} doneText={t('endingNow')} />}
      {contest.state === 'scheduled' && <Countdown until={new Date(contest.opensAt)} label={t('startsIn')} doneText={t('startingNow')} />}
      {contest.state === 'ended' && <p className="text-sm text-slate-700">{t('endedSoonFinal')}</p>}
      {started &&
        (standings.isError ? (
          <LoadError error={standings.error} fallback={t('standingsLoadFailed')} />
        ) : standings.data ? (
          <MyStanding contest={contest} standings={standings.data} />
        ) : (
          <p role="status" className="text-sm text-slate-700">
            {t('loadingStandings')}
          </p>
        ))}
      {contest.prizes.length > 0 && (
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
          <span className="font-medium text-slate-900">{t('prizesColon')} </span>
          {contest.prizes.map((prize) => t('prizeLine', { place: placeName(prize.place), prize: prize.text })).join(' · ')}
        </p>
      )}
    </div>
  );
}

/** "You are 3rd of 12 · 14 Calls · 3 Calls behind 2nd", a race's progress, and the top of the standings. */
function MyStanding({ contest, standings }: { contest: Contest; standings: ContestStandings }) {
  const t = useT(messages);
  const page = standings.standings;
  // The reader's place: on the first page read, or after it (the standings give it wherever it is).
  const onPage = page.findIndex((row) => row.me);
  const mine = onPage >= 0 ? page[onPage] : (standings.mine ?? undefined);
  const rows = onPage >= 0 || !mine ? page : [...page, mine];
  const index = onPage >= 0 ? onPage : mine ? rows.length - 1 : -1;
  const team = contest.teamsCompete ? 'yes' : 'no';
  const who = t('who', { team });
  const { movedUp, dismiss } = useMovedUp(mine?.rank, contest.teamsCompete);
  return (
    <div className="grid gap-3">
      {/* On the page before anything is in it, so that screen readers announce the move as it appears. */}
      <div role="status">
        {movedUp && (
          <div key={movedUp.key} className="flex items-center gap-2 rounded-md border border-emerald-200 bg-emerald-50 py-1 pl-3 pr-1 text-sm font-semibold text-emerald-900 motion-safe:animate-celebrate-in">
            <TrendingUp className="size-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0 flex-1">{movedUp.text}</p>
            <Button variant="ghost" size="icon" aria-label={t('dismiss', { text: movedUp.text })} onClick={dismiss}>
              <X aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      {standings.raceWinner !== null && (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">{mine && index === 0 ? t('youWonRace', { team }) : t('wonRace', { name: standings.raceWinner })}</p>
      )}
      {mine ? (
        <div className="grid gap-2 rounded-md bg-brand-50 px-3 py-2" aria-label={t('whoPlace', { team, place: placeName(mine.rank), total: formatCount(standings.total) })} role="group">
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-2xl font-bold text-slate-900">{placeName(mine.rank)}</span>
            <span className="text-sm text-slate-700">{t('ofTotal', { total: formatCount(standings.total) })}</span>
            <span className="font-semibold text-slate-900">{contestAmount(contest, mine.value)}</span>
          </p>
          <p className="text-sm font-medium text-slate-800">{placeLine(contest, rows, index, standings.raceWinner !== null, onPage < 0)}</p>
          {contest.format === 'race' && mine.percentOfTarget !== null && (
            <>
              <TargetBar name={who} percent={mine.percentOfTarget} />
              {contest.target !== null && Number(mine.value) < Number(contest.target) && (
                <p className="text-xs text-slate-700">{t('toTarget', { amount: contestAmount(contest, Number(contest.target) - Number(mine.value)) })}</p>
              )}
            </>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-700">{contest.teamsCompete ? t('teamsNotIn') : t('notInStandings')}</p>
      )}
      {rows.length > 0 && (
        <div className="grid gap-2">
          <StandingRows contest={contest} rows={rows.slice(0, TOP)} all={rows} raceWinner={standings.raceWinner} label={t('topOf', { count: Math.min(TOP, rows.length), name: contest.name })} />
          {mine && index >= TOP && (
            <ol aria-label={t('whoIn', { team, name: contest.name })} className="grid gap-2">
              <StandingRow contest={contest} row={mine} above={rows[index - 1]} winner={false} />
            </ol>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * "You moved up to 2nd!" when the standings, read again as the stream tells of them, put the reader higher than the
 * last read did; until dismissed, or the next fall.
 */
function useMovedUp(rank: number | undefined, team: boolean) {
  const last = useRef(rank);
  const [shown, setShown] = useState<{ text: string; key: number } | null>(null);
  useEffect(() => {
    const previous = last.current;
    last.current = rank;
    if (previous === rank) return;
    const text = movedUpText(previous, rank, team);
    setShown(text ? { text, key: Date.now() } : null);
  }, [rank, team]);
  return { movedUp: shown, dismiss: () => setShown(null) };
}

/** What the reader's place means: the gap to the place above, a tie, or the lead and by how much. */
function placeLine(contest: Contest, rows: ContestStanding[], index: number, raceWon: boolean, offPage = false): string {
  const mine = rows[index]!;
  const above = rows[index - 1];
  const below = rows[index + 1];
  if (raceWon && index === 0) return translate(messages, 'firstToTarget');
  if (!above) {
    if (Number(mine.value) === 0) return translate(messages, 'nothingYet');
    if (!below) return translate(messages, 'leading');
    return Number(below.value) === Number(mine.value)
      ? translate(messages, 'tiedFor', { place: placeName(1) })
      : translate(messages, 'leadingBy', { amount: contestAmount(contest, below.gap ?? 0) });
  }
  if (Number(mine.gap ?? 0) === 0) return translate(messages, 'tiedFor', { place: placeName(mine.rank) });
  // Beyond the first page read, the place just above is not among the rows: its gap is still the reader's own.
  return offPage
    ? translate(messages, 'behindAbove', { amount: contestAmount(contest, mine.gap!) })
    : translate(messages, 'behindPlace', { amount: contestAmount(contest, mine.gap!), place: placeName(above.rank) });
}
