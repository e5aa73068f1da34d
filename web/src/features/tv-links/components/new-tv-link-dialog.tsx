import { zodResolver } from '@hookform/resolvers/zod';
import { createTvLinkInput, type CreatedTvLink, type CreateTvLinkInput } from '@contract/tv-links';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/translate';
import { useCreateTvLink } from '../api/create-tv-link';
import { messages } from '../messages';
import { TvLinkOptionFields } from './tv-link-option-fields';

// Amounts stay off unless the owner turns them on: the screen may hang where visitors pass.
const emptyForm: CreateTvLinkInput = { name: '', showAmounts: false, metrics: [] };

/** "New TV link": a name and whether its boards show amounts; the link made is handed to `onCreated` to show once. */
export function NewTvLinkDialog({ onCreated }: { onCreated: (link: CreatedTvLink) => void }) {
  const t = useT(messages);
  const createLink = useCreateTvLink();
  const form = useForm<CreateTvLinkInput, unknown, z.output<typeof createTvLinkInput>>({
    resolver: zodResolver(createTvLinkInput),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  return (
    <CreateFormDialog
      title={t('newLink')}
      description={t('newLinkDescription')}
      submitLabel={t('createLink')}
      form={form}
      create={createLink.mutate}
      pending={createLink.isPending}
      onCreated={onCreated}
      failure={t('createFailed')}
      fields={['name', 'showAmounts']}
    >
      <FormField label={t('name')} error={errors.name?.message} hint={t('nameHint')}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <TvLinkOptionFields form={form} />
    </CreateFormDialog>
  );
}
