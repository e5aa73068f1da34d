import { render } from '@contract/i18n';
import type { AgentRegisterForm } from '@contract/auth';
import { MIN_PASSWORD_LENGTH, passwordRuleHintText } from '@contract/limits';
import type { SignUpMode } from '@contract/sign-up';
import { Info, Loader2, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { setServerIssues } from '../../../lib/server-issues';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useT } from '../../../lib/i18n/translate';
import { useAgentRegister, type RegistrationOutcome } from '../api/agent-register';
import { messages } from '../messages';

const validation = lazyZodResolver(() => import('@contract/auth').then((module) => module.agentRegisterForm));

interface AgentRegisterFormProps {
  /** The sign-up mode the form is shown in (open, approval or invite). */
  mode: SignUpMode;
  /** The invitation token of the link the page was opened with, sent as `invite`. */
  invite?: string | undefined;
  onSuccess: (outcome: RegistrationOutcome) => void;
}

const emptyForm: AgentRegisterForm = { email: '', password: '', confirmPassword: '', firstName: '', lastName: '', position: '' };

/**
 * Agent registration (docs/product.md §11.15). The confirmation is checked here and never sent. In the open and invitation
 * modes the new agent is then signed in with the same email and password (api/agent-register.ts).
 */
export function AgentRegisterForm({ mode, invite, onSuccess }: AgentRegisterFormProps) {
  const register = useAgentRegister();
  const t = useT(messages);
  const form = useForm<AgentRegisterForm>({ resolver: validation.resolver, defaultValues: emptyForm });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ email, password, firstName, lastName, position }) =>
    register.mutate(
      {
        email: email.trim(),
        password,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        position: position.trim(),
        ...(invite ? { invite } : {}),
      },
      {
        onSuccess,
        // A reason about a field (a common password, an email taken) goes under it, the focus on it; others above the form.
        onError: (error) => void (setServerIssues(form.setError, error, ['firstName', 'lastName', 'email', 'position', 'password']) && register.reset()),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
      {mode === 'approval' && (
        <p className="flex gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('approvalNote')}
        </p>
      )}
      {register.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(register.error, t('registrationFailed'))}</AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('firstName')} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField label={t('lastName')} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label={t('email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label={t('position')} hint={t('positionHint')} error={errors.position?.message}>
        <Input autoComplete="organization-title" {...form.register('position')} />
      </FormField>
      <FormField label={t('password')} hint={render(passwordRuleHintText(MIN_PASSWORD_LENGTH))} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label={t('confirmPassword')} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {register.isPending ? t('creatingAccount') : t('createAccount')}
      </Button>
    </form>
  );
}
