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
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { setServerIssues } from '../../../lib/server-issues';
import { useClaimPrize } from '../api/contests';
import { placeName } from '../utils/contest-text';
import type { PrizeClaimOutput, PrizeClaimValues } from './prize-claim-schema';

const validation = lazyZodResolver(() => import('./prize-claim-schema').then((module) => module.prizeClaimForm));

/** The failure said as the tier claim's is (docs/product.md §11.14), with the server's reason when it gave one. */
export function prizeClaimFailure(error: unknown): string {
  const base = 'Failed to claim the prize. Please try again.';
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason ? `${base} ${reason}` : base;
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
          toast({ title: 'Prize claimed!', description: `Your claim of ${prize.rewardTitle ?? prize.prizeText} has been submitted.`, variant: 'success' });
          onDone();
        },
        onError: (error) => {
          toast({ title: 'Error', description: prizeClaimFailure(error), variant: 'destructive' });
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
        <DialogTitle>Claim your prize</DialogTitle>
        <DialogDescription>
          {placeName(prize.place)} place in {prize.contestName}: {prize.rewardTitle ?? prize.prizeText}. Tell us where to send it. Fields marked * are required.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
        {/* The toast sits outside the modal dialog, hidden from assistive technology while it is open. */}
        {claim.isError && (
          <Alert variant="destructive">
            <AlertDescription>{prizeClaimFailure(claim.error)}</AlertDescription>
          </Alert>
        )}
        <FormField label="Full Name *" error={errors.name?.message}>
          <Input autoComplete="name" required {...form.register('name')} />
        </FormField>
        <FormField label="Email Address *" error={errors.email?.message}>
          <Input type="email" autoComplete="email" required {...form.register('email')} />
        </FormField>
        <FormField label="Phone (optional)" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label="Mailing Address *" error={errors.address?.message}>
          <Textarea autoComplete="street-address" rows={3} required {...form.register('address')} />
        </FormField>
        <FormField label="Special Shipping Instructions (optional)" error={errors.shippingInfo?.message}>
          <Textarea rows={2} {...form.register('shippingInfo')} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={claim.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete || claim.isPending}>
            {claim.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            {claim.isPending ? 'Submitting...' : 'Submit Claim'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
