import { render } from '@contract/i18n';
import { passwordsOffText } from '@contract/sso-text';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { CompanySignInLink, OrDivider } from '../../../components/accounts/company-sign-in';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAgentSession } from '../../../lib/agent-session';
import { useSsoStatus } from '../../../lib/sso-status';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import type { RegistrationOutcome } from '../api/agent-register';
import { AgentLoginForm } from './agent-login-form';
import { AgentRegisterForm } from './agent-register-form';
import { RegistrationUnavailable, useRegistrationAccess } from './registration-access';

/** docs/product.md §11.15: after registering (and signing in), the session is re-read after 2 s. */
export const REGISTER_SESSION_REFRESH_MS = 2000;

/** The sign-in or registration forms of /agent/dashboard for a visitor without an agent session. */
export function AgentAuthFlow() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [outcome, setOutcome] = useState<RegistrationOutcome | null>(null);
  const [, navigate] = useLocation();
  const { refetch } = useAgentSession();
  const access = useRegistrationAccess();
  const sso = useSsoStatus();
  const t = useT(messages);
  const signedIn = outcome?.kind === 'signed-in';
  const toPortal = () => navigate(`${paths.agentPortal}?logged_in=true`);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => void refetch(), REGISTER_SESSION_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [signedIn, refetch]);

  const toggle = (next: 'login' | 'register') => {
    setOutcome(null);
    setMode(next);
  };

  let content;
  if (mode === 'login' && sso.isPending) {
    content = <Spinner label={t('loading')} className="min-h-40" />;
  } else if (mode === 'login' && sso.enabled && sso.label !== null) {
    // Company sign-in first (docs/decisions/0090); while it is required, agents have no password sign-in.
    content = (
      <>
        <CompanySignInLink label={sso.label} audience="agent" />
        {sso.required ? (
          <p className="text-center text-sm text-slate-700">{render(passwordsOffText(sso.label))}</p>
        ) : (
          <>
            <OrDivider />
            <AgentLoginForm onSuccess={toPortal} secondary />
          </>
        )}
      </>
    );
  } else if (mode === 'login') {
    content = <AgentLoginForm onSuccess={toPortal} />;
  } else if (outcome) {
    content = (
      <>
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <div>
            <p className="font-semibold">{t('registrationSuccessful')}</p>
            <AlertDescription>
              {outcome.message}
              {signedIn && ` ${t('loadingTierDashboard')}`}
            </AlertDescription>
          </div>
        </Alert>
        {outcome.kind === 'sign-in-needed' && <AgentLoginForm defaultEmail={outcome.email} onSuccess={toPortal} />}
      </>
    );
  } else if (access.state === 'loading') {
    content = <Spinner label={t('loading')} className="min-h-40" />;
  } else if (access.state === 'closed' || access.state === 'invitation-required') {
    content = <RegistrationUnavailable reason={access.state} signIn={
          <>
            {t('alreadyHaveAccount')} <SignInToggle onClick={() => toggle('login')} />
          </>
        } />;
  } else {
    content = <AgentRegisterForm mode={access.mode} invite={access.invite} onSuccess={setOutcome} />;
  }

  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {mode === 'login' ? t('signInTitle') : t('registerTitle')}
          </h1>
          <CardDescription>
            {mode === 'login' ? t('signInDescription') : t('registerDescription')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {content}
          {mode === 'login' ? (
            !sso.required && (
              <p className="text-center text-sm text-slate-700">
                {t('noAccount')}{' '}
                <Button variant="link" className="h-auto p-0 underline" onClick={() => toggle('register')}>
                  {t('register')}
                </Button>
              </p>
            )
          ) : (
            !signedIn &&
            outcome?.kind !== 'sign-in-needed' &&
            access.state !== 'closed' &&
            access.state !== 'invitation-required' && (
              <p className="text-center text-sm text-slate-700">
                {t('alreadyHaveAccount')} <SignInToggle onClick={() => toggle('login')} />
              </p>
            )
          )}
        </CardContent>
      </Card>
    </main>
  );
}

function SignInToggle({ onClick }: { onClick: () => void }) {
  const t = useT(messages);
  return (
    <Button variant="link" className="h-auto p-0 underline" onClick={onClick}>
      {t('signIn')}
    </Button>
  );
}
