import { MIN_STAFF_PASSWORD_LENGTH } from '@contract/limits';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { setServerIssues } from '../../../lib/server-issues';
import { useChangeStaffPassword } from '../api/change-staff-password';
import type { ChangeStaffPasswordValues } from './account-schemas';

const validation = lazyZodResolver(() => import('./account-schemas').then((module) => module.changeStaffPasswordForm));
const emptyForm: ChangeStaffPasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * A new password for the signed-in owner or manager (POST /api/auth/password): the current one first. Their other
 * devices are signed out; this one stays. A wrong current password, or a new one too common, shows under its field.
 */
export function ChangeStaffPasswordForm({ email }: { email: string }) {
  const change = useChangeStaffPassword();
  // A refusal the fields cannot show (a lost session, the network): above the form.
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangeStaffPasswordValues>({ resolver: validation.resolver, defaultValues: emptyForm });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    return change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword }).then(
      () => {
        form.reset(emptyForm);
        toast({ title: 'Password changed', description: 'You were signed out on your other devices.', variant: 'success' });
      },
      (error: unknown) => {
        if (!setServerIssues(form.setError, error, ['currentPassword', 'newPassword'])) {
          setFormError(errorMessage(error, 'Failed to change your password'));
        }
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
      {/* For password managers: the account whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} hint={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters.`}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        Changing your password signs you out on your other devices. You stay signed in here.
      </p>
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
        {change.isPending ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
