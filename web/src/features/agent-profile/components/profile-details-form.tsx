import type { MyProfile } from '@contract/insight';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LazyForm } from '../../../components/ui/lazy-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useUpdateMyProfile } from '../api/my-profile';
import type { ProfileDetailsValues } from './profile-schemas';
import { setServerIssues } from '../../../lib/server-issues';

const validation = lazyZodResolver(() => import('./profile-schemas').then((module) => module.profileDetailsForm));

/** The agent's name and position (PATCH /api/agents/me); the email is the sign-in and stays as it is. */
export function ProfileDetailsForm({ profile }: { profile: MyProfile }) {
  const update = useUpdateMyProfile();
  // A refusal the fields cannot show (a lost session, the network): above the form.
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ProfileDetailsValues>({
    resolver: validation.resolver,
    defaultValues: { name: profile.name, position: profile.position },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    return update.mutateAsync({ name: values.name, position: values.position }).then(
      (saved) => {
        form.reset({ name: saved.name, position: saved.position });
        toast({ title: 'Profile updated', description: 'Your name and position are saved.', variant: 'success' });
      },
      (error: unknown) => {
        if (!setServerIssues(form.setError, error, ['name', 'position'])) setFormError(errorMessage(error, 'Failed to update your profile'));
      },
    );
  });

  return (
    <LazyForm onSubmit={onSubmit} validation={validation} error={formError}>
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Position" error={errors.position?.message}>
        <Input autoComplete="organization-title" {...form.register('position')} />
      </FormField>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium leading-none text-slate-800">Email</p>
        <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">{profile.email}</p>
        <p className="text-xs text-slate-600">You sign in with it; ask the owner to change it.</p>
      </div>
      <SubmitButton
        pending={update.isPending}
        disabled={!isDirty}
        label="Save changes"
        pendingLabel="Saving..."
        icon={<Save aria-hidden="true" />}
        className="justify-self-start"
      />
    </LazyForm>
  );
}
