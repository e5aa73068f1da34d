import { AgentPortal } from '../../features/agent-portal/components/agent-portal';

/** /agents: the agent portal (spec section 2). */
export default function AgentPortalPage() {
  return <AgentPortal />;
}
