import { lazy, Suspense } from 'react';
import { AgentBrandHeader } from '../../components/layouts/agent-brand-header';
import { Spinner } from '../../components/ui/spinner';
import { AgentAuthFlow } from '../../features/agent-auth/components/agent-auth-flow';
import { BadgeCelebration } from '../../features/badges/components/badge-celebration';
import { TierDashboard } from '../../features/agent-dashboard/components/tier-dashboard';
import { MyGoals } from '../../features/goals/components/my-goals';
import { LogMyActivity } from '../../features/metrics/components/log-my-activity';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { messages } from '../../features/agent-dashboard/messages';
import { useAgentSession } from '../../lib/agent-session';
import { useT } from '../../lib/i18n/translate';

// The contests and prizes come with their own chunk, after the dashboard's first paint (as the income chart does).
const AgentContests = lazy(() => import('../../features/contests/components/agent-contests'));
const MyBadges = lazy(() => import('../../features/badges/components/my-badges'));

/** /agent/dashboard: the tier dashboard when an agent session exists, otherwise the sign-in/registration flow. */
export default function AgentDashboardPage() {
  const { agent, isLoading } = useAgentSession();
  const t = useT(messages);
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      {isLoading ? (
        <>
          <AgentBrandHeader subtitle={t('tierDashboard')} />
          <main>
            <Spinner label={t('loadingAgentSession')} />
          </main>
        </>
      ) : agent ? (
        <TierDashboard
          sessionAgent={agent}
          notifications={<NotificationBell className="size-9" />}
          goals={<MyGoals />}
          contests={
            <Suspense fallback={null}>
              <AgentContests />
            </Suspense>
          }
          activity={<LogMyActivity />}
          celebrations={<BadgeCelebration agentId={agent.id} />}
          badges={
            <Suspense fallback={null}>
              <MyBadges />
            </Suspense>
          }
        />
      ) : (
        <>
          <AgentBrandHeader subtitle={t('tierDashboard')} />
          <AgentAuthFlow />
        </>
      )}
    </div>
  );
}
