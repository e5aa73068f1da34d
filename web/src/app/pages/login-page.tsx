import type { LoginForm } from '@contract/auth';
import type { CurrentUser } from '@contract/two-factor';
import { useState } from 'react';
import { Crown, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useOwnerLogin } from '../../features/auth/api/owner-login';
import { TwoFactorSignInForm } from '../../features/two-factor/components/two-factor-sign-in-form';
import { errorMessage } from '../../lib/api-client';
import { useAppInfo } from '../../lib/app-info';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { paths } from '../../config/paths';

/** /login: sign-in for owners and managers (reached through /api/login). */
const validation = lazyZodResolver(() => import('@contract/auth').then((module) => module.loginForm));

export default function LoginPage() {
  const [, navigate] = useLocation();
  const login = useOwnerLogin();
  const appInfo = useAppInfo();
  const form = useForm<LoginForm>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });
  const demoOwner = appInfo.data?.demoOwner;
  // After a right password, with two-factor sign-in on: the code step. `ended`: why the sign-in starts over.
  const [codeStep, setCodeStep] = useState(false);
  const [ended, setEnded] = useState<string | null>(null);

  // A manager who must set up two-factor sign-in first goes to the account page, where it is set up.
  const signedIn = (user: CurrentUser) => navigate(user.twoFactorSetupRequired ? paths.account : paths.home, { replace: true });

  const onSubmit = form.handleSubmit((values) => {
    setEnded(null);
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('twoFactorRequired' in answer) setCodeStep(true);
        else signedIn(answer);
      },
    });
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <Crown className="size-10 text-brand-600" aria-hidden="true" />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Owner/Manager Sign In</h1>
          <CardDescription>{codeStep ? 'Two-factor sign-in: one more step.' : "Sign in to run your team's dashboard."}</CardDescription>
        </CardHeader>
        <CardContent>
          {codeStep ? (
            <TwoFactorSignInForm
              onSignedIn={signedIn}
              onEnded={(message) => {
                setEnded(message);
                setCodeStep(false);
                form.setValue('password', '');
              }}
            />
          ) : (
          <form onSubmit={onSubmit} onFocus={validation.preload} onPointerEnter={validation.preload} noValidate className="grid gap-4">
            {(login.isError || ended) && (
              <Alert variant="destructive">
                <AlertDescription>{login.isError ? errorMessage(login.error, 'Login failed') : ended}</AlertDescription>
              </Alert>
            )}
            <FormField label="Email" error={form.formState.errors.email?.message}>
              <Input type="email" autoComplete="username" {...form.register('email')} />
            </FormField>
            <FormField label="Password" error={form.formState.errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...form.register('password')} />
            </FormField>
            <Button type="submit" disabled={login.isPending} className="w-full">
              {login.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {login.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
            <p className="text-center text-sm">
              <Link href={paths.forgotPassword} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                Forgot your password?
              </Link>
            </p>
            {demoOwner && (
              <p className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
                Demo owner: {demoOwner.email} / {demoOwner.password}
              </p>
            )}
          </form>
          )}
          <p className="mt-6 text-center text-sm text-slate-700">
            Are you a sales agent?{' '}
            <Link href={paths.agentPortal} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Go to the Agent Portal
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
