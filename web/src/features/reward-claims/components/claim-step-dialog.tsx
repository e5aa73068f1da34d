import { zodResolver } from '@hookform/resolvers/zod';
import { CLAIM_NOTE_MAX, type RewardClaim } from '@contract/rewards';
import { Ban, PackageCheck, Truck, type LucideIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { claimWhat } from '../../../components/claims/claim-status';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n/translate';
import { setServerIssues } from '../../../lib/server-issues';
import { useChangeClaimStatus } from '../api/change-claim-status';
import { messages } from '../messages';

/** The steps a dialog takes a claim to (Mark Filled needs no dialog). */
export type ClaimStep = 'shipped' | 'delivered' | 'rejected';

/** Each step's icon and button look; its words are the catalog's `step…` selects. */
const STEPS: Record<ClaimStep, { icon: LucideIcon; variant: 'default' | 'outline' }> = {
  shipped: { icon: Truck, variant: 'default' },
  delivered: { icon: PackageCheck, variant: 'default' },
  rejected: { icon: Ban, variant: 'outline' },
};

const tooLong = { error: () => translate(messages, 'tooLong', { max: String(CLAIM_NOTE_MAX) }) };
const noteForm = z.object({ text: z.string().trim().max(CLAIM_NOTE_MAX, tooLong) });
const reasonForm = z.object({ text: z.string().trim().min(1, { error: () => translate(messages, 'reasonRequired') }).max(CLAIM_NOTE_MAX, tooLong) });
type StepForm = z.input<typeof noteForm>;

/** A button that opens a short form moving `claim` to `step`, with a note or (to reject) a required reason. */
export function ClaimStepDialog({ claim, step }: { claim: RewardClaim; step: ClaimStep }) {
  const t = useT(messages);
  const look = STEPS[step];
  const change = useChangeClaimStatus();
  const form = useForm<StepForm, unknown, z.output<typeof noteForm>>({
    resolver: zodResolver(step === 'rejected' ? reasonForm : noteForm),
    defaultValues: { text: '' },
  });
  const dialog = useFormDialog(() => form.reset({ text: '' }));
  const Icon = look.icon;

  const onSubmit = form.handleSubmit(({ text: value }) =>
    change.mutate(
      { claimId: claim.id, change: step === 'rejected' ? { status: step, reason: value } : { status: step, ...(value ? { note: value } : {}) } },
      {
        onSuccess: () => {
          dialog.done();
          toast({ title: translate(messages, 'success'), description: translate(messages, 'stepDone', { step }), variant: 'success' });
        },
        onError: (error) => {
          if (!setServerIssues(form.setError, error, ['text'], { note: 'text', reason: 'text' })) toast({ title: translate(messages, 'error'), description: errorMessage(error, translate(messages, 'updateFailed')), variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button variant={look.variant} className="w-full sm:w-auto">
          <Icon aria-hidden="true" />
          {t('stepButton', { step })}
        </Button>
      }
      title={t('stepTitle', { step })}
      description={t('stepDescription', { reward: claim.rewardTitle, agent: claim.agentName, what: claimWhat(claim) })}
      onSubmit={onSubmit}
      pending={change.isPending}
      submitLabel={t('stepButton', { step })}
      pendingLabel={t('saving')}
    >
      <FormField label={t('stepField', { step })} error={form.formState.errors.text?.message} hint={t('stepHint', { step })}>
        <Textarea rows={3} {...form.register('text')} />
      </FormField>
    </FormDialog>
  );
}
