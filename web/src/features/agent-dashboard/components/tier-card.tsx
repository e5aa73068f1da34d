import type { AgentTierData } from '@contract/agent-tier-data';
import type { AgentClaim } from '@contract/rewards';
import type { TierIconKind, TierOffer, TierProgress, TierState } from '@contract/tier-progress';
import { centsToMoneyString } from '@contract/cents';
import { CheckCircle2, Crown, Gem, Gift, Medal, Star, type LucideIcon } from 'lucide-react';
import { ClaimHistory, ClaimStatusBadge } from '../../../components/claims/claim-status';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatThreshold } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

type Tier = AgentTierData['tiers'][number];

/** What is left, in whole dollars rounded up, so a few cents short never reads as "$0 to go". */
export function formatRemaining(cents: bigint): string {
  return formatCurrency(centsToMoneyString(((cents + 99n) / 100n) * 100n));
}

const tierIcons: Record<TierIconKind, LucideIcon> = { crown: Crown, gem: Gem, medal: Medal, star: Star };

const STATE_BADGE = {
  CLAIMED: { variant: 'success', label: 'stateClaimed' },
  'READY TO CLAIM': { variant: 'warning', label: 'stateReadyToClaim' },
  REACHED: { variant: 'outline', label: 'stateReached' },
  'IN PROGRESS': { variant: 'secondary', label: 'stateInProgress' },
  LOCKED: { variant: 'outline', label: 'stateLocked' },
} as const satisfies Record<TierState, { variant: 'success' | 'warning' | 'secondary' | 'outline'; label: keyof typeof messages.en }>;

interface TierCardProps {
  progress: TierProgress<Tier>;
  /** The agent's claims of this tier, newest first: the newest is where its reward stands. */
  claims: readonly AgentClaim[];
  onClaim: (tier: Tier, opener: HTMLElement) => void;
}

export const tierCardId = (tierId: number) => `tier-card-${tierId}`;

/**
 * "$5,000 to go" in the language shown, the amount set apart: the words around it are the message's, in its order.
 * The amount goes into the message as a mark that cannot occur in a translation, and the text is split there.
 */
function ToGo({ amount }: { amount: string }) {
  const t = useT(messages);
  const mark = '\u2063';
  const [before = '', after = ''] = t('toGo', { amount: mark }).split(mark);
  return (
    <>
      {before}
      <span className="font-medium text-slate-900">{amount}</span>
      {after}
    </>
  );
}

/**
 * One tier of the dashboard: icon by order, state, progress bar, what is left, what it offers (its active reward
 * options) and the claim button.
 */
export function TierCard({ progress, claims, onClaim, className }: TierCardProps & { className?: string }) {
  const t = useT(messages);
  const { tier, state } = progress;
  const Icon = tierIcons[progress.icon];
  const headingId = `tier-${tier.id}-name`;
  const ready = state === 'READY TO CLAIM';
  const latest = claims[0];
  return (
    <article
      id={tierCardId(tier.id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-white p-5 shadow-sm',
        ready ? 'border-amber-400 ring-1 ring-amber-300' : state === 'CLAIMED' ? 'border-emerald-300' : 'border-slate-200',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full border-2 bg-slate-50" style={{ borderColor: tier.color }}>
            <Icon className="size-5" style={{ color: tier.color }} aria-hidden="true" />
          </span>
          <div>
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {tier.name}
            </h3>
            <p className="whitespace-nowrap text-sm text-slate-700">
              {t('tierOrder', { order: String(tier.order), threshold: formatThreshold(tier.threshold) })}
            </p>
          </div>
        </div>
        <Badge variant={STATE_BADGE[state].variant} className="shrink-0 whitespace-nowrap">
          {t(STATE_BADGE[state].label)}
        </Badge>
      </div>

      <div className="grid gap-1.5">
        <div className="flex justify-between text-sm">
          <span className="text-slate-700">{t('progress')}</span>
          <span className="font-medium text-slate-900">{t('percent', { percent: String(progress.progressPercent) })}</span>
        </div>
        <Progress
          value={progress.progressPercent}
          aria-label={t('tierProgress', { tier: tier.name })}
          indicatorClassName={state === 'CLAIMED' ? 'bg-emerald-600' : ready ? 'bg-amber-500' : undefined}
        />
        <p className="text-sm text-slate-700">
          {progress.remainingCents > 0n ? (
            <ToGo amount={formatRemaining(progress.remainingCents)} />
          ) : (
            <span className="inline-flex items-center gap-1 font-medium text-emerald-800">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              {t('tierReached')}
            </span>
          )}
        </p>
      </div>

      <div className="grid gap-1.5">
        <h4 className="text-sm font-semibold text-slate-900">{t('rewards')}</h4>
        {state === 'REACHED' ? (
          <p className="text-sm text-slate-800">{t('nothingToPick')}</p>
        ) : (
          <TierOffers offers={progress.offers} />
        )}
      </div>

      {latest && <ClaimStanding claim={latest} tierName={tier.name} />}

      {ready && (
        <Button className="mt-auto w-full" onClick={(event) => onClaim(tier, event.currentTarget)} aria-describedby={headingId}>
          <Gift aria-hidden="true" />
          {latest?.status === 'rejected' ? t('claimAgain') : t('claimThisReward')}
        </Button>
      )}
    </article>
  );
}

/** What a tier offers: its active reward options, one of which the agent picks; "Coming Soon" while it has none. */
function TierOffers({ offers }: { offers: readonly TierOffer[] }) {
  const t = useT(messages);
  if (offers.length === 0) return <p className="text-sm italic text-slate-700">{t('comingSoon')}</p>;
  return (
    <ul className="grid gap-1 text-sm text-slate-700">
      {offers.map((offer) => (
        <li key={offer.id} className="flex gap-2">
          <Gift className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="font-medium text-slate-900">{offer.title}</span>
            <span className="sr-only">: </span>
            <span className="block">{offer.description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A tier far from the agent's total, in one line for the phone's "more tiers" list: icon, name, threshold, what is left
 * and what it offers. Its progress is 0% by definition (the tier before it is not reached either).
 */
export function CompactTierRow({ progress }: { progress: TierProgress<Tier> }) {
  const t = useT(messages);
  const { tier } = progress;
  const Icon = tierIcons[progress.icon];
  const offers = progress.offers.map((offer) => offer.title).join(', ');
  return (
    <li className="flex items-start gap-3 px-3 py-2.5">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full border-2 bg-slate-50" style={{ borderColor: tier.color }}>
        <Icon className="size-4" style={{ color: tier.color }} aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-semibold text-slate-900">{tier.name}</span>
          <span className="text-slate-700">
            <ToGo amount={formatRemaining(progress.remainingCents)} />
          </span>
        </p>
        <p className="text-slate-700">{t('tierOrder', { order: String(tier.order), threshold: formatThreshold(tier.threshold) })}</p>
        <p className="text-slate-700 [overflow-wrap:anywhere]">{offers === '' ? <span className="italic">{t('rewardsComingSoon')}</span> : t('rewardsList', { offers })}</p>
      </div>
    </li>
  );
}

const STANDING = {
  pending: 'standingPending',
  processed: 'standingProcessed',
  shipped: 'standingShipped',
  delivered: 'standingDelivered',
  rejected: 'standingRejected',
} as const satisfies Record<AgentClaim['status'], keyof typeof messages.en>;

/** Where the agent's latest claim of the tier stands, the rejection's reason, and every step so far. */
function ClaimStanding({ claim, tierName }: { claim: AgentClaim; tierName: string }) {
  const t = useT(messages);
  const last = claim.history.at(-1);
  return (
    <section aria-label={t('yourClaim', { tier: tierName })} className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-slate-900">{claim.rewardTitle}</h4>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="text-slate-700">{t(STANDING[claim.status])}</p>
      {claim.status === 'rejected' && last?.note && (
        <p className="text-slate-900 [overflow-wrap:anywhere]">
          <span className="font-medium">{t('reason')}</span> {last.note}
        </p>
      )}
      <details>
        <summary className="cursor-pointer font-medium text-slate-900">{t('history')}</summary>
        <div className="mt-2">
          <ClaimHistory history={claim.history} label={t('claimHistory', { tier: tierName })} />
        </div>
      </details>
    </section>
  );
}
