import type { AgentSessionResponse } from '@contract/auth';
import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { SignInForm, useSignInForm } from '../../../components/accounts/sign-in-form';
import { useAppInfo } from '../../../lib/app-info';
import { useT } from '../../../lib/i18n/translate';
import { loginErrorMessage, useAgentLogin } from '../api/agent-login';
import { messages } from '../messages';

interface AgentLoginFormProps {
  onSuccess?: (session: AgentSessionResponse) => void;
  /** The email to start with (after a registration); the password field then has the focus. */
  defaultEmail?: string;
  /** Company sign-in is offered above: the form's button is the quieter one. */
  secondary?: boolean;
}

/** Agent sign-in (docs/product.md §11.15): demo credentials are prefilled only when the server runs in demo mode. */
export function AgentLoginForm({ onSuccess, defaultEmail, secondary }: AgentLoginFormProps) {
  const login = useAgentLogin();
  const t = useT(messages);
  const appDemoAgent = useAppInfo().data?.demoAgent;
  // A given email wins over the demo credentials.
  const demoAgent = defaultEmail === undefined ? appDemoAgent : undefined;
  const form = useSignInForm({
    defaultValues: { email: defaultEmail ?? '', password: '' },
    // Arrives after the first render; fields the person already typed in are kept.
    values: demoAgent ? { email: demoAgent.email, password: demoAgent.password } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const { setFocus } = form;

  useEffect(() => {
    if (defaultEmail !== undefined) setFocus('password');
  }, [defaultEmail, setFocus]);

  // mutateAsync: the caller hears of the success even when the new session has already replaced this form.
  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      (session) => onSuccess?.(session),
      () => undefined, // shown from login.error
    ),
  );

  return (
    <SignInForm
      form={form}
      onSubmit={onSubmit}
      error={login.isError ? loginErrorMessage(login.error) : null}
      pending={login.isPending}
      idleIcon={<LogIn aria-hidden="true" />}
      demoNote={demoAgent && t('demoNote')}
      secondary={secondary}
    />
  );
}
