import type { MyProfile } from '@contract/insight';
import { Loader2, Save } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
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
    <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
      {formError && (
        <Alert variant="destructive">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
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
      <Button type="submit" disabled={update.isPending || !isDirty} className="justify-self-start">
        {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
        {update.isPending ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}
