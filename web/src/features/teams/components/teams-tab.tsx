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
import { BOARD_PERIODS, PERIOD_NAMES, thisPeriodPhrase } from '../../../lib/periods';
import { useTeams } from '../../../lib/teams';
import { formatMetricFigure } from '../../../lib/metric-format';
import { useMetricChoice } from '../../../lib/metrics';
import { MetricSelect } from '../../../components/insight/metric-select';
import { useDeleteTeam, useTeamBoard } from '../api/teams';
import { TeamFormDialog } from './team-form-dialog';

/** Read at each render: the period names are in the language shown (web/src/lib/periods.ts). */
const periodOptions = () => BOARD_PERIODS.map((value) => ({ value, label: PERIOD_NAMES[value] }));

/**
 * Teams (docs/product.md §12.16): the team-against-team board (income and income per agent, of a period), then the teams with their
 * managers and agents. The owner makes, edits and deletes them; a manager sees the board and the teams they lead.
 */
export function TeamsTab() {
  const canEdit = useCanEdit();
  const teams = useTeams();
  return (
    <section aria-labelledby="teams-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="teams-heading"
        title="Teams"
        description="Group agents under the managers who lead them. A manager who leads teams sees only their agents, everywhere."
      >
        {canEdit && (
          <TeamFormDialog
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                New Team
              </Button>
            }
          />
        )}
      </SectionHeading>
      <TeamBoardCard />
      {teams.isPending ? (
        <Spinner label="Loading teams..." className="min-h-40" />
      ) : teams.isError ? (
        <LoadError error={teams.error} fallback="Failed to load the teams" />
      ) : teams.data.teams.length === 0 ? (
        <Card>
          <CardContent className="pt-6">
            <EmptyState icon={UsersRound} title="No teams yet" description={canEdit ? 'Make a team to give a manager their own agents.' : 'The owner has not made any teams.'} />
          </CardContent>
        </Card>
      ) : (
        <ul aria-label="Teams list" className="grid grid-cols-1 gap-4 md:grid-cols-2">
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
  const [period, setPeriod] = useState<LeaderboardPeriod>('month');
  const { metric, options, choose, metricOf } = useMetricChoice();
  const board = useTeamBoard(period, metric.key);
  const ledOnly = board.data?.scope === 'led-teams';
  const when = period === 'all' ? 'of all time' : thisPeriodPhrase(period);
  // The board on screen may still be the metric picked before while the next loads: its figures in its own unit.
  const shown = metricOf(board.data?.metric ?? metric.key);
  const isProfit = shown.builtIn;
  const figureWord = isProfit ? 'Income' : shown.name;
  const figure = (value: string) => formatMetricFigure(shown.unit, value);
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle id="team-board-heading">{ledOnly ? 'Your teams' : 'Team against team'}</CardTitle>
        <div className="flex flex-wrap items-center gap-3">
          <MetricSelect options={options} value={metric.key} onChange={choose} />
          <SegmentedControl legend="Period" value={period} options={periodOptions()} onChange={setPeriod} className="w-full sm:w-auto" />
        </div>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-slate-600">
          {ledOnly
            ? `${figureWord} ${when} of the active agents of the teams you lead, and per agent. Other teams' figures are not shown.`
            : `${figureWord} ${when} of each team's active agents, and per agent.`}
        </p>
        {board.isError ? (
          <LoadError error={board.error} fallback="Failed to load the team board" />
        ) : !board.data ? (
          <Spinner label="Loading the team board..." className="min-h-24" />
        ) : board.data.teams.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">No teams to rank yet.</p>
        ) : (
          // Focusable, so that a keyboard can scroll the table on a narrow screen.
          <div tabIndex={0} role="region" aria-labelledby="team-board-heading" className={cn('overflow-x-auto transition-opacity', board.isPlaceholderData && 'opacity-60')}>
            <table aria-labelledby="team-board-heading" className="w-full min-w-[28rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">Rank</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Team</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">Agents</th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">{figureWord}</th>
                  <th scope="col" className="py-2 text-right font-medium">Per agent</th>
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

function TeamCard({ team, canEdit }: { team: Team; canEdit: boolean }) {
  const headingId = `team-${team.id}-heading`;
  const inactive = team.agents.filter((agent) => agent.status !== 'active').length;
  return (
    <li aria-labelledby={headingId}>
      <Card className="flex h-full flex-col">
        <CardHeader className="flex-row items-start justify-between gap-3 pb-3">
          <div className="min-w-0">
            <CardTitle id={headingId} className="[overflow-wrap:anywhere]">
              {team.name}
            </CardTitle>
            <p className="text-sm text-slate-600">
              {formatCount(team.agents.length)} {team.agents.length === 1 ? 'agent' : 'agents'}
              {inactive > 0 && `, ${formatCount(inactive)} not active`}
            </p>
          </div>
          {canEdit && (
            <div className="flex shrink-0 gap-2">
              <TeamFormDialog
                team={team}
                trigger={
                  <Button variant="outline" size="sm" aria-label={`Edit ${team.name}`}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                }
              />
              <DeleteTeamButton team={team} />
            </div>
          )}
        </CardHeader>
        <CardContent className="grid flex-1 gap-3 text-sm">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Managers</p>
            {team.managers.length === 0 ? (
              <p className="text-slate-600">Nobody leads this team yet.</p>
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
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Agents</p>
            <p className="text-slate-800 [overflow-wrap:anywhere]">
              {team.agents.length === 0
                ? 'No agents yet.'
                : team.agents
                    .slice(0, NAMES_SHOWN)
                    .map((agent) => agent.name)
                    .join(', ') + (team.agents.length > NAMES_SHOWN ? ` and ${formatCount(team.agents.length - NAMES_SHOWN)} more` : '')}
            </p>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function DeleteTeamButton({ team }: { team: Team }) {
  const remove = useDeleteTeam({
    onSuccess: () => toast({ title: 'Success', description: `${team.name} deleted`, variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete the team'), variant: 'destructive' }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive-outline" size="sm" aria-label={`Delete ${team.name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete ${team.name}?`}
      description="Its agents stay, with all their income, in no team; its managers no longer lead it."
      confirmLabel="Delete Team"
      onConfirm={() => remove.mutate(team.id)}
    />
  );
}
