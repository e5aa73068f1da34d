import { CLAIM_TRANSITIONS, type RewardClaim } from '@contract/rewards';
import { PackageCheck } from 'lucide-react';
import { AgentDetailLink } from '../../../components/agents/agent-detail-link';
import { ClaimHistory, ClaimStatusBadge, claimWhat } from '../../../components/claims/claim-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { useProcessRewardClaim } from '../api/process-reward-claim';
import { messages } from '../messages';
import { ClaimStepDialog, type ClaimStep } from './claim-step-dialog';
import { PART, withPart } from '../../../components/ui/message-part';

export function RewardClaimCard({ claim }: { claim: RewardClaim }) {
  const t = useT(messages);
  const processClaim = useProcessRewardClaim({
    onSuccess: () => toast({ title: translate(messages, 'success'), description: translate(messages, 'processedToast'), variant: 'success' }),
    onError: (error) =>
      toast({ title: translate(messages, 'error'), description: errorMessage(error, translate(messages, 'processFailed')), variant: 'destructive' }),
  });
  const isPending = claim.status === 'pending';
  // Mark Filled (pending to processed) is the spec's own button; the other allowed steps open a short form.
  const lastStep = claim.history.at(-1) ?? { at: claim.claimedAt };
  const steps = CLAIM_TRANSITIONS[claim.status].filter((step): step is ClaimStep => step !== 'processed');
  const details: { label: string; value: string | null; wide?: boolean }[] = [
    { label: t('fullName'), value: claim.fullName },
    { label: t('email'), value: claim.email },
    { label: t('phone'), value: claim.phone },
    { label: t('telegram'), value: claim.telegram },
    { label: t('address'), value: claim.address, wide: true },
    { label: t('city'), value: claim.city },
    { label: t('zipCode'), value: claim.zipcode },
    { label: t('shippingInstructions'), value: claim.shippingInstructions, wide: true },
  ];

  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="gap-2 pb-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 [overflow-wrap:anywhere]">{claim.rewardTitle}</CardTitle>
          <ClaimStatusBadge status={claim.status} />
        </div>
        <p className="text-sm text-slate-700">
          {/* Underlined: a link inside a sentence is told apart by more than its colour. */}
          <AgentDetailLink agentId={claim.agentId} className="font-medium underline">
            {claim.agentName}
          </AgentDetailLink>{' '}
          · {claimWhat(claim)}
        </p>
        <p className="text-xs text-slate-600">
          {withPart(t('claimedAt', { time: PART }), <time dateTime={claim.claimedAt}>{formatDateTime(claim.claimedAt)}</time>)}
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        {claim.contactErasedAt ? (
          // Erased a set time after the claim was filled or rejected (CLAIM_CONTACT_RETENTION_DAYS): nothing personal is kept.
          <p className="rounded-lg bg-slate-50 p-3 text-sm italic text-slate-700 sm:p-4">
            {withPart(
              t('contactErased', { time: PART }),
              <time dateTime={claim.contactErasedAt}>{formatDateTime(claim.contactErasedAt)}</time>,
            )}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg bg-slate-50 p-3 text-sm sm:p-4">
            {details.map(({ label, value, wide }) => (
              <div key={label} className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
                <dt className="text-xs font-medium text-slate-600">{label}</dt>
                <dd className={value ? 'whitespace-pre-line [overflow-wrap:anywhere] text-slate-900' : 'italic text-slate-600'}>
                  {value || t('notProvided')}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
      <CardContent className="pt-0">
        <details className="group rounded-lg border border-slate-200 p-3 sm:px-4">
          <summary className="cursor-pointer text-sm font-medium text-slate-900">{t('historySteps', { count: claim.history.length })}</summary>
          <div className="mt-3">
            <ClaimHistory history={claim.history} label={t('historyLabel', { tier: claim.tierName, agent: claim.agentName })} />
          </div>
        </details>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {isPending && (
          <Button onClick={() => processClaim.mutate(claim.id)} disabled={processClaim.isPending} className="w-full sm:w-auto">
            <PackageCheck aria-hidden="true" />
            {processClaim.isPending ? t('marking') : t('markFilled')}
          </Button>
        )}
        {steps.map((step) => (
          <ClaimStepDialog key={step} claim={claim} step={step} />
        ))}
        {claim.status === 'rejected' ? (
          <p className="basis-full text-sm text-slate-700">
            {withPart(t('rejectedAt', { time: PART }), <time dateTime={lastStep.at}>{formatDateTime(lastStep.at)}</time>)}
          </p>
        ) : (
          !isPending && (
            <p className="basis-full text-sm text-slate-700">
              {claim.processedAt
                ? withPart(t('processedAt', { time: PART }), <time dateTime={claim.processedAt}>{formatDateTime(claim.processedAt)}</time>)
                : t('processedUnknown')}
            </p>
          )
        )}
      </CardFooter>
    </Card>
  );
}
