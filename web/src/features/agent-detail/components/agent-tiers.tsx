import type { AgentDetail } from '@contract/insight';
import { Award } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** A tier's colour as a dot beside its name: the name carries the meaning, so light colours need no contrast with text. */
export function TierDot({ color, className }: { color: string; className?: string }) {
  return <span aria-hidden="true" className={cn('size-3 shrink-0 rounded-full ring-1 ring-slate-900/10', className)} style={{ backgroundColor: color }} />;
}

/** The tiers the agent reached, the highest (the latest) first, each with when. */
export function AgentTiers({ tiers, className }: { tiers: AgentDetail['tiers']; className?: string }) {
  const t = useT(messages);
  const highestFirst = [...tiers].sort((a, b) => b.order - a.order);
  return (
    <Card role="region" aria-labelledby="agent-tiers-heading" className={cn('min-w-0', className)}>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="agent-tiers-heading" className="text-lg font-semibold leading-tight tracking-tight">
          {t('tiersReached')}
        </h2>
        <CardDescription>{t('tiersDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {highestFirst.length === 0 ? (
          <EmptyState icon={Award} title={t('noTier')} description={t('noTierText')} />
        ) : (
          <ol aria-labelledby="agent-tiers-heading" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {highestFirst.map((tier) => (
              <li key={tier.tierId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
                <span className="flex items-center gap-2 font-medium text-slate-900">
                  <TierDot color={tier.color} />
                  {tier.name}
                </span>
                <span className="text-slate-600">
                  {withPart(t('reachedOn', { date: PART }), <time dateTime={tier.achievedAt}>{formatDate(tier.achievedAt)}</time>)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
