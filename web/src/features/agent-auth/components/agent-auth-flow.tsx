import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useAgentSession } from '../../../lib/agent-session';
import { AgentLoginForm } from './agent-login-form';
import { AgentRegisterForm } from './agent-register-form';

/** Spec section 2 and 9: after registering, the session is re-read after 2 s (the server already signed the agent in). */
export const REGISTER_SESSION_REFRESH_MS = 2000;

/** The sign-in or registration forms of /agent/dashboard for a visitor without an agent session. */
export function AgentAuthFlow() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [registered, setRegistered] = useState(false);
  const [, navigate] = useLocation();
  const { refetch } = useAgentSession();

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => void refetch(), REGISTER_SESSION_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [registered, refetch]);

  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {mode === 'login' ? 'Agent Sign In' : 'Create Your Agent Account'}
          </h1>
          <CardDescription>
            {mode === 'login' ? 'Sign in to see your tier progress and claim rewards.' : 'Register to start climbing the 12 tiers.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {registered ? (
            <Alert variant="success">
              <CheckCircle2 aria-hidden="true" />
              <div>
                <p className="font-semibold">Registration Successful!</p>
                <AlertDescription>Your account is ready. Loading your tier dashboard...</AlertDescription>
              </div>
            </Alert>
          ) : mode === 'login' ? (
            <AgentLoginForm onSuccess={() => navigate(`${paths.agentPortal}?logged_in=true`)} />
          ) : (
            <AgentRegisterForm onSuccess={() => setRegistered(true)} />
          )}
          {!registered && (
            <p className="text-center text-sm text-slate-700">
              {mode === 'login' ? "Don't have an account?" : 'Already have an account?'}{' '}
              <Button variant="link" className="h-auto p-0 underline" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
                {mode === 'login' ? 'Register' : 'Sign in'}
              </Button>
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
