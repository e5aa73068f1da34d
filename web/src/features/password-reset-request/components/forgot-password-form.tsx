import type { RequestPasswordResetInput } from '@contract/password-resets';
import { CheckCircle2, Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LazyForm } from '../../../components/ui/lazy-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { errorMessage } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { setServerIssues } from '../../../lib/server-issues';
import { useT } from '../../../lib/i18n/translate';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { messages } from '../messages';

// zod and the schema come when the form is first used: the page paints without them.
const validation = lazyZodResolver(() => import('@contract/password-resets').then((module) => module.requestPasswordResetInput));

/**
 * Asks for a password link by email (POST /api/password-resets). The server's one answer replaces the form; it never
 * says whether an account uses the email. "Send again" brings the form back with the email kept.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const t = useT(messages);
  // The server's message after a 202: the form is replaced by it until the person asks to send again.
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  // A refusal no field can show (too many attempts, the network): above the form.
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RequestPasswordResetInput>({ resolver: validation.resolver, defaultValues: { email: '' } });
  const { errors } = form.formState;
  const { setFocus } = form;
  const statusRef = useRef<HTMLDivElement>(null);
  // Where the focus goes once the view changed: the message after sending, the email field after "Send again".
  const [focusTarget, setFocusTarget] = useState<'status' | 'email' | null>(null);

  useEffect(() => {
    if (focusTarget === 'status') statusRef.current?.focus();
    if (focusTarget === 'email') setFocus('email');
  }, [focusTarget, setFocus]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    return request.mutateAsync({ email: values.email }).then(
      (answer) => {
        setSentMessage(answer.message);
        setFocusTarget('status');
      },
      (error: unknown) => {
        if (!setServerIssues(form.setError, error, ['email'])) setFormError(errorMessage(error, t('requestFailed')));
      },
    );
  });

  if (sentMessage !== null) {
    return (
      <div className="grid gap-3">
        <Alert ref={statusRef} role="status" tabIndex={-1} variant="success" className="focus:outline-none">
          <CheckCircle2 aria-hidden="true" />
          <AlertDescription>{sentMessage}</AlertDescription>
        </Alert>
        <p className="text-center text-sm text-slate-700">
          {t('nothingArrived')}{' '}
          <Button
            variant="link"
            className="h-auto p-0 underline"
            onClick={() => {
              setSentMessage(null);
              setFocusTarget('email');
            }}
          >
            {t('sendAgain')}
          </Button>
        </p>
      </div>
    );
  }

  return (
    <LazyForm onSubmit={onSubmit} validation={validation} error={formError}>
      <FormField label={t('email')} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <SubmitButton pending={request.isPending} label={t('emailMeLink')} pendingLabel={t('sending')} icon={<Mail aria-hidden="true" />} className="w-full" />
    </LazyForm>
  );
}
