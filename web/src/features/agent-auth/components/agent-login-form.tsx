import type { AgentSessionResponse, LoginForm } from '@contract/auth';
import { Loader2, LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useAppInfo } from '../../../lib/app-info';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { loginErrorMessage, useAgentLogin } from '../api/agent-login';

const validation = lazyZodResolver(() => import('@contract/auth').then((module) => module.loginForm));

interface AgentLoginFormProps {
  onSuccess?: (session: AgentSessionResponse) => void;
  /** The email to start with (after a registration); the password field then has the focus. */
  defaultEmail?: string;
}

/** Agent sign-in (docs/product.md §11.15): demo credentials are prefilled only when the server runs in demo mode. */
export function AgentLoginForm({ onSuccess, defaultEmail }: AgentLoginFormProps) {
  const login = useAgentLogin();
  const appDemoAgent = useAppInfo().data?.demoAgent;
  // A given email wins over the demo credentials.
  const demoAgent = defaultEmail === undefined ? appDemoAgent : undefined;
  const form = useForm<LoginForm>({
    resolver: validation.resolver,
    defaultValues: { email: defaultEmail ?? '', password: '' },
    // Arrives after the first render; fields the person already typed in are kept.
    values: demoAgent ? { email: demoAgent.email, password: demoAgent.password } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
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
    <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
      {login.isError && (
        <Alert variant="destructive">
          <AlertDescription>{loginErrorMessage(login.error)}</AlertDescription>
        </Alert>
      )}
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogIn aria-hidden="true" />}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm">
        <Link href={paths.forgotPassword} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      </p>
      {demoAgent && (
        <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          Demo mode: the demo agent's sign-in details are filled in for you.
        </p>
      )}
    </form>
  );
}
