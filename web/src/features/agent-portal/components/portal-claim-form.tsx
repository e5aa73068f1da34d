import type { ClaimCreated } from '@contract/rewards';
import { Loader2, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { portalClaimErrorMessage, useClaimPortalReward } from '../api/claim-portal-reward';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import type { PortalClaimFormOutput, PortalClaimFormValues } from './portal-claim-schema';

const validation = lazyZodResolver(() => import('./portal-claim-schema').then((module) => module.portalClaimForm));

interface PortalClaimFormProps {
  agentId: number;
  rewardId: number;
  defaults: { fullName: string; email: string };
  onSubmitted: (claim: ClaimCreated) => void;
  onCancel: () => void;
}

export function PortalClaimForm({ agentId, rewardId, defaults, onSubmitted, onCancel }: PortalClaimFormProps) {
  const claim = useClaimPortalReward();
  const t = useT(messages);
  const form = useForm<PortalClaimFormValues, unknown, PortalClaimFormOutput>({
    resolver: validation.resolver,
    defaultValues: { fullName: defaults.fullName, email: defaults.email, phone: '', telegram: '', address: '', city: '', zipcode: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    claim.mutate(
      { agentId, rewardId, ...values, telegram: values.telegram ?? '' },
      { onSuccess: onSubmitted },
    ),
  );

  return (
    <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
      {claim.isError && (
        <Alert variant="destructive">
          <AlertDescription>{portalClaimErrorMessage(claim.error)}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('fullName')} error={errors.fullName?.message}>
          <Input autoComplete="name" {...form.register('fullName')} />
        </FormField>
        <FormField label={t('phone')} error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label={t('email')} error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label={t('telegram')} error={errors.telegram?.message}>
          <Input autoComplete="off" placeholder={t('telegramPlaceholder')} {...form.register('telegram')} />
        </FormField>
      </div>
      <FormField label={t('address')} error={errors.address?.message}>
        <Textarea autoComplete="street-address" rows={2} {...form.register('address')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('city')} error={errors.city?.message}>
          <Input autoComplete="address-level2" {...form.register('city')} />
        </FormField>
        <FormField label={t('zipCode')} error={errors.zipcode?.message}>
          <Input autoComplete="postal-code" {...form.register('zipcode')} />
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={claim.isPending}>
          {t('back')}
        </Button>
        <Button type="submit" disabled={claim.isPending}>
          {claim.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {claim.isPending ? t('submitting') : t('submitClaim')}
        </Button>
      </div>
    </form>
  );
}
