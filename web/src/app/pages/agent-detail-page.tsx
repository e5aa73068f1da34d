import { Crown, LogOut } from 'lucide-react';
import type { RouteComponentProps } from 'wouter';
import { BackToDashboardLink } from '../../components/agents/agent-detail-link';
import { LiveIndicator } from '../../components/live/live-status';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { AgentDetailView } from '../../features/agent-detail/components/agent-detail-view';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useUser } from '../../lib/auth';
import { NotFoundPage } from './not-found-page';

/** /dashboard/agents/{id}: one agent's figures, history, entries, tiers and claims, for a signed-in owner or manager. */
export default function AgentDetailPage({ params }: RouteComponentProps<{ id: string }>) {
  const { user, isLoading } = useUser();
  // A positive id of at most nine digits (the server's ids are 32-bit); anything else is no page.
  const agentId = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : undefined;
  if (agentId === undefined) return <NotFoundPage />;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Crown className="size-8 text-brand-600" aria-hidden="true" />
            <div>
              <p className="text-xl font-bold text-slate-900">TierTrack</p>
              <p className="text-sm text-slate-600">Agent details</p>
            </div>
          </div>
          {user && (
            <div className="flex items-center gap-3">
              {/* The agent's figures follow the stream while the page is open. */}
              <LiveIndicator reader={{ kind: 'staff' }} />
              <span className="hidden text-sm text-slate-700 sm:inline">
                {user.name} · {user.role === 'owner' ? 'Owner' : 'Manager'}
              </span>
              <NotificationBell />
              <Button asChild variant="outline">
                <a href={paths.ownerLogout}>
                  <LogOut aria-hidden="true" />
                  Logout
                </a>
              </Button>
            </div>
          )}
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:px-6">
        {isLoading ? (
          <Spinner label="Loading..." />
        ) : user ? (
          <>
            <BackToDashboardLink className="inline-flex items-center gap-1.5 justify-self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
              <span aria-hidden="true">←</span>
              Back to the dashboard
            </BackToDashboardLink>
            {/* Another agent is another page: nothing of the previous one's state (dates, pages) carries over. */}
            <AgentDetailView key={agentId} agentId={agentId} />
          </>
        ) : (
          <SignInFirst />
        )}
      </main>
    </div>
  );
}

function SignInFirst() {
  return (
    <Card className="mx-auto mt-8 w-full max-w-md">
      <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
          <Crown className="size-6 text-brand-600" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold text-slate-900">Sign in to see this agent</h1>
        <p className="text-sm text-slate-700">Owners and managers see each agent&apos;s income, tiers and claims here.</p>
        <Button asChild className="w-full">
          <a href={paths.ownerLogin}>Owner/Manager Access</a>
        </Button>
      </CardContent>
    </Card>
  );
}
