import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { useAgentLogout } from '../../lib/agent-logout';
import { errorMessage } from '../../lib/api-client';
import { Button, type ButtonProps } from '../ui/button';
import { toast } from '../ui/use-toast';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** The agent screens' link to the tier dashboard, in their header. */
export function TierDashboardLink() {
  const t = useT(messages);
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={paths.agentDashboard}>
        <LayoutDashboard aria-hidden="true" />
        {t('tierDashboard')}
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
  const t = useT(messages);
  const onLogout = () =>
    logout.mutateAsync().then(onLoggedOut, (error: unknown) =>
      toast({ title: t('error'), description: errorMessage(error, t('logoutFailed')), variant: 'destructive' }),
    );
  return (
    <Button variant={variant} size={size} onClick={onLogout} disabled={logout.isPending}>
      <LogOut aria-hidden="true" />
      {logout.isPending ? t('loggingOut') : t('logout')}
    </Button>
  );
}
