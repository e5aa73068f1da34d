import type { AgentRewardData } from '@contract/rewards';
import { CheckCircle2, Trophy } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { formatThreshold } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

type AchievedTier = AgentRewardData['achievedTiers'][number];

/** The tiers the agent has reached, each CLAIMED or ACHIEVED, with its rewards (docs/product.md §11.13). */
export function PortalAchievedTiers({ achievedTiers }: { achievedTiers: AchievedTier[] }) {
  const t = useT(messages);
  if (achievedTiers.length === 0) {
    return <p className="text-sm text-slate-700">{t('noTiersYet')}</p>;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={t('achievedTiersLabel')}>
      {achievedTiers.map(({ tier, hasClaimedReward, rewards }) => (
        <li key={tier.id} className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-50">
                {hasClaimedReward ? (
                  <CheckCircle2 className="size-5 text-emerald-700" aria-hidden="true" />
                ) : (
                  <Trophy className="size-5 text-brand-600" aria-hidden="true" />
                )}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{tier.name}</h3>
                <p className="text-sm text-slate-700">{t('reachedAt', { threshold: formatThreshold(tier.threshold) })}</p>
              </div>
            </div>
            <Badge variant={hasClaimedReward ? 'success' : 'default'}>{hasClaimedReward ? t('claimedBadge') : t('achievedBadge')}</Badge>
          </div>
          {rewards.length > 0 ? (
            <ul className="grid gap-1.5 text-sm" aria-label={t('tierRewardsLabel', { tier: tier.name })}>
              {rewards.map((reward) => (
                <li key={reward.id} className="rounded-md bg-slate-50 px-3 py-2">
                  <span className="font-medium text-slate-900">{reward.title}</span>
                  <span className="text-slate-700"> · {reward.description}</span>
                </li>
              ))}
            </ul>
          ) : hasClaimedReward ? null : (
            // Reached but nothing to pick: it cannot be claimed here or on the tier dashboard (docs/decisions/0081).
            <p className="text-sm text-slate-800">{t('noRewardToPick')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
