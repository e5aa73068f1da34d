import type { Contest, ContestState } from '@contract/contests';
import { Flag, Plus, Trophy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { useTeams } from '../../../lib/teams';
import { useContests, useContestStandings } from '../api/contests';
import { messages } from '../messages';
import { contestAmount, contestFormatText, contestWindowText, participantsText, stateLabel, STATE_ORDER } from '../utils/contest-text';
import { ContestActions } from './contest-actions';
import { ContestDetail } from './contest-detail';
import { ContestFormDialog } from './contest-form-dialog';
import { ContestStateBadge } from './contest-state-badge';
import { Countdown } from './countdown';

type Filter = ContestState | 'all';

/**
 * The Contests tab (owners and managers): every contest in the reader's scope, by state (running first), each with what
 * it is, when, who takes part, and what may be done to it; a new contest from a dialog that previews its participants;
 * a contest opened shows its live standings. `activeAgents`: how many active agents "everyone" is.
 */
export function ContestsTab({ activeAgents }: { activeAgents?: number }) {
  const t = useT(messages);
  const contests = useContests();
  const teams = useTeams();
  const [filter, setFilter] = useState<Filter>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  // Back from a contest, the focus returns to the contest it was opened from.
  const returnTo = useRef<number | null>(null);
  const list = contests.data ?? [];
  const opened = list.find((contest) => contest.id === openId);
  const teamNames = new Map((teams.data?.teams ?? []).map((team) => [team.id, team.name]));

  useEffect(() => {
    if (opened || returnTo.current === null) return;
    document.getElementById(`contest-open-${returnTo.current}`)?.focus();
    returnTo.current = null;
  }, [opened]);

  const openContest = (id: number) => setOpenId(id);
  const back = () => {
    returnTo.current = openId;
    setOpenId(null);
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Flag className="size-5 text-brand-600" aria-hidden="true" />
            {t('contests')}
          </CardTitle>
          <CardDescription>{t('contestsText')}</CardDescription>
        </div>
        <Button onClick={() => setCreating(true)} aria-haspopup="dialog">
          <Plus aria-hidden="true" />
          {t('newContest')}
        </Button>
        <ContestFormDialog open={creating} onOpenChange={setCreating} activeAgents={activeAgents} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {contests.isPending ? (
          <Spinner label={t('loadingContests')} className="min-h-40" />
        ) : contests.isError ? (
          <LoadError error={contests.error} fallback={t('contestsLoadFailed')} />
        ) : opened ? (
          <ContestDetail contest={opened} teamNames={teamNames} activeAgents={activeAgents} onBack={back} />
        ) : list.length === 0 ? (
          <EmptyState icon={Flag} title={t('noContests')} description={t('noContestsText', { amount: formatCurrency(10_000) })} />
        ) : (
          <ContestList contests={list} filter={filter} onFilter={setFilter} teamNames={teamNames} activeAgents={activeAgents} onOpen={openContest} />
        )}
      </CardContent>
    </Card>
  );
}

function ContestList({
  contests,
  filter,
  onFilter,
  teamNames,
  activeAgents,
  onOpen,
}: {
  contests: Contest[];
  filter: Filter;
  onFilter: (filter: Filter) => void;
  teamNames: ReadonlyMap<number, string>;
  activeAgents?: number;
  onOpen: (id: number) => void;
}) {
  const t = useT(messages);
  const count = (state: ContestState) => contests.filter((contest) => contest.state === state).length;
  // The states that have contests (and the one chosen), so that the choice stays short on a phone.
  const options = [
    { value: 'all' as Filter, label: t('filterAll', { count: formatCount(contests.length) }) },
    ...STATE_ORDER.filter((state) => count(state) > 0 || state === filter).map((state) => ({
      value: state as Filter,
      label: t('filterState', { state: stateLabel(state), count: formatCount(count(state)) }),
    })),
  ];
  const groups = (filter === 'all' ? STATE_ORDER : [filter]).map((state) => ({ state, contests: contests.filter((contest) => contest.state === state) }));
  const item = (contest: Contest) => <ContestItem key={contest.id} contest={contest} teamNames={teamNames} activeAgents={activeAgents} onOpen={onOpen} />;
  return (
    <div className="grid gap-5">
      <SegmentedControl legend={t('showContests')} value={filter} options={options} onChange={onFilter} />
      {filter !== 'all' && groups[0]!.contests.length === 0 ? (
        <EmptyState icon={Flag} title={t('noStateContests', { state: filter })} />
      ) : (
        groups
          .filter((group) => group.contests.length > 0)
          .map((group) => (
            <section key={group.state} aria-labelledby={`contests-${group.state}`} className="grid gap-2">
              <h4 id={`contests-${group.state}`} className="text-sm font-semibold uppercase tracking-wide text-slate-700">
                {stateLabel(group.state)}
              </h4>
              <ul aria-label={t('stateContests', { state: group.state })} className="grid gap-3 lg:grid-cols-2">
                {group.contests.map(item)}
              </ul>
            </section>
          ))
      )}
    </div>
  );
}

/** One contest in the list: its name opens it; what it is in two lines; a countdown while scheduled or running; its actions. */
function ContestItem({ contest, teamNames, activeAgents, onOpen }: { contest: Contest; teamNames: ReadonlyMap<number, string>; activeAgents?: number; onOpen: (id: number) => void }) {
  const t = useT(messages);
  return (
    <li className="grid content-start gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="grid gap-1">
        <div className="flex items-start justify-between gap-2">
          <h5 className="min-w-0 font-semibold text-slate-900">
            <button
              id={`contest-open-${contest.id}`}
              type="button"
              onClick={() => onOpen(contest.id)}
              className="rounded-sm text-left underline-offset-4 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {contest.name}
              <span className="sr-only">{t('openStandings')}</span>
            </button>
          </h5>
          <ContestStateBadge state={contest.state} />
        </div>
        <p className="text-sm text-slate-700">
          {contest.metricName} · {contestFormatText(contest)}
        </p>
        <p className="text-sm text-slate-700">{contestWindowText(contest)}</p>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
          {[
            participantsText(contest, teamNames),
            contest.prizes.length === 0 ? '' : t('prizeCount', { count: contest.prizes.length }),
            contest.recurrence === 'weekly' ? t('everyWeek') : contest.recurrence === 'monthly' ? t('everyMonth') : '',
            contest.showOnTv ? t('onTheTv') : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {(contest.state === 'running' || contest.state === 'ended' || contest.state === 'final') && <LeaderLine contest={contest} />}
      </div>
      {contest.state === 'running' && <Countdown until={new Date(contest.closesAt)} label={t('endsIn')} doneText={t('endingNow')} />}
      {contest.state === 'scheduled' && <Countdown until={new Date(contest.opensAt)} label={t('startsIn')} doneText={t('startingNow')} />}
      <ContestActions contest={contest} activeAgents={activeAgents} />
    </li>
  );
}

/** Who leads a contest that has begun (its standings, read live), or who won it. */
function LeaderLine({ contest }: { contest: Contest }) {
  const t = useT(messages);
  const standings = useContestStandings(contest.id);
  const first = standings.data?.standings[0];
  if (!first || Number(first.value) <= 0) return null;
  const tied = standings.data!.standings.filter((row) => row.rank === 1).length;
  const won = contest.state === 'final' || standings.data!.raceWinner !== null;
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
      <Trophy className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
      {t('leaderLine', { won: won ? 'yes' : 'no', name: first.name, more: tied - 1, amount: contestAmount(contest, first.value) })}
    </p>
  );
}
