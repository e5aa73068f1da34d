import { render } from '@contract/i18n';
import { MIN_PASSWORD_LENGTH, passwordRuleHintText, RESET_LINK_INVALID_TEXT } from '@contract/limits';
import { KeyRound, Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
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
import { PART, withPart } from '../../components/ui/message-part';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** A second mark no translation holds, for the message's second element (components/ui/message-part.tsx PART). */
const SECOND_PART = '\u2064';

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
  const t = useT(messages);
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
      if (!setServerIssues(form.setError, error, ['newPassword'])) setServerError(errorMessage(error, t('resetFailed')));
    }
  });

  return (
    <AuthCardPage icon={KeyRound} title={t('resetTitle')} description={t('resetDescription')} contentClassName="grid gap-4">
      {done ? (
        <Alert>
          <AlertDescription>
            <PasswordSet
              portal={
                <Link href={paths.agentPortal} className="font-medium text-brand-700 underline underline-offset-4">
                  {t('signInPortal')}
                </Link>
              }
              dashboard={
                <Link href={paths.login} className="font-medium text-brand-700 underline underline-offset-4">
                  {t('signInDashboard')}
                </Link>
              }
            />
          </AlertDescription>
        </Alert>
      ) : token === null ? (
        <Alert variant="destructive">
          <AlertDescription>{render(RESET_LINK_INVALID_TEXT)}</AlertDescription>
        </Alert>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
          {serverError && (
            <Alert variant="destructive">
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          )}
          <FormField label={t('newPassword')} error={errors.newPassword?.message} hint={render(passwordRuleHintText(MIN_PASSWORD_LENGTH))}>
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register('newPassword', {
                minLength: { value: MIN_PASSWORD_LENGTH, message: t('passwordMin', { min: String(MIN_PASSWORD_LENGTH) }) },
                required: t('passwordMin', { min: String(MIN_PASSWORD_LENGTH) }),
              })}
            />
          </FormField>
          <FormField label={t('confirmPassword')} error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword', {
                validate: (value, all) => value === all.newPassword || t('passwordsDiffer'),
              })}
            />
          </FormField>
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting && <Loader2 className="animate-spin" aria-hidden="true" />}
            {isSubmitting ? t('setting') : t('setPassword')}
          </Button>
        </form>
      )}
    </AuthCardPage>
  );
}

/**
 * "Your password is set. Sign in on the Agent Portal (agents) or sign in to the dashboard (owners and managers).": the
 * two links in the places the language shown puts them.
 */
function PasswordSet({ portal, dashboard }: { portal: ReactNode; dashboard: ReactNode }) {
  const t = useT(messages);
  const [before = '', after = ''] = t('passwordSet', { portal: PART, dashboard: SECOND_PART }).split(SECOND_PART);
  return (
    <>
      {withPart(before, portal)}
      {dashboard}
      {withPart(after, portal)}
    </>
  );
}
