import { lazy, Suspense } from 'react';
import { AgentBrandHeader } from '../../components/layouts/agent-brand-header';
import { Spinner } from '../../components/ui/spinner';
import { AgentAuthFlow } from '../../features/agent-auth/components/agent-auth-flow';
import { BadgeCelebration } from '../../features/badges/components/badge-celebration';
import { TierDashboard } from '../../features/agent-dashboard/components/tier-dashboard';
import { MyGoals } from '../../features/goals/components/my-goals';
import { LogMyActivity } from '../../features/metrics/components/log-my-activity';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useAgentSession } from '../../lib/agent-session';

// The contests and prizes come with their own chunk, after the dashboard's first paint (as the income chart does).
const AgentContests = lazy(() => import('../../features/contests/components/agent-contests'));
const MyBadges = lazy(() => import('../../features/badges/components/my-badges'));

/** /agent/dashboard: the tier dashboard when an agent session exists, otherwise the sign-in/registration flow. */
export default function AgentDashboardPage() {
  const { agent, isLoading } = useAgentSession();
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      {isLoading ? (
        <>
          <AgentBrandHeader subtitle="Tier Dashboard" />
          <main>
            <Spinner label="Loading agent session..." />
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
          <AgentBrandHeader subtitle="Tier Dashboard" />
          <AgentAuthFlow />
        </>
      )}
    </div>
  );
}
