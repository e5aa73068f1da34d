import type { AgentSessionResponse } from '@contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { AuthCardPage } from '../../components/layouts/auth-card-page';
import { loginAgent, loginErrorMessage } from '../../features/agent-auth/api/agent-login';
import { agentSessionQueryOptions } from '../../lib/agent-session';
import { errorMessage } from '../../lib/api-client';
import { useAppInfo } from '../../lib/app-info';
import { paths } from '../../config/paths';

/** docs/product.md §11.17: wait 0.5 s after signing in before checking the session, then 1 s before redirecting. */
const SESSION_CHECK_DELAY_MS = 500;
const REDIRECT_DELAY_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { kind: 'running' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** /test-login: signs in as the demo agent, checks the session, then goes to the portal. */
export default function TestLoginPage() {
  const appInfo = useAppInfo();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [steps, setSteps] = useState<string[]>([]);
  const [runOutcome, setOutcome] = useState<Outcome>({ kind: 'running' });
  const demoAgent = appInfo.data?.demoAgent;
  const canRun = appInfo.isSuccess && demoAgent !== undefined;
  const outcome: Outcome = appInfo.isError
    ? { kind: 'failed', message: `Login failed: ${errorMessage(appInfo.error, 'the app settings could not be loaded')}` }
    : appInfo.isSuccess && !demoAgent
      ? { kind: 'failed', message: 'Test login is only available in demo mode.' }
      : runOutcome;

  useEffect(() => {
    if (!canRun || !demoAgent) return;
    let cancelled = false;
    // Each step has its slot, so a re-run of the effect (React's strict mode) rewrites rather than repeats.
    const step = (index: number, text: string) =>
      !cancelled && setSteps((previous) => [...previous.slice(0, index), text]);
    const fail = (message: string) => !cancelled && setOutcome({ kind: 'failed', message });

    void (async () => {
      step(0, `Logging in as ${demoAgent.email}...`);
      try {
        await loginAgent({ email: demoAgent.email, password: demoAgent.password });
      } catch (error) {
        return fail(loginErrorMessage(error));
      }
      step(1, 'Login successful. Checking the session...');
      await wait(SESSION_CHECK_DELAY_MS);
      if (cancelled) return;
      let session: AgentSessionResponse | null;
      try {
        session = await queryClient.fetchQuery({ ...agentSessionQueryOptions, staleTime: 0 });
      } catch (error) {
        return fail(`Session check failed: ${errorMessage(error, 'Unknown error')}`);
      }
      if (session?.authenticated !== true) return fail('Session check failed: no agent session after login.');
      step(2, `Session active for ${session.agent.name}. Redirecting to the Agent Portal...`);
      if (!cancelled) setOutcome({ kind: 'done' });
      await wait(REDIRECT_DELAY_MS);
      if (!cancelled) navigate(paths.agentPortal);
    })();
    return () => {
      cancelled = true;
    };
  }, [canRun, demoAgent, queryClient, navigate]);

  return (
    <AuthCardPage
      title="Agent Login Test"
      description="Signs in as the demo agent, checks the session, then opens the Agent Portal."
      contentClassName="grid gap-4"
    >
      <div role="status">
        <ol aria-label="Progress" className="grid gap-2 text-sm">
          {steps.map((text, index) => {
            const last = index === steps.length - 1;
            const failedHere = last && outcome.kind === 'failed';
            const running = last && outcome.kind === 'running';
            return (
              <li key={index} className="flex items-start gap-2 text-slate-800">
                {failedHere ? (
                  <XCircle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden="true" />
                ) : running ? (
                  <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin text-brand-600" aria-hidden="true" />
                ) : (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                )}
                {text}
              </li>
            );
          })}
        </ol>
      </div>
      {outcome.kind === 'failed' && (
        <Alert variant="destructive">
          <AlertDescription>{outcome.message}</AlertDescription>
        </Alert>
      )}
      <p className="text-sm text-slate-700">
        <Link href={paths.agentPortal} className="font-medium text-brand-700 underline underline-offset-4">
          Go to the Agent Portal
        </Link>
      </p>
    </AuthCardPage>
  );
}
