import type { AgentSummary } from '@contract/agents';
import type { LeaderboardAgent } from '@contract/dashboard';
import { LEADERBOARD_PAGE_SIZE } from '@contract/limits';
import { Award, Crown, Medal, SearchX, Trophy, type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { cn } from '../../../lib/cn';
import { formatCurrency2 } from '../../../lib/format';
import { useLeaderboardPage } from '../api/get-leaderboard';

interface MedalStyle {
  name: string;
  icon: LucideIcon;
  row: string;
  rank: string;
  badge: string;
}

/** docs/product.md §11.7: ranks 1 to 4 get Platinum, Gold, Silver and Bronze styling. Text colours keep AA contrast. */
const medals: MedalStyle[] = [
  {
    name: 'Platinum',
    icon: Crown,
    row: 'border-indigo-300 bg-gradient-to-r from-indigo-50 via-slate-50 to-white',
    rank: 'bg-gradient-to-br from-slate-200 to-indigo-300 text-indigo-950 ring-2 ring-indigo-400',
    badge: 'bg-indigo-100 text-indigo-900',
  },
  {
    name: 'Gold',
    icon: Trophy,
    row: 'border-amber-300 bg-gradient-to-r from-amber-50 to-white',
    rank: 'bg-gradient-to-br from-amber-200 to-amber-400 text-amber-950 ring-2 ring-amber-500',
    badge: 'bg-amber-100 text-amber-900',
  },
  {
    name: 'Silver',
    icon: Medal,
    row: 'border-slate-300 bg-gradient-to-r from-slate-100 to-white',
    rank: 'bg-gradient-to-br from-slate-100 to-slate-300 text-slate-900 ring-2 ring-slate-400',
    badge: 'bg-slate-200 text-slate-800',
  },
  {
    name: 'Bronze',
    icon: Award,
    row: 'border-orange-300 bg-gradient-to-r from-orange-50 to-white',
    rank: 'bg-gradient-to-br from-orange-200 to-orange-400 text-orange-950 ring-2 ring-orange-500',
    badge: 'bg-orange-100 text-orange-900',
  },
];

/**
 * Agents ranked by this month's income, a page at a time. The first page comes with the dashboard; other pages and
 * searches are fetched (GET /api/owner/leaderboard). Ranks are those of the whole team, also in a search.
 */
export function MonthlyLeaderboard({ firstPage, totalAgents }: { firstPage: AgentSummary[]; totalAgents: number }) {
  const { search, setSearch, query, typing, offset, setOffset } = usePagedSearch();
  const fromDashboard = query === '' && offset === 0;
  const page = useLeaderboardPage({ offset, limit: LEADERBOARD_PAGE_SIZE, search: query }, !fromDashboard);
  const agents: LeaderboardAgent[] = fromDashboard ? firstPage.map((agent, index) => ({ ...agent, rank: index + 1 })) : (page.data?.agents ?? []);
  const total = fromDashboard ? totalAgents : (page.data?.total ?? 0);

  return (
    <section aria-labelledby="leaderboard-heading" aria-busy={page.isFetching || typing} className="grid grid-cols-1 gap-6">
      <SectionHeading id="leaderboard-heading" title="Monthly Leaderboard" description="Agents ranked by income earned this month." />
      <Card>
        <CardContent className="grid gap-4 p-3 sm:p-6">
          {totalAgents === 0 ? (
            <EmptyState icon={Trophy} title="No agents yet" description="Add agents to see the monthly leaderboard" />
          ) : (
            <>
              <SearchField label="Find an agent" value={search} onChange={setSearch} />
              {!fromDashboard && page.isPending ? (
                <Spinner label="Loading leaderboard..." className="min-h-40" />
              ) : !fromDashboard && page.isError ? (
                <LoadError error={page.error} fallback="Failed to load the leaderboard" />
              ) : agents.length === 0 ? (
                <EmptyState
                  icon={SearchX}
                  title="No matching agents"
                  description={query ? `No agent's name or email contains "${query}".` : 'This page is empty.'}
                />
              ) : (
                <ol aria-labelledby="leaderboard-heading" className="grid grid-cols-1 gap-3">
                  {agents.map((agent) => (
                    <LeaderboardRow key={agent.id} agent={agent} rank={agent.rank} />
                  ))}
                </ol>
              )}
              <Pager label="Leaderboard pages" offset={offset} limit={LEADERBOARD_PAGE_SIZE} total={total} onChange={setOffset} disabled={page.isFetching} />
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function LeaderboardRow({ agent, rank }: { agent: AgentSummary; rank: number }) {
  const medal = medals[rank - 1];
  const Icon = medal?.icon;
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-lg border px-3 py-3 sm:gap-4 sm:px-4',
        medal ? medal.row : 'border-slate-200 bg-white',
      )}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
          medal ? medal.rank : 'bg-slate-100 text-slate-700',
        )}
      >
        <span className="sr-only">Rank </span>
        {rank}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <span className="min-w-0 [overflow-wrap:anywhere]">{agent.name}</span>
          {medal && Icon && (
            <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', medal.badge)}>
              <Icon className="size-3.5" aria-hidden="true" />
              {medal.name}
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{agent.position}</p>
      </div>
      <div className="shrink-0 text-right">
        <p className="text-base font-bold text-slate-900 tabular-nums sm:text-lg">{formatCurrency2(agent.monthlyIncome)}</p>
        <p className="text-xs text-slate-600">This Month</p>
      </div>
    </li>
  );
}
