import type { VoidedIncomeEntry, VoidIncomeEntryInput } from '@contract/income-entries';
import { VOID_REASON_MAX } from '@contract/limits';
import { Loader2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useVoidIncomeEntry } from '../api/void-income-entry';
import { formatCount, orgLocale } from '../../../lib/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The request's own rules and messages ("A void needs a reason"), fetched as the form is reached. This chunk imports no
// zod schema itself: a static one here made the build's shared chunks import each other, and one read another's
// schema before it was defined.
const validation = lazyZodResolver(() => import('@contract/income-entries').then((module) => module.voidIncomeEntryInput));

/** "Entry voided", the tiers the agent no longer reaches and those a voided deduction lets it reach (docs/product.md §12.11). */
function voidedMessage({ tiersTakenBack, tiersReached }: Pick<VoidedIncomeEntry, 'tiersTakenBack' | 'tiersReached'>): string {
  const tierList = new Intl.ListFormat(orgLocale(), { style: 'long', type: 'conjunction' });
  const names = (tiers: VoidedIncomeEntry['tiersTakenBack']) => tierList.format(tiers.map((tier) => tier.tierName));
  return [
    translate(messages, 'entryVoided'),
    ...(tiersTakenBack.length > 0 ? [translate(messages, 'tiersTakenBack', { tiers: names(tiersTakenBack), count: tiersTakenBack.length })] : []),
    ...(tiersReached.length > 0 ? [translate(messages, 'tiersReached', { tiers: names(tiersReached), count: tiersReached.length })] : []),
  ].join(', ');
}

interface VoidEntryFormProps {
  entryId: number;
  /** The entry was voided (the dialog closes). */
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The reason of a void and its confirmation, in a chunk of its own like the Add Income Entry form: the form's code loads
 * when a Void button is about to be used, not with the dashboard.
 */
export default function VoidEntryForm({ entryId, onDone, onCancel }: VoidEntryFormProps) {
  const t = useT(messages);
  const voidEntry = useVoidIncomeEntry();
  const form = useForm<VoidIncomeEntryInput>({
    resolver: validation.resolver,
    defaultValues: { reason: '' },
  });
  const length = useWatch({ control: form.control, name: 'reason' }).length;

  const onSubmit = form.handleSubmit((input) =>
    voidEntry.mutate(
      { entryId, input },
      {
        onSuccess: (result) => {
          toast({ title: t('success'), description: voidedMessage(result), variant: 'success' });
          onDone();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="grid gap-4">
      {/*
        A refusal (already voided, a tier whose reward is claimed, a bad reason) is read here rather than in a toast:
        the toast sits outside the modal dialog, hidden from assistive technology while it is open, and the owner may
        act on the message (reject the claim first) without losing the reason typed.
      */}
      {voidEntry.isError && (
        <Alert variant="destructive">
          <AlertDescription className="[overflow-wrap:anywhere]">{errorMessage(voidEntry.error, t('voidFailed'))}</AlertDescription>
        </Alert>
      )}
      <FormField
        label={t('reason')}
        error={form.formState.errors.reason?.message}
        hint={t('reasonHint', { length: formatCount(length), max: formatCount(VOID_REASON_MAX) })}
      >
        {/* Focused when the form arrives after the dialog opened (its code still loading then). */}
        <Textarea rows={4} autoFocus placeholder={t('reasonPlaceholder')} {...form.register('reason')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={voidEntry.isPending}>
          {voidEntry.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {voidEntry.isPending ? t('voiding') : t('voidEntry')}
        </Button>
      </DialogFooter>
    </form>
  );
}
