import { zodResolver } from '@hookform/resolvers/zod';
import { pairTvLinkInput, type PairTvLinkInput, type TvLink } from '@contract/tv-links';
import { useForm } from 'react-hook-form';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate';
import { usePairTv } from '../api/pair-tv';
import { messages } from '../messages';
import { TvLinkOptionFields } from './tv-link-option-fields';
import type { CreateTvLinkInput } from '@contract/tv-links';

const emptyForm: PairTvLinkInput = { code: '', name: '', showAmounts: false, metrics: [] };

/**
 * "Pair a TV" (docs/decisions/0086-tv-pairing.md): the code a TV shows at /tv, a name and the link's options. The TV goes
 * to its board by itself; a wrong, expired or used code (or too many wrong ones) is said under the code, nothing made.
 */
export function PairTvDialog({ onPaired }: { onPaired: (link: TvLink) => void }) {
  const t = useT(messages);
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
      title={t('pairTitle')}
      description={t('pairDescription')}
      submitLabel={t('pairSubmit')}
      form={form}
      create={pairTv.mutate}
      pending={pairTv.isPending}
      onCreated={onPaired}
      failure={t('pairFailed')}
      onRefused={onRefused}
      fields={['code', 'name', 'showAmounts']}
    >
      <FormField label={t('code')} error={errors.code?.message} hint={t('codeHint')}>
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} className="font-mono uppercase tracking-widest" {...form.register('code')} />
      </FormField>
      <FormField label={t('name')} error={errors.name?.message} hint={t('nameHint')}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <TvLinkOptionFields form={form as unknown as UseFormReturn<CreateTvLinkInput, unknown, unknown>} />
    </CreateFormDialog>
  );
}
