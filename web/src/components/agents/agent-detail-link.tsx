import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { agentDetailPath, paths } from '../../config/paths';
import { cn } from '../../lib/cn';

/** Marks the history entry of an agent's page opened from the dashboard, so that its Back link can return there. */
const OPENED_FROM_DASHBOARD = { openedFromDashboard: true } as const;

interface AgentDetailLinkProps {
  agentId: number;
  /** The agent's name, usually: it names the link. */
  children: ReactNode;
  className?: string;
}

/**
 * An agent's name wherever owners and managers see agents, opening the agent's detail page (paths.agentDetail). A real
 * link: it opens in a new tab, and the browser's back button returns to the list.
 */
export function AgentDetailLink({ agentId, children, className }: AgentDetailLinkProps) {
  return (
    <Link
      href={agentDetailPath(agentId)}
      state={OPENED_FROM_DASHBOARD}
      className={cn('rounded-sm text-brand-700 underline-offset-4 hover:underline', className)}
    >
      {children}
    </Link>
  );
}

/**
 * The agent page's way back to the dashboard: the same as the browser's back button when the page was opened from it
 * (the dashboard comes back on the tab it was left on), otherwise a link to it.
 */
export function BackToDashboardLink({ children, className }: { children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent) => {
    const state: unknown = window.history.state;
    if (typeof state === 'object' && state !== null && 'openedFromDashboard' in state) {
      event.preventDefault();
      window.history.back();
    }
  };
  return (
    <Link href={paths.home} onClick={onClick} className={className}>
      {children}
    </Link>
  );
}
