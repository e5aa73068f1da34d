import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { useAgentLogout } from '../../lib/agent-logout';
import { errorMessage } from '../../lib/api-client';
import { Button, type ButtonProps } from '../ui/button';
import { toast } from '../ui/use-toast';

/** The agent screens' link to the tier dashboard, in their header. */
export function TierDashboardLink() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={paths.agentDashboard}>
        <LayoutDashboard aria-hidden="true" />
        Tier Dashboard
      </Link>
    </Button>
  );
}

/**
 * The signed-in agent's Logout: ends the session, then `onLoggedOut` (where to go); a failure is told in a toast.
 * mutateAsync: once the session is gone the screen holding the button unmounts, and `onLoggedOut` must still run.
 */
export function AgentLogoutButton({ onLoggedOut, variant, size }: Pick<ButtonProps, 'variant' | 'size'> & { onLoggedOut: () => void }) {
  const logout = useAgentLogout();
  const onLogout = () =>
    logout.mutateAsync().then(onLoggedOut, (error: unknown) =>
      toast({ title: 'Error', description: errorMessage(error, 'Logout failed'), variant: 'destructive' }),
    );
  return (
    <Button variant={variant} size={size} onClick={onLogout} disabled={logout.isPending}>
      <LogOut aria-hidden="true" />
      {logout.isPending ? 'Logging out...' : 'Logout'}
    </Button>
  );
}
