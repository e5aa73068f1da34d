import { AgentLoginForm } from '../../features/agent-auth/components/agent-login-form';
import { AgentPortal } from '../../features/agent-portal/components/agent-portal';

/** /agents: the agent portal (docs/product.md §11.13), signing in with the agent sign-in form. */
export default function AgentPortalPage() {
  return <AgentPortal signInForm={(onSignedIn, { secondary }) => <AgentLoginForm onSuccess={onSignedIn} secondary={secondary} />} />;
}
