import { render } from '@contract/i18n';
import { AlertTriangle, RefreshCw, UserPlus, UserRound } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { passwordsOffText } from '@contract/sso-text';
import { Link, useLocation, useSearch } from 'wouter';
import { CompanySignInLink, OrDivider, SsoErrorAlert } from '../../../components/accounts/company-sign-in';
import { AgentBrandHeader } from '../../../components/layouts/agent-brand-header';
import { AgentLogoutButton, TierDashboardLink } from '../../../components/layouts/agent-header-actions';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { LiveIndicator } from '../../../components/live/live-status';
import { paths } from '../../../config/paths';
import { useAgentSession } from '../../../lib/agent-session';
import { useAgentTierData } from '../../../lib/agent-tier-data';
import { errorMessage } from '../../../lib/api-client';
import { useAppInfo } from '../../../lib/app-info';
import { formatCurrency } from '../../../lib/format';
import { useSsoStatus, type SsoSignIn } from '../../../lib/sso-status';
import { useAgentRewards } from '../api/get-agent-rewards';
import { PortalAchievedTiers } from './portal-achieved-tiers';
import { PortalClaimFlow } from './portal-claim-flow';
import { ThemeSwitch } from '../../../components/ui/theme-switch';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** docs/product.md §11.13: after signing in the portal waits 1 s before reading the tier data. */
export const TIER_FETCH_DELAY_MS = 1000;

/** docs/product.md §11.13: what the portal shows when the tier data cannot be read (demo mode only, see ADR 0005). */
export const DEMO_FALLBACK = { name: 'Demo Agent', totalIncome: '125000.00' } as const;

function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

interface AgentPortalProps {
  /**
   * The sign-in form shown without a session; it calls `onSignedIn` once the agent is signed in. `secondary`: company
   * sign-in comes first, the form's button is the quieter one.
   */
  signInForm: (onSignedIn: () => void, options: { secondary: boolean }) => ReactNode;
}

/** /agents: sign in, then see the reached tiers and claim their rewards. */
export function AgentPortal({ signInForm }: AgentPortalProps) {
  const { agent, isLoading: sessionLoading } = useAgentSession();
  const sso = useSsoStatus();
  // The sign-in screen waits for both: with company sign-in required it has no password form and no registration.
  const isLoading = sessionLoading || (!agent && sso.isPending);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const [, navigate] = useLocation();
  const t = useT(messages);

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <AgentBrandHeader subtitle={t('portalTitle')}>
        {agent ? (
          <>
            <TierDashboardLink />
            <Button asChild variant="outline" size="sm">
              <Link href={paths.agentProfile}>
                <UserRound aria-hidden="true" />
                {/* On a phone the icon alone keeps the header on one line. */}
                <span className="sr-only sm:not-sr-only">{t('profile')}</span>
              </Link>
            </Button>
            <ThemeSwitch />
            <AgentLogoutButton
              variant="ghost"
              size="sm"
              onLoggedOut={() => {
                setJustSignedIn(false);
                navigate(paths.agentPortal, { replace: true });
              }}
            />
          </>
        ) : (
          !isLoading &&
          !sso.required && (
            <Button asChild variant="outline" size="sm">
              <Link href={paths.agentRegister}>
                <UserPlus aria-hidden="true" />
                {t('register')}
              </Link>
            </Button>
          )
        )}
      </AgentBrandHeader>
      {isLoading ? (
        <main>
          <Spinner label={t('loadingSession')} />
        </main>
      ) : agent ? (
        <PortalSignedIn
          sessionAgent={agent}
          delayMs={justSignedIn ? TIER_FETCH_DELAY_MS : 0}
        />
      ) : (
        <PortalSignIn form={signInForm(() => setJustSignedIn(true), { secondary: sso.enabled })} sso={sso} />
      )}
    </div>
  );
}

/**
 * The portal's sign-in: "Sign in with <label>" first while company sign-in is on (docs/decisions/0090); while it is
 * required, agents have no password sign-in nor registration, only that.
 */
function PortalSignIn({ form, sso }: { form: ReactNode; sso: SsoSignIn }) {
  const t = useT(messages);
  return (
    <main className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('portalTitle')}</h1>
          <CardDescription>{t('signInDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SsoErrorAlert label={sso.label} />
          {sso.enabled && sso.label !== null && <CompanySignInLink label={sso.label} audience="agent" />}
          {sso.required && sso.label !== null ? (
            <p className="text-center text-sm text-slate-700">{render(passwordsOffText(sso.label))}</p>
          ) : (
            <>
              {sso.enabled && <OrDivider />}
              {form}
              <p className="text-center text-sm text-slate-700">
                {t('newAgent')}{' '}
                <Link href={paths.agentRegister} className="font-medium text-brand-700 underline underline-offset-4">
                  {t('registerHere')}
                </Link>
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

interface SessionAgent {
  id: number;
  name: string;
  email: string;
}

function PortalSignedIn({ sessionAgent, delayMs }: { sessionAgent: SessionAgent; delayMs: number }) {
  const ready = useElapsed(delayMs);
  const tierData = useAgentTierData({ enabled: ready });
  const appInfo = useAppInfo();
  const signedInElsewhere = new URLSearchParams(useSearch()).get('logged_in') === 'true';
  const t = useT(messages);

  const useFallback = tierData.isError && appInfo.data?.demo === true;
  const agentId = tierData.data?.agent.id ?? sessionAgent.id;
  const rewards = useAgentRewards(tierData.data || useFallback ? agentId : null);

  if (!ready || tierData.isPending || (tierData.isError && appInfo.isPending)) {
    return (
      <main>
        <Spinner label={t('loadingRewards')} />
      </main>
    );
  }

  if (tierData.isError && !useFallback) {
    return (
      <main className="mx-auto w-full max-w-md px-4 py-10">
        <Card>
          <CardHeader>
            <h1 className="flex items-center gap-2 text-xl font-semibold text-slate-900">
              <AlertTriangle className="size-5 text-red-700" aria-hidden="true" />
              {t('tierDataFailed')}
            </h1>
            <CardDescription>{errorMessage(tierData.error, t('somethingWrong'))}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => void tierData.refetch()} disabled={tierData.isFetching}>
              <RefreshCw className={tierData.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
              {t('retry')}
            </Button>
          </CardContent>
        </Card>
      </main>
    );
  }

  const name = tierData.data?.agent.name ?? DEMO_FALLBACK.name;
  const totalIncome = tierData.data?.agent.totalIncome ?? DEMO_FALLBACK.totalIncome;
  const achievedTiers = rewards.data?.achievedTiers;

  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      {signedInElsewhere && (
        <Alert variant="success">
          <AlertDescription>{t('signedInWelcome')}</AlertDescription>
        </Alert>
      )}
      {useFallback && (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden="true" />
          <AlertDescription>{t('demoFigures')}</AlertDescription>
        </Alert>
      )}
      <section aria-labelledby="portal-heading" className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-700">{t('portalTitle')}</p>
          <h1 id="portal-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {t('welcome', { name })}
          </h1>
          {tierData.data && (
            // Entries and claims change the total and the tiers shown here (docs/product.md §12.8).
            <LiveIndicator reader={{ kind: 'agent', agentId: tierData.data.agent.id }} className="mt-2" />
          )}
        </div>
        <div className="rounded-xl border border-slate-200 bg-white px-5 py-3 shadow-sm">
          <p className="text-sm text-slate-700">{t('totalProfit')}</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="total-profit">
            {formatCurrency(totalIncome)}
          </p>
        </div>
      </section>

      {achievedTiers ? (
        <>
          <PortalClaimFlow agentId={agentId} agentName={name} agentEmail={sessionAgent.email} achievedTiers={achievedTiers} />
          <section aria-labelledby="achieved-heading" className="grid gap-4">
            <h2 id="achieved-heading" className="text-xl font-semibold text-slate-900">
              {t('achievedHeading')}
            </h2>
            <PortalAchievedTiers achievedTiers={achievedTiers} />
          </section>
        </>
      ) : (
        <div role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-center">
          <p className="font-medium text-slate-900">{t('loadingRewardData')}</p>
          <p className="mt-1 text-sm text-slate-700">{t('refreshHint')}</p>
        </div>
      )}
    </main>
  );
}
