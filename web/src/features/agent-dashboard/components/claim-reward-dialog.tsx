import type { AgentTierData } from '@contract/agent-tier-data';
import { Loader2, Send } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n/translate';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { setServerIssues } from '../../../lib/server-issues';
import { useClaimTierReward } from '../api/claim-tier-reward';
import { messages } from '../messages';
import type { ClaimDialogOutput, ClaimDialogValues } from './claim-dialog-schema';

type Tier = AgentTierData['tiers'][number];

/** The form's field of each path of the request's contact details. */
const CLAIM_FIELD_OF_PATH = {
  'agentData.name': 'name',
  'agentData.email': 'email',
  'agentData.phone': 'phone',
  'agentData.address': 'address',
  'agentData.shippingInfo': 'shippingInfo',
} as const;

const validation = lazyZodResolver(() => import('./claim-dialog-schema').then((module) => module.claimDialogForm));

/** docs/product.md §11.14, with the server's reason appended when it gave one (for example an earlier claim). */
export function claimFailureDescription(error: unknown): string {
  const base = translate(messages, 'claimFailed');
  if (!(error instanceof ApiError)) return base;
  try {
    const { message } = JSON.parse(error.bodyText) as { message?: unknown };
    return typeof message === 'string' && message ? translate(messages, 'claimFailedReason', { reason: message }) : base;
  } catch {
    return base;
  }
}

interface ClaimRewardDialogProps {
  tier: Tier | null;
  agentName: string;
  onOpenChange: (open: boolean) => void;
  /** The dialog opens without a Radix trigger, so the screen says where focus goes when it closes. */
  onCloseFocus: (tierId: number) => void;
}

export function ClaimRewardDialog({ tier, agentName, onOpenChange, onCloseFocus }: ClaimRewardDialogProps) {
  return (
    <Dialog open={tier !== null} onOpenChange={onOpenChange}>
      {tier && (
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onCloseFocus(tier.id);
          }}
        >
          {/* Keyed by tier so every opening starts from a fresh form. */}
          <ClaimRewardForm key={tier.id} tier={tier} agentName={agentName} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * The tier's reward options come with the tier data the card was drawn from, so the dialog lists exactly what the card
 * offered (docs/decisions/0081-tier-offers.md); an option removed meanwhile is refused by the server with its reason.
 */
function ClaimRewardForm({ tier, agentName, onDone }: { tier: Tier; agentName: string; onDone: () => void }) {
  const t = useT(messages);
  const options = tier.rewardOptions;
  const claim = useClaimTierReward();
  const form = useForm<ClaimDialogValues, unknown, ClaimDialogOutput>({
    resolver: validation.resolver,
    defaultValues: { rewardOptionId: '', name: agentName, email: '', phone: '', address: '', shippingInfo: '' },
  });
  const { errors } = form.formState;
  const [rewardOptionId, name, email, address] = useWatch({ control: form.control, name: ['rewardOptionId', 'name', 'email', 'address'] });
  // With a single option there is nothing to choose.
  const onlyOption = options.length === 1 ? options[0] : undefined;
  useEffect(() => {
    if (onlyOption && form.getValues('rewardOptionId') === '') form.setValue('rewardOptionId', String(onlyOption.id));
  }, [onlyOption, form]);
  const complete = [rewardOptionId, name, email, address].every((value) => value.trim() !== '');

  const onSubmit = form.handleSubmit((values) =>
    claim.mutate(
      {
        tierId: tier.id,
        rewardOptionId: Number(values.rewardOptionId),
        agentData: { name: values.name, email: values.email, phone: values.phone, address: values.address, shippingInfo: values.shippingInfo },
      },
      {
        onSuccess: () => {
          toast({ title: t('rewardClaimedTitle'), description: t('rewardClaimedText'), variant: 'success' });
          onDone();
        },
        onError: (error) => {
          toast({ title: t('error'), description: claimFailureDescription(error), variant: 'destructive' });
          // A reason about a detail goes under it too (the dialog stays open to mend it).
          setServerIssues(form.setError, error, ['rewardOptionId', 'name', 'email', 'phone', 'address', 'shippingInfo'], CLAIM_FIELD_OF_PATH);
          // An earlier claim of this tier leaves nothing to retry; other failures keep the details for another try.
          if (error instanceof ApiError && error.status === 409) onDone();
        },
      },
    ),
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('claimTitle', { tier: tier.name })}</DialogTitle>
        <DialogDescription>{t('claimDescription')}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
        {/* The toast sits outside the modal dialog, hidden from assistive technology while it is open. */}
        {claim.isError && (
          <Alert variant="destructive">
            <AlertDescription>{claimFailureDescription(claim.error)}</AlertDescription>
          </Alert>
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('rewardLegend')}</legend>
          {options.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              >
                <input type="radio" value={String(option.id)} className="mt-1 size-4 accent-brand-600" {...form.register('rewardOptionId')} />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{option.title}</span>
                  <span className="block text-sm text-slate-700">{option.description}</span>
                  <span className="block text-xs font-medium text-brand-700">{option.category}</span>
                </span>
              </label>
          ))}
          {errors.rewardOptionId?.message && <p className="text-sm font-medium text-red-700">{errors.rewardOptionId.message}</p>}
        </fieldset>
        <FormField label={t('fullName')} error={errors.name?.message}>
          <Input autoComplete="name" required {...form.register('name')} />
        </FormField>
        <FormField label={t('emailAddress')} error={errors.email?.message}>
          <Input type="email" autoComplete="email" required {...form.register('email')} />
        </FormField>
        <FormField label={t('phoneOptional')} error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label={t('mailingAddress')} error={errors.address?.message}>
          <Textarea autoComplete="street-address" rows={3} required {...form.register('address')} />
        </FormField>
        <FormField label={t('shippingInstructions')} error={errors.shippingInfo?.message}>
          <Textarea rows={2} {...form.register('shippingInfo')} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={claim.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!complete || claim.isPending}>
            {claim.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            {claim.isPending ? t('submitting') : t('submitClaim')}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
