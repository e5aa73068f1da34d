import { Spinner } from '../../components/ui/spinner';
import { useAgentSession } from '../../features/agent-auth/api/get-agent-session';
import { AgentAuthFlow } from '../../features/agent-auth/components/agent-auth-flow';
import { AgentBrandHeader } from '../../features/agent-auth/components/agent-brand-header';
import { TierDashboard } from '../../features/agent-dashboard/components/tier-dashboard';

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
        <TierDashboard sessionAgent={agent} />
      ) : (
        <>
          <AgentBrandHeader subtitle="Tier Dashboard" />
          <AgentAuthFlow />
        </>
      )}
    </div>
  );
}
