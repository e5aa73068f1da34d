import type { ContestPrizeWon } from '@contract/contests';
import { Loader2, Send } from 'lucide-react';
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
import { useClaimPrize } from '../api/contests';
import { messages } from '../messages';
import { placeName } from '../utils/contest-text';
import type { PrizeClaimOutput, PrizeClaimValues } from './prize-claim-schema';

const validation = lazyZodResolver(() => import('./prize-claim-schema').then((module) => module.prizeClaimForm));

/** The failure said as the tier claim's is (docs/product.md §11.14), with the server's reason when it gave one. */
export function prizeClaimFailure(error: unknown): string {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason ? translate(messages, 'claimFailedReason', { reason }) : translate(messages, 'claimFailed');
}

/**
 * Claiming a prize that is a reward: where to send it, with the tier dashboard's claim fields. It then becomes a reward
 * claim, processed, shipped and delivered as a tier's.
 */
export function PrizeClaimDialog({ prize, agent, onOpenChange }: { prize: ContestPrizeWon | null; agent: { name: string; email: string } | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={prize !== null} onOpenChange={onOpenChange}>
      {prize && (
        <DialogContent>
          <PrizeClaimForm key={prize.id} prize={prize} agent={agent} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PrizeClaimForm({ prize, agent, onDone }: { prize: ContestPrizeWon; agent: { name: string; email: string } | null; onDone: () => void }) {
  const t = useT(messages);
  const claim = useClaimPrize();
  const form = useForm<PrizeClaimValues, unknown, PrizeClaimOutput>({
    resolver: validation.resolver,
    defaultValues: { name: agent?.name ?? '', email: agent?.email ?? '', phone: '', address: '', shippingInfo: '' },
  });
  const { errors } = form.formState;
  const [name, email, address] = useWatch({ control: form.control, name: ['name', 'email', 'address'] });
  const complete = [name, email, address].every((value) => value.trim() !== '');

  const onSubmit = form.handleSubmit((values) =>
    claim.mutate(
      { prizeId: prize.id, details: { name: values.name, email: values.email, phone: values.phone, address: values.address, shippingInfo: values.shippingInfo } },
      {
        onSuccess: () => {
          toast({ title: t('prizeClaimed'), description: t('prizeClaimedText', { prize: prize.rewardTitle ?? prize.prizeText }), variant: 'success' });
          onDone();
        },
        onError: (error) => {
          toast({ title: t('error'), description: prizeClaimFailure(error), variant: 'destructive' });
          // A reason about a detail goes under it too (the dialog stays open to mend it).
          setServerIssues(form.setError, error, ['name', 'email', 'phone', 'address', 'shippingInfo']);
          // Claimed already, or not claimable: nothing to retry.
          if (error instanceof ApiError && error.status === 409) onDone();
        },
      },
    ),
  );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('claimYourPrize')}</DialogTitle>
        <DialogDescription>
          {t('claimPrizeText', { place: placeName(prize.place), contest: prize.contestName, prize: prize.rewardTitle ?? prize.prizeText })}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
        {/* The toast sits outside the modal dialog, hidden from assistive technology while it is open. */}
        {claim.isError && (
          <Alert variant="destructive">
            <AlertDescription>{prizeClaimFailure(claim.error)}</AlertDescription>
          </Alert>
        )}
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
