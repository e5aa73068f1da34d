import type { LoginForm } from '@contract/auth';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import { useForm, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { LazyForm } from '../ui/lazy-form';
import { SubmitButton } from '../ui/submit-button';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

// Fetched when the person reaches the form, not with the page: a sign-in page paints first.
const validation = lazyZodResolver(() => import('@contract/auth').then((module) => module.loginForm));

/** The form of an email and password sign-in, checked against the contract's loginForm. */
export function useSignInForm(options: Omit<UseFormProps<LoginForm>, 'resolver'>): UseFormReturn<LoginForm> {
  return useForm<LoginForm>({ ...options, resolver: validation.resolver });
}

interface SignInFormProps {
  form: UseFormReturn<LoginForm>;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Why the last sign-in failed, shown above the fields. */
  error: string | null;
  /** The sign-in request is on its way. */
  pending: boolean;
  /** The submit button's icon while no request is on its way. */
  idleIcon?: ReactNode;
  /** A note under the form in demo mode (the demo account). */
  demoNote?: ReactNode;
  /** Another way in comes first ("Sign in with <company>"): this form's button is the quieter one. */
  secondary?: boolean;
}

/** Email, password and Sign In, with the "Forgot your password?" link: the owners' and managers' and the agents' sign-in. */
export function SignInForm({ form, onSubmit, error, pending, idleIcon, demoNote, secondary = false }: SignInFormProps) {
  const { errors } = form.formState;
  const t = useT(messages);
  return (
    <LazyForm onSubmit={onSubmit} validation={validation} error={error}>
      <FormField label={t('email')} error={errors.email?.message}>
        <Input type="email" autoComplete="username" {...form.register('email')} />
      </FormField>
      <FormField label={t('password')} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <SubmitButton pending={pending} label={t('signIn')} pendingLabel={t('signingIn')} icon={idleIcon} variant={secondary ? 'outline' : 'default'} className="w-full" />
      <p className="text-center text-sm">
        <Link href={paths.forgotPassword} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {t('forgotPassword')}
        </Link>
      </p>
      {demoNote && <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">{demoNote}</p>}
    </LazyForm>
  );
}
