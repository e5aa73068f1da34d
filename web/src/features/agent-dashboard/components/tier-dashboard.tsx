import type { SessionAgent } from '@contract/auth';
import type { AgentTierData } from '@contract/agent-tier-data';
import { summarizeTierProgress } from '@contract/tier-progress';
import { Award, CheckCircle2, ChevronDown, Gift, Target, TrendingUp, UserRound, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { AgentBrandHeader } from '../../../components/layouts/agent-brand-header';
import { AgentLogoutButton } from '../../../components/layouts/agent-header-actions';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { LiveIndicator } from '../../../components/live/live-status';
import { paths } from '../../../config/paths';
import { useAgentTierData } from '../../../lib/agent-tier-data';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { AuthenticationRequired } from './authentication-required';
import { ClaimRewardDialog } from './claim-reward-dialog';
import { useMyClaims } from '../api/get-my-claims';
import { MyEntries } from './my-entries';
import { MyRankCard } from './my-rank-card';

// The chart comes with its own chunk, after the dashboard's first paint (docs/decisions/0024-charts.md).
const MyHistory = lazy(() => import('./my-history'));
import { CompactTierRow, formatRemaining, TierCard, tierCardId } from './tier-card';
import { TierCelebration } from './tier-celebration';
import { ThemeSwitch } from '../../../components/ui/theme-switch';

type Tier = AgentTierData['tiers'][number];


/**
 * /agent/dashboard for a signed-in agent: summary tiles and one card per tier (docs/product.md §11.14).
 * `notifications`: the header's bell, a feature of its own that the page puts in; `goals`: the agent's goals (the
 * goals feature), first under the welcome; `contests`: its contests and prizes (the contests feature), after the
 * goals; `activity`: the agent's own activity logging (the metrics feature), shown under the summary; `badges`: its
 * badges (the badges feature), after the tiers, and `celebrations`: theirs, beside the tiers' own.
 */
export function TierDashboard({
  sessionAgent,
  notifications,
  goals,
  contests,
  activity,
  badges,
  celebrations,
}: {
  sessionAgent: SessionAgent;
  notifications?: ReactNode;
  goals?: ReactNode;
  contests?: ReactNode;
  activity?: ReactNode;
  badges?: ReactNode;
  celebrations?: ReactNode;
}) {
  const t = useT(messages);
  const tierData = useAgentTierData();
  // Where each claimed reward stands; the cards show without it until it arrives.
  const claims = useMyClaims();
  const [, navigate] = useLocation();
  const [claimTier, setClaimTier] = useState<Tier | null>(null);
  const claimOpener = useRef<HTMLElement | null>(null);
  const openClaim = (tier: Tier, opener: HTMLElement) => {
    claimOpener.current = opener;
    setClaimTier(tier);
  };
  // Focus goes back to the button that opened the dialog, or to its tier card once the claim removed the button.
  const restoreFocus = (tierId: number) => {
    const opener = claimOpener.current;
    if (opener?.isConnected) opener.focus();
    else document.getElementById(tierCardId(tierId))?.focus();
  };

  const summary = useMemo(
    () =>
      tierData.data
        ? summarizeTierProgress({ totalIncome: tierData.data.agent.totalIncome, claimedTiers: tierData.data.agent.claimedTiers, tiers: tierData.data.tiers })
        : null,
    [tierData.data],
  );

  if (tierData.isPending) {
    return (
      <>
        <AgentBrandHeader subtitle={t('tierDashboard')} />
        <main>
          <Spinner label={t('loadingTiers')} />
        </main>
      </>
    );
  }
  if (tierData.isError || !tierData.data || !summary) return <AuthenticationRequired />;

  const agentName = tierData.data.agent.name || sessionAgent.name;
  const next = summary.nextTarget;
  const tierClaims = (tierId: number) => claims.data?.filter((claim) => claim.tierId === tierId && claim.prize === null) ?? [];
  // On a phone the tiers beyond the next one (0% each, nothing claimed) fold into a short list, so a new agent does not
  // scroll past a dozen empty cards; wider screens show every card.
  const nextIndex = summary.tiers.findIndex((progress) => progress.remainingCents > 0n);
  const later = new Set(
    summary.tiers
      .filter((progress, index) => nextIndex >= 0 && index > nextIndex && progress.state === 'IN PROGRESS' && tierClaims(progress.tier.id).length === 0)
      .map((progress) => progress.tier.id),
  );
  const laterTiers = summary.tiers.filter((progress) => later.has(progress.tier.id));

  return (
    <>
      <AgentBrandHeader
        subtitle={t('tierDashboard')}
        status={
          <>
            {/* The tiles and cards follow the stream: an entry recorded for the agent shows without a reload. */}
            <LiveIndicator reader={{ kind: 'agent', agentId: sessionAgent.id }} />
            {notifications}
          </>
        }
      >
        <Button asChild variant="outline" size="sm">
          <Link href={paths.agentPortal}>{t('agentPortal')}</Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link href={paths.agentProfile}>
            <UserRound aria-hidden="true" />
            {t('profile')}
          </Link>
        </Button>
      </AgentBrandHeader>
      <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <TierCelebration
          agentId={sessionAgent.id}
          offersReward={(tierId) => (tierData.data?.tiers.find((tier) => tier.id === tierId)?.rewardOptions.length ?? 0) > 0}
        />
        {celebrations}
        <div className="grid gap-6">
          <section aria-labelledby="welcome-heading" className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 id="welcome-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                {t('welcome', { name: agentName })}
              </h1>
              <p className="mt-1 text-slate-700">{t('welcomeText')}</p>
            </div>
            <ThemeSwitch />
            <AgentLogoutButton variant="outline" onLoggedOut={() => navigate(paths.agentPortal)} />
          </section>

          {goals}

          {contests}

          <section aria-label={t('summary')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <SummaryTile icon={TrendingUp} label={t('totalProfit')} value={formatCurrency(tierData.data.agent.totalIncome)} />
            <SummaryTile icon={Gift} label={t('readyToClaim')} value={String(summary.readyToClaimCount)} />
            <SummaryTile icon={CheckCircle2} label={t('rewardsClaimed')} value={String(summary.claimedCount)} />
            {next ? (
              <SummaryTile icon={Target} label={t('nextTarget')} value={next.tier.name} detail={t('toGo', { amount: formatRemaining(next.remainingCents) })} />
            ) : (
              <SummaryTile icon={Award} label={t('maxLevel')} value={t('allTiersReached')} />
            )}
          </section>

          {activity}

          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <MyRankCard />
            <Suspense fallback={<Spinner label={t('loadingIncomeChart')} className="min-h-56" />}>
              <MyHistory />
            </Suspense>
          </div>

          <section aria-labelledby="tiers-heading" className="grid gap-4">
            <h2 id="tiers-heading" className="text-xl font-semibold text-slate-900">
              {t('yourTiers')}
            </h2>
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {summary.tiers.map((progress) => (
                <TierCard
                  key={progress.tier.id}
                  progress={progress}
                  claims={tierClaims(progress.tier.id)}
                  onClaim={openClaim}
                  className={later.has(progress.tier.id) ? 'hidden sm:flex' : undefined}
                />
              ))}
            </div>
            {laterTiers.length > 0 && (
              <details className="group rounded-xl border border-slate-200 bg-white shadow-sm sm:hidden">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 [&::-webkit-details-marker]:hidden">
                  <span>
                    <span className="block font-semibold text-slate-900">
                      {t('moreTiersCount', { count: laterTiers.length })}
                    </span>
                    <span className="block text-sm text-slate-700">
                      {laterTiers.length === 1 ? laterTiers[0]!.tier.name : t('tierRange', { first: laterTiers[0]!.tier.name, last: laterTiers.at(-1)!.tier.name })}
                    </span>
                  </span>
                  <ChevronDown className="size-5 shrink-0 text-slate-700 transition-transform group-open:rotate-180 motion-reduce:transition-none" aria-hidden="true" />
                </summary>
                <ol aria-label={t('moreTiers')} className="divide-y divide-slate-100 border-t border-slate-200">
                  {laterTiers.map((progress) => (
                    <CompactTierRow key={progress.tier.id} progress={progress} />
                  ))}
                </ol>
              </details>
            )}
          </section>

          {badges}

          <MyEntries />
        </div>
      </main>
      <ClaimRewardDialog
        tier={claimTier}
        agentName={agentName}
        onOpenChange={(open) => !open && setClaimTier(null)}
        onCloseFocus={restoreFocus}
      />
    </>
  );
}

function SummaryTile({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: string; detail?: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:gap-4 sm:p-5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 sm:size-10">
        <Icon className="size-5 text-brand-600" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-700">{label}</p>
        <p className="break-words text-xl font-bold text-slate-900 sm:text-2xl">{value}</p>
        {detail && <p className="text-sm text-slate-700">{detail}</p>}
      </div>
    </div>
  );
}
