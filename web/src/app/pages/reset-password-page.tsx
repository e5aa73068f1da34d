import { MIN_PASSWORD_LENGTH, passwordRuleHint, RESET_LINK_INVALID } from '@contract/limits';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { AuthCardPage } from '../../components/layouts/auth-card-page';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { paths } from '../../config/paths';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { setServerIssues } from '../../lib/server-issues';


interface ResetForm {
  newPassword: string;
  confirmPassword: string;
}

/** The token of the link (/reset-password#token=...), read once; the address bar then drops it. */
function takeToken(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return match?.[1] ?? null;
}

/**
 * /reset-password#token=...: a one-time link (docs/product.md §12.9) sets the account's password. The token rides in
 * the fragment, which the browser sends to no server; the page posts it with the new password.
 */
export default function ResetPasswordPage() {
  const [token] = useState(takeToken);
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ResetForm>({ defaultValues: { newPassword: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await apiRequest('POST', '/api/password-resets/complete', { token, newPassword: values.newPassword });
      setDone(true);
    } catch (error) {
      // A reason about the password (too common) goes under it; anything else (the link) above the form.
      if (!setServerIssues(form.setError, error, ['newPassword'])) setServerError(errorMessage(error, 'The password could not be set'));
    }
  });

  return (
    <AuthCardPage icon={KeyRound} title="Set your password" description="Choose the password you will sign in with." contentClassName="grid gap-4">
      {done ? (
        <Alert>
          <AlertDescription>
            Your password is set.{' '}
            <Link href={paths.agentPortal} className="font-medium text-brand-700 underline underline-offset-4">
              Sign in on the Agent Portal
            </Link>
            {' '}(agents) or{' '}
            <Link href={paths.login} className="font-medium text-brand-700 underline underline-offset-4">
              sign in to the dashboard
            </Link>{' '}
            (owners and managers).
          </AlertDescription>
        </Alert>
      ) : token === null ? (
        <Alert variant="destructive">
          <AlertDescription>{RESET_LINK_INVALID}</AlertDescription>
        </Alert>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
          {serverError && (
            <Alert variant="destructive">
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          )}
          <FormField label="New password" error={errors.newPassword?.message} hint={passwordRuleHint(MIN_PASSWORD_LENGTH)}>
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register('newPassword', {
                minLength: { value: MIN_PASSWORD_LENGTH, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` },
                required: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
              })}
            />
          </FormField>
          <FormField label="Confirm password" error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword', {
                validate: (value, all) => value === all.newPassword || 'The passwords do not match',
              })}
            />
          </FormField>
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
            {isSubmitting ? 'Setting...' : 'Set password'}
          </Button>
        </form>
      )}
    </AuthCardPage>
  );
}
