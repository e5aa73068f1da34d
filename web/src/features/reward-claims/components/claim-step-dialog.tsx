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
import { setServerIssues } from '../../../lib/server-issues';
import { useChangeClaimStatus } from '../api/change-claim-status';

/** The steps a dialog takes a claim to (Mark Filled needs no dialog). */
export type ClaimStep = 'shipped' | 'delivered' | 'rejected';

const STEPS: Record<ClaimStep, { button: string; icon: LucideIcon; title: string; field: string; hint: string; done: string; variant: 'default' | 'outline' }> = {
  shipped: {
    button: 'Mark Shipped',
    icon: Truck,
    title: 'Mark the reward shipped',
    field: 'Tracking note (optional)',
    hint: 'The carrier and tracking number, for example. The agent sees it.',
    done: 'Reward claim marked as shipped',
    variant: 'default',
  },
  delivered: {
    button: 'Mark Delivered',
    icon: PackageCheck,
    title: 'Mark the reward delivered',
    field: 'Note (optional)',
    hint: 'How it reached the agent, for example "Gift card code sent by email". The agent sees it.',
    done: 'Reward claim marked as delivered',
    variant: 'default',
  },
  rejected: {
    button: 'Reject',
    icon: Ban,
    title: 'Reject the claim',
    field: 'Reason',
    hint: 'The agent sees it, and may then claim this tier again.',
    done: 'Reward claim rejected',
    variant: 'outline',
  },
};

const tooLong = `Must be at most ${CLAIM_NOTE_MAX} characters`;
const noteForm = z.object({ text: z.string().trim().max(CLAIM_NOTE_MAX, tooLong) });
const reasonForm = z.object({ text: z.string().trim().min(1, 'A rejection needs a reason').max(CLAIM_NOTE_MAX, tooLong) });
type StepForm = z.input<typeof noteForm>;

/** A button that opens a short form moving `claim` to `step`, with a note or (to reject) a required reason. */
export function ClaimStepDialog({ claim, step }: { claim: RewardClaim; step: ClaimStep }) {
  const text = STEPS[step];
  const change = useChangeClaimStatus();
  const form = useForm<StepForm, unknown, z.output<typeof noteForm>>({
    resolver: zodResolver(step === 'rejected' ? reasonForm : noteForm),
    defaultValues: { text: '' },
  });
  const dialog = useFormDialog(() => form.reset({ text: '' }));
  const Icon = text.icon;

  const onSubmit = form.handleSubmit(({ text: value }) =>
    change.mutate(
      { claimId: claim.id, change: step === 'rejected' ? { status: step, reason: value } : { status: step, ...(value ? { note: value } : {}) } },
      {
        onSuccess: () => {
          dialog.done();
          toast({ title: 'Success', description: text.done, variant: 'success' });
        },
        onError: (error) => {
          if (!setServerIssues(form.setError, error, ['text'], { note: 'text', reason: 'text' })) toast({ title: 'Error', description: errorMessage(error, 'Failed to update the reward claim'), variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button variant={text.variant} className="w-full sm:w-auto">
          <Icon aria-hidden="true" />
          {text.button}
        </Button>
      }
      title={text.title}
      description={`${claim.rewardTitle} for ${claim.agentName} (${claimWhat(claim)}).`}
      onSubmit={onSubmit}
      pending={change.isPending}
      submitLabel={text.button}
      pendingLabel="Saving..."
    >
      <FormField label={text.field} error={form.formState.errors.text?.message} hint={text.hint}>
        <Textarea rows={3} {...form.register('text')} />
      </FormField>
    </FormDialog>
  );
}
