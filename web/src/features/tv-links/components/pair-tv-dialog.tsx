import { zodResolver } from '@hookform/resolvers/zod';
import { pairTvLinkInput, type PairTvLinkInput, type TvLink } from '@contract/tv-links';
import { useForm } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { usePairTv } from '../api/pair-tv';
import { TvLinkOptionFields } from './tv-link-option-fields';
import type { CreateTvLinkInput } from '@contract/tv-links';

const emptyForm: PairTvLinkInput = { code: '', name: '', showAmounts: false, metrics: [] };

/**
 * "Pair a TV" (docs/decisions/0086-tv-pairing.md): the code a TV shows at /tv, a name and the link's options. The TV goes
 * to its board by itself; a wrong, expired or used code (or too many wrong ones) is said under the code, nothing made.
 */
export function PairTvDialog({ onPaired }: { onPaired: (link: TvLink) => void }) {
  const pairTv = usePairTv();
  const form = useForm<PairTvLinkInput, unknown, z.output<typeof pairTvLinkInput>>({
    resolver: zodResolver(pairTvLinkInput),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  // Too many tries is about the code too (the reasons that name a field go under it through `fields`).
  const onRefused = (error: Error) => {
    if (!(error instanceof ApiError && error.status === 429 && error.serverMessage)) return false;
    form.setError('code', { message: error.serverMessage }, { shouldFocus: true });
    return true;
  };

  return (
    <CreateFormDialog
      title="Pair a TV"
      description="Open this app's /tv page on the screen: it shows a code. Enter it here to put the live leaderboard on that screen."
      submitLabel="Pair TV"
      form={form}
      create={pairTv.mutate}
      pending={pairTv.isPending}
      onCreated={onPaired}
      failure="Failed to pair the TV"
      onRefused={onRefused}
      fields={['code', 'name', 'showAmounts']}
    >
      <FormField label="Code shown on the TV" error={errors.code?.message} hint="8 letters and digits, e.g. ABCD-2345.">
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} className="font-mono uppercase tracking-widest" {...form.register('code')} />
      </FormField>
      <FormField label="Name" error={errors.name?.message} hint="Where the screen is, e.g. Sales floor TV.">
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <TvLinkOptionFields form={form as unknown as UseFormReturn<CreateTvLinkInput, unknown, unknown>} />
    </CreateFormDialog>
  );
}
