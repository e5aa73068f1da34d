import type { AgentRewardData, ClaimCreated } from '@contract/rewards';
import { isRewardWaiting } from '@contract/tier-offers';
import { CheckCircle2, Gift } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { PortalClaimForm } from './portal-claim-form';

type AchievedTier = AgentRewardData['achievedTiers'][number];
type Reward = AchievedTier['rewards'][number];

type Step =
  | { kind: 'idle' }
  | { kind: 'pick' }
  | { kind: 'form'; tier: AchievedTier['tier']; reward: Reward }
  | { kind: 'success'; agentName: string; tierName: string; rewardTitle: string };

interface PortalClaimFlowProps {
  agentId: number;
  agentName: string;
  agentEmail: string;
  achievedTiers: AchievedTier[];
}

/** docs/product.md §11.13: Claim Rewards, pick a reward, fill in the form, submit, then the success notice. */
export function PortalClaimFlow({ agentId, agentName, agentEmail, achievedTiers }: PortalClaimFlowProps) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const t = useT(messages);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The tier dashboard's "Tiers Ready to Claim" counts with the same rule (docs/decisions/0081-tier-offers.md).
  const claimable = achievedTiers.filter((t) => isRewardWaiting({ reached: true, claimed: t.hasClaimedReward, activeOptionCount: t.rewards.length }));

  // Moving between steps replaces the content under the heading; keyboard and screen reader users land there.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step.kind]);

  const onSubmitted = (claim: ClaimCreated) =>
    setStep({ kind: 'success', agentName, tierName: claim.claim.tierName, rewardTitle: claim.claim.rewardTitle });

  return (
    <Card>
      <CardHeader>
        <h2 ref={headingRef} tabIndex={-1} id="claim-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900 focus:outline-none">
          <Gift className="size-5 text-brand-600" aria-hidden="true" />
          {step.kind === 'form' ? t('claimRewardHeading', { reward: step.reward.title }) : t('claimHeading')}
        </h2>
        <CardDescription>
          {step.kind === 'pick' && t('pickDescription')}
          {step.kind === 'form' && t('formDescription', { tier: step.tier.name })}
          {(step.kind === 'idle' || step.kind === 'success') &&
            (claimable.length > 0
              ? t('rewardsWaiting', { count: claimable.length })
              : t('noUnclaimed'))}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step.kind === 'success' && (
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold">{t('claimSubmitted')}</p>
              <AlertDescription>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3">
                  <dt className="font-medium">{t('agentLabel')}</dt>
                  <dd>{step.agentName}</dd>
                  <dt className="font-medium">{t('tierLabel')}</dt>
                  <dd>{step.tierName}</dd>
                  <dt className="font-medium">{t('rewardLabel')}</dt>
                  <dd>{step.rewardTitle}</dd>
                </dl>
                <p className="mt-2">{t('claimSent')}</p>
              </AlertDescription>
            </div>
          </Alert>
        )}

        {(step.kind === 'idle' || step.kind === 'success') && claimable.length > 0 && (
          <Button className="w-full sm:w-auto sm:justify-self-start" onClick={() => setStep({ kind: 'pick' })}>
            <Gift aria-hidden="true" />
            {t('claimRewards')}
          </Button>
        )}

        {step.kind === 'pick' && (
          <>
            <ul className="grid gap-4" aria-label={t('rewardsYouCanClaim')}>
              {claimable.map(({ tier, rewards }) => (
                <li key={tier.id} className="grid gap-2">
                  <h3 className="font-semibold text-slate-900">{t('tierName', { tier: tier.name })}</h3>
                  <ul className="grid gap-2 sm:grid-cols-2">
                    {rewards.map((reward) => (
                      <li key={reward.id}>
                        <button
                          type="button"
                          onClick={() => setStep({ kind: 'form', tier, reward })}
                          className="h-full w-full rounded-lg border border-slate-300 bg-white p-3 text-left transition-colors hover:border-brand-600 hover:bg-brand-50"
                        >
                          <span className="block font-medium text-slate-900">{reward.title}</span>
                          <span className="block text-sm text-slate-700">{reward.description}</span>
                          <span className="mt-1 block text-xs font-medium text-brand-700">{reward.value}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <Button variant="outline" className="sm:justify-self-start" onClick={() => setStep({ kind: 'idle' })}>
              {t('cancel')}
            </Button>
          </>
        )}

        {step.kind === 'form' && (
          <PortalClaimForm
            agentId={agentId}
            rewardId={step.reward.id}
            defaults={{ fullName: agentName, email: agentEmail }}
            onSubmitted={onSubmitted}
            onCancel={() => setStep({ kind: 'pick' })}
          />
        )}
      </CardContent>
    </Card>
  );
}
