import type { AgentDetail } from '@contract/insight';
import { CalendarDays, CalendarRange, TrendingUp, UserX, Wallet, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatCount, formatCurrency2, formatDate } from '../../../lib/format';
import { useAgentDetail } from '../api/get-agent-detail';
import { AgentClaims } from './agent-claims';
import { AgentEntries } from './agent-entries';
import { AgentHistory } from './agent-history';
import { AgentTiers, TierDot } from './agent-tiers';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * One agent as owners and managers see it (docs/product.md §12.14): its figures, its income (or another metric) by week
 * or month, its entries by days, the tiers it reached and its reward claims. Every part follows the live updates of its
 * own read. `badges`: the badges it holds (the badges feature), which the page puts in after its tiers and claims.
 */
export function AgentDetailView({ agentId, badges }: { agentId: number; badges?: ReactNode }) {
  const t = useT(messages);
  const detail = useAgentDetail(agentId);
  if (detail.isPending) return <Spinner label={t('loadingAgent')} />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <Card>
          <CardContent className="pt-6">
            <EmptyState icon={UserX} title={t('notFound')} description={t('notFoundText')} />
          </CardContent>
        </Card>
      );
    }
    return <LoadError error={detail.error} fallback={t('loadFailed')} />;
  }
  const { agent, tiers, claims } = detail.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <AgentHeading agent={agent} highestTier={highestOf(tiers)} />
      <AgentFigures agent={agent} />
      <AgentHistory agentId={agentId} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <AgentTiers tiers={tiers} />
        <AgentClaims claims={claims} />
      </div>
      {badges}
      <AgentEntries agentId={agentId} />
    </div>
  );
}

type ReachedTier = AgentDetail['tiers'][number];

/** The tier of the highest order reached: the agent's tier now. */
function highestOf(tiers: ReachedTier[]): ReachedTier | undefined {
  return tiers.reduce<ReachedTier | undefined>((top, tier) => (!top || tier.order > top.order ? tier : top), undefined);
}

function AgentHeading({ agent, highestTier }: { agent: AgentDetail['agent']; highestTier: ReachedTier | undefined }) {
  const t = useT(messages);
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving from a list, the link that had the focus is gone: the focus starts at the page's heading instead.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none [overflow-wrap:anywhere] sm:text-3xl">
          {agent.name}
        </h1>
        {highestTier && (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2.5 py-0.5 text-sm font-semibold text-slate-800">
            <TierDot color={highestTier.color} />
            {highestTier.name}
          </span>
        )}
        {agent.status === 'pending' && <Badge variant="warning">{t('pendingApproval')}</Badge>}
        {!agent.publicProfile && <Badge variant="secondary">{t('hiddenOnBoards')}</Badge>}
      </div>
      <p className="text-slate-700 [overflow-wrap:anywhere]">
        {agent.position} · {agent.email}
      </p>
      <p className="text-sm text-slate-600">
        {withPart(
          t('agentSince', { date: PART, count: agent.totalEntries, entries: formatCount(agent.totalEntries) }),
          <time dateTime={agent.createdAt}>{formatDate(agent.createdAt)}</time>,
        )}
      </p>
    </div>
  );
}

function AgentFigures({ agent }: { agent: AgentDetail['agent'] }) {
  const t = useT(messages);
  const figures: Array<{ label: string; value: string; icon: LucideIcon }> = [
    { label: t('totalIncome'), value: agent.totalIncome, icon: Wallet },
    { label: t('thisWeek'), value: agent.weeklyIncome, icon: CalendarDays },
    { label: t('thisMonth'), value: agent.monthlyIncome, icon: TrendingUp },
    { label: t('thisYear'), value: agent.yearlyIncome, icon: CalendarRange },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {figures.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="min-w-0 p-4 sm:p-5">
          <dt className="flex items-start justify-between gap-2 text-sm font-medium text-slate-700">
            <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">{label}</span>
            <Icon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
          </dt>
          <dd className="mt-2 text-lg font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl">{formatCurrency2(value)}</dd>
        </Card>
      ))}
    </dl>
  );
}
