import { zodResolver } from '@hookform/resolvers/zod';
import { createTvLinkInput, type CreatedTvLink, type CreateTvLinkInput } from '@contract/tv-links';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useCreateTvLink } from '../api/create-tv-link';
import { TvLinkOptionFields } from './tv-link-option-fields';

// Amounts stay off unless the owner turns them on: the screen may hang where visitors pass.
const emptyForm: CreateTvLinkInput = { name: '', showAmounts: false, metrics: [] };

/** "New TV link": a name and whether its boards show amounts; the link made is handed to `onCreated` to show once. */
export function NewTvLinkDialog({ onCreated }: { onCreated: (link: CreatedTvLink) => void }) {
  const createLink = useCreateTvLink();
  const form = useForm<CreateTvLinkInput, unknown, z.output<typeof createTvLinkInput>>({
    resolver: zodResolver(createTvLinkInput),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  return (
    <CreateFormDialog
      title="New TV link"
      description="An address that shows the live leaderboard on a screen, with no sign-in."
      submitLabel="Create link"
      form={form}
      create={createLink.mutate}
      pending={createLink.isPending}
      onCreated={onCreated}
      failure="Failed to create the TV link"
      fields={['name', 'showAmounts']}
    >
      <FormField label="Name" error={errors.name?.message} hint="Where the screen is, e.g. Sales floor TV.">
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <TvLinkOptionFields form={form} />
    </CreateFormDialog>
  );
}
