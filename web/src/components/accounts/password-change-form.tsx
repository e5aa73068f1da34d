import { render } from '@contract/i18n';
import { passwordRuleHintText } from '@contract/limits';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import type { LazyResolver } from '../../lib/lazy-resolver';
import { setServerIssues } from '../../lib/server-issues';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { LazyForm } from '../ui/lazy-form';
import { SubmitButton } from '../ui/submit-button';
import { toast } from '../ui/use-toast';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** The form's fields: the current password, and the new one typed twice. */
export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const emptyForm: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

interface PasswordChangeFormProps {
  /** The account whose password this is, for password managers. */
  email: string;
  /** The shortest new password the account takes (agents 8, owners and managers 10). */
  minLength: number;
  /** The account kind's schema with the confirmation, fetched when the form is first used. */
  validation: LazyResolver<PasswordChangeValues, PasswordChangeValues>;
  /** Sends the change (the agent's or the staff route); its other sessions end, this one stays. */
  change: { mutateAsync: (input: { currentPassword: string; newPassword: string }) => Promise<unknown>; isPending: boolean };
}

/**
 * A new password for the signed-in person, the current one first (an agent's profile, an owner's or manager's account
 * page). A wrong current password, or a new one too common, shows under its field; anything else above the form.
 */
export function PasswordChangeForm({ email, minLength, validation, change }: PasswordChangeFormProps) {
  // A refusal the fields cannot show (a lost session, the network): above the form.
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordChangeValues>({ resolver: validation.resolver, defaultValues: emptyForm });
  const { errors } = form.formState;
  const t = useT(messages);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    return change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword }).then(
      () => {
        form.reset(emptyForm);
        toast({ title: t('passwordChanged'), description: t('signedOutElsewhere'), variant: 'success' });
      },
      (error: unknown) => {
        if (!setServerIssues(form.setError, error, ['currentPassword', 'newPassword'])) {
          setFormError(errorMessage(error, t('changeFailed')));
        }
      },
    );
  });

  return (
    <LazyForm onSubmit={onSubmit} validation={validation} error={formError}>
      {/* For password managers: the account whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField label={t('currentPassword')} error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label={t('newPassword')} error={errors.newPassword?.message} hint={render(passwordRuleHintText(minLength))}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label={t('confirmNewPassword')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        {t('changeNote')}
      </p>
      <SubmitButton
        pending={change.isPending}
        label={t('changePassword')}
        pendingLabel={t('changing')}
        icon={<KeyRound aria-hidden="true" />}
        className="justify-self-start"
      />
    </LazyForm>
  );
}
