import type { LeaderboardPeriod } from '@contract/insight';
import type { Team } from '@contract/teams';
import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCanEdit } from '../../../lib/authorization';
import { cn } from '../../../lib/cn';
import { formatCount, formatCurrency2 } from '../../../lib/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { BOARD_PERIODS, PERIOD_NAMES, thisPeriodPhrase } from '../../../lib/periods';
import { useTeams } from '../../../lib/teams';
import { formatMetricFigure } from '../../../lib/metric-format';
import { useMetricChoice } from '../../../lib/metrics';
import { MetricSelect } from '../../../components/insight/metric-select';
import { useDeleteTeam, useTeamBoard } from '../api/teams';
import { messages } from '../messages';
import { TeamFormDialog } from './team-form-dialog';

/** Read at each render: the period names are in the language shown (web/src/lib/periods.ts). */
const periodOptions = () => BOARD_PERIODS.map((value) => ({ value, label: PERIOD_NAMES[value] }));

/**
 * Teams (docs/product.md §12.16): the team-against-team board (income and income per agent, of a period), then the teams with their
 * managers and agents. The owner makes, edits and deletes them; a manager sees the board and the teams they lead.
 */
export function TeamsTab() {
  const t = useT(messages);
  const canEdit = useCanEdit();
  const teams = useTeams();
  return (
    <section aria-labelledby="teams-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="teams-heading"
        title={t('teams')}
        description={t('tabDescription')}
      >
        {canEdit && (
          <TeamFormDialog
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                {t('newTeamButton')}
              </Button>
            }
          />
        )}
      </SectionHeading>
      <TeamBoardCard />
      {teams.isPending ? (
        <Spinner label={t('loadingTeams')} className="min-h-40" />
      ) : teams.isError ? (
        <LoadError error={teams.error} fallback={t('teamsLoadFailed')} />
      ) : teams.data.teams.length === 0 ? (
        <Card>
          <CardContent className="pt-6">
            <EmptyState icon={UsersRound} title={t('noTeams')} description={canEdit ? t('noTeamsOwner') : t('noTeamsManager')} />
          </CardContent>
        </Card>
      ) : (
        <ul aria-label={t('teamsList')} className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {teams.data.teams.map((team) => (
            <TeamCard key={team.id} team={team} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Teams ranked by income in a period, with how many active agents each has and the income per agent. A manager who
 * leads teams gets only theirs, ranked among themselves (the server decides: docs/decisions/0036-scope-and-link-rules.md).
 */
function TeamBoardCard() {
  const t = useT(messages);
  const [period, setPeriod] = useState<LeaderboardPeriod>('month');
  const { metric, options, choose, metricOf } = useMetricChoice();
  const board = useTeamBoard(period, metric.key);
  const ledOnly = board.data?.scope === 'led-teams';
  // "this month", "of all time" (lib/periods.ts), in the language shown.
  const when = thisPeriodPhrase(period);
  // The board on screen may still be the metric picked before while the next loads: its figures in its own unit.
  const shown = metricOf(board.data?.metric ?? metric.key);
  const isProfit = shown.builtIn;
  const figureWord = isProfit ? t('income') : shown.name;
  const figure = (value: string) => formatMetricFigure(shown.unit, value);
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle id="team-board-heading">{ledOnly ? t('yourTeams') : t('teamAgainstTeam')}</CardTitle>
        <div className="flex flex-wrap items-center gap-3">
          <MetricSelect options={options} value={metric.key} onChange={choose} />
          <SegmentedControl legend={t('period')} value={period} options={periodOptions()} onChange={setPeriod} className="w-full sm:w-auto" />
        </div>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-slate-600">
          {ledOnly ? t('boardTextLed', { figure: figureWord, when }) : t('boardText', { figure: figureWord, when })}
        </p>
        {board.isError ? (
          <LoadError error={board.error} fallback={t('boardLoadFailed')} />
        ) : !board.data ? (
          <Spinner label={t('loadingBoard')} className="min-h-24" />
        ) : board.data.teams.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">{t('noTeamsToRank')}</p>
        ) : (
          // Focusable, so that a keyboard can scroll the table on a narrow screen.
          <div tabIndex={0} role="region" aria-labelledby="team-board-heading" className={cn('overflow-x-auto transition-opacity', board.isPlaceholderData && 'opacity-60')}>
            <table aria-labelledby="team-board-heading" className="w-full min-w-[28rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">{t('rank')}</th>
                  <th scope="col" className="py-2 pr-3 font-medium">{t('team')}</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">{t('agents')}</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">{figureWord}</th>
                  <th scope="col" className="py-2 text-right font-medium">{t('perAgent')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {board.data.teams.map((team) => (
                  <tr key={team.teamId}>
                    <td className="py-2 pr-3 font-semibold tabular-nums text-slate-900">#{team.rank}</td>
                    <th scope="row" className="py-2 pr-3 font-medium text-slate-900 [overflow-wrap:anywhere]">{team.name}</th>
                    <td className="py-2 pr-3 text-right tabular-nums text-slate-700">{formatCount(team.agents)}</td>
                    <td className="py-2 pr-3 text-right font-semibold tabular-nums text-slate-900">{figure(team.income)}</td>
                    <td className="py-2 text-right tabular-nums text-slate-700">{shown.unit === 'money' ? formatCurrency2(team.average) : formatCount(Number(team.average))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** How many agents' names a card lists before "and N more". */
const NAMES_SHOWN = 12;

/** The team's first agents' names, then "and N more" when there are more. */
function agentNames(team: Team): string {
  const names = team.agents
    .slice(0, NAMES_SHOWN)
    .map((agent) => agent.name)
    .join(', ');
  return team.agents.length > NAMES_SHOWN ? translate(messages, 'moreNames', { names, count: team.agents.length - NAMES_SHOWN }) : names;
}

function TeamCard({ team, canEdit }: { team: Team; canEdit: boolean }) {
  const t = useT(messages);
  const headingId = `team-${team.id}-heading`;
  const inactive = team.agents.filter((agent) => agent.status !== 'active').length;
  return (
    <li aria-labelledby={headingId}>
      <Card className="flex h-full flex-col">
        {/* The buttons go below the name when both do not fit (longer words than English's). */}
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-3">
          <div className="min-w-0 flex-1 basis-24">
            <CardTitle id={headingId} className="[overflow-wrap:anywhere]">
              {team.name}
            </CardTitle>
            <p className="text-sm text-slate-600">
              {t('teamAgents', { count: team.agents.length, inactive })}
            </p>
          </div>
          {canEdit && (
            <div className="flex shrink-0 gap-2">
              <TeamFormDialog
                team={team}
                trigger={
                  <Button variant="outline" size="sm" aria-label={t('editTeam', { name: team.name })}>
                    <Pencil aria-hidden="true" />
                    {t('edit')}
                  </Button>
                }
              />
              <DeleteTeamButton team={team} />
            </div>
          )}
        </CardHeader>
        <CardContent className="grid flex-1 gap-3 text-sm">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{t('managers')}</p>
            {team.managers.length === 0 ? (
              <p className="text-slate-600">{t('noManagers')}</p>
            ) : (
              <p className="flex flex-wrap gap-1.5 pt-1">
                {team.managers.map((manager) => (
                  <Badge key={manager.id} variant="secondary">
                    {manager.name}
                  </Badge>
                ))}
              </p>
            )}
          </div>
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{t('agents')}</p>
            <p className="text-slate-800 [overflow-wrap:anywhere]">{team.agents.length === 0 ? t('noAgents') : agentNames(team)}</p>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function DeleteTeamButton({ team }: { team: Team }) {
  const t = useT(messages);
  const remove = useDeleteTeam({
    onSuccess: () => toast({ title: translate(messages, 'success'), description: translate(messages, 'teamDeleted', { name: team.name }), variant: 'success' }),
    onError: (error) => toast({ title: translate(messages, 'error'), description: errorMessage(error, translate(messages, 'deleteFailed')), variant: 'destructive' }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive-outline" size="sm" aria-label={t('deleteTeamNamed', { name: team.name })} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" />
          {t('delete')}
        </Button>
      }
      title={t('deleteTitle', { name: team.name })}
      description={t('deleteDescription')}
      confirmLabel={t('deleteTeam')}
      onConfirm={() => remove.mutate(team.id)}
    />
  );
}
