import { Crown } from 'lucide-react';
import type { RouteComponentProps } from 'wouter';
import { BackToDashboardLink } from '../../components/agents/agent-detail-link';
import { LiveIndicator } from '../../components/live/live-status';
import { AgentDetailView } from '../../features/agent-detail/components/agent-detail-view';
import { AgentBadgesCard } from '../../features/badges/components/agent-badges-card';
import { NotFoundPage } from './not-found-page';
import { StaffPage } from './staff-page';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** /dashboard/agents/{id}: one agent's figures, history, entries, tiers, claims and badges, for a signed-in owner or manager. */
export default function AgentDetailPage({ params }: RouteComponentProps<{ id: string }>) {
  const t = useT(messages);
  // A positive id of at most nine digits (the server's ids are 32-bit); anything else is no page.
  const agentId = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : undefined;
  if (agentId === undefined) return <NotFoundPage />;
  return (
    <StaffPage
      subtitle={t('agentDetails')}
      mainClassName="max-w-7xl"
      signIn={{ title: t('agentSignInTitle'), description: t('agentSignInText'), icon: Crown }}
      headerExtras={(user) => (
        <>
          {/* The agent's figures follow the stream while the page is open. */}
          <LiveIndicator reader={{ kind: 'staff' }} />
          <span className="hidden text-sm text-slate-700 sm:inline">
            {user.name} · {t('role', { role: user.role })}
          </span>
        </>
      )}
    >
      {() => (
        <>
          <BackToDashboardLink className="inline-flex items-center gap-1.5 justify-self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            <span aria-hidden="true">←</span>
            {t('backToDashboard')}
          </BackToDashboardLink>
          {/* Another agent is another page: nothing of the previous one's state (dates, pages) carries over. */}
          <AgentDetailView key={agentId} agentId={agentId} badges={<AgentBadgesCard agentId={agentId} />} />
        </>
      )}
    </StaffPage>
  );
}
