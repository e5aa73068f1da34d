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
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const validation = lazyZodResolver(() => import('./profile-schemas').then((module) => module.profileDetailsForm));

/** The agent's name and position (PATCH /api/agents/me); the email is the sign-in and stays as it is. */
export function ProfileDetailsForm({ profile }: { profile: MyProfile }) {
  const update = useUpdateMyProfile();
  const t = useT(messages);
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
        toast({ title: t('profileUpdated'), description: t('profileSaved'), variant: 'success' });
      },
      (error: unknown) => {
        if (!setServerIssues(form.setError, error, ['name', 'position'])) setFormError(errorMessage(error, t('updateFailed')));
      },
    );
  });

  return (
    <LazyForm onSubmit={onSubmit} validation={validation} error={formError}>
      <FormField label={t('name')} error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label={t('position')} error={errors.position?.message}>
        <Input autoComplete="organization-title" {...form.register('position')} />
      </FormField>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium leading-none text-slate-800">{t('email')}</p>
        <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">{profile.email}</p>
        <p className="text-xs text-slate-600">{t('emailHint')}</p>
      </div>
      <SubmitButton
        pending={update.isPending}
        disabled={!isDirty}
        label={t('saveChanges')}
        pendingLabel={t('saving')}
        icon={<Save aria-hidden="true" />}
        className="justify-self-start"
      />
    </LazyForm>
  );
}
