import { AgentSignInRequired } from '../../../components/layouts/agent-sign-in-required';

/** docs/product.md §11.14: what the tier dashboard shows when the tier data cannot be read. */
export function AuthenticationRequired() {
  return (
    <AgentSignInRequired
      subtitle="Tier Dashboard"
      title="Authentication Required"
      message="Please log in to access your tier dashboard"
      action="Login to Continue"
    />
  );
}
