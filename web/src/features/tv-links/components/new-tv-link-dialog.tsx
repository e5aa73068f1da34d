import { zodResolver } from '@hookform/resolvers/zod';
import { createTvLinkInput, type CreatedTvLink, type CreateTvLinkInput } from '@contract/tv-links';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCreateTvLink } from '../api/create-tv-link';

// Amounts stay off unless the owner turns them on: the screen may hang where visitors pass.
const emptyForm: CreateTvLinkInput = { name: '', showAmounts: false };

/** "New TV link": a name and whether its boards show amounts; the link made is handed to `onCreated` to show once. */
export function NewTvLinkDialog({ onCreated }: { onCreated: (link: CreatedTvLink) => void }) {
  const createLink = useCreateTvLink();
  const form = useForm<CreateTvLinkInput, unknown, z.output<typeof createTvLinkInput>>({
    resolver: zodResolver(createTvLinkInput),
    defaultValues: emptyForm,
  });
  const dialog = useFormDialog(() => form.reset(emptyForm));
  const showAmountsId = useId();
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createLink.mutate(values, {
      onSuccess: (created) => {
        dialog.done();
        onCreated(created);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to create the TV link'), variant: 'destructive' }),
    }),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          New TV link
        </Button>
      }
      title="New TV link"
      description="An address that shows the live leaderboard on a screen, with no sign-in."
      onSubmit={onSubmit}
      pending={createLink.isPending}
      submitLabel="Create link"
    >
      <FormField label="Name" error={errors.name?.message} hint="Where the screen is, e.g. Sales floor TV.">
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <div className="flex items-start gap-3">
        <input
          id={showAmountsId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          aria-describedby={`${showAmountsId}-hint`}
          {...form.register('showAmounts')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={showAmountsId}>Show amounts</Label>
          <p id={`${showAmountsId}-hint`} className="text-xs text-slate-600">
            Dollar figures on the boards and in the latest wins. Off: names and ranks only.
          </p>
        </div>
      </div>
    </FormDialog>
  );
}
