import type { CurrentUser } from '@contract/two-factor';
import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCompleteTwoFactorSignIn } from '../api/complete-two-factor-sign-in';
import { CodeField } from './code-field';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * The second step of a sign-in with two-factor sign-in on: a code of the app or a recovery code. `onEnded`: the
 * sign-in has to start again (five minutes passed, or too many wrong codes), with the server's message.
 */
export function TwoFactorSignInForm({
  onSignedIn,
  onEnded,
}: {
  onSignedIn: (user: CurrentUser) => void;
  onEnded: (message: string) => void;
}) {
  const complete = useCompleteTwoFactorSignIn();
  const t = useT(messages);
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    complete.mutate(
      { code: code.trim() },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) onEnded(errorMessage(error, t('signInEnded')));
        },
      },
    );
  };

  const refused = complete.error instanceof ApiError && complete.error.status === 401 ? null : complete.error;
  const fieldError = refused instanceof ApiError && refused.status === 400 ? errorMessage(refused, t('codeIncorrect')) : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <p className="text-sm text-slate-700">{t('signInPrompt')}</p>
      {refused && !fieldError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(refused, t('signInFailed'))}</AlertDescription>
        </Alert>
      )}
      <CodeField
        label={t('codeOrRecoveryCode')}
        hint={t('lostPhoneHint')}
        value={code}
        onChange={setCode}
        error={fieldError}
        recovery
      />
      <Button type="submit" disabled={complete.isPending || code.trim() === ''} className="w-full">
        {complete.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {complete.isPending ? t('verifying') : t('verify')}
      </Button>
    </form>
  );
}
