import { Award } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useAgentBadges } from '../api/badges';
import { HeldBadgeList } from './badge-list';

/** The badges an agent holds, newest first, on its page for owners and managers (GET /api/agents/{id}/badges). */
export function AgentBadgesCard({ agentId }: { agentId: number }) {
  const badges = useAgentBadges(agentId);
  return (
    <Card role="region" aria-labelledby="agent-badges-heading" className="min-w-0">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="agent-badges-heading" className="text-lg font-semibold leading-tight tracking-tight">
          Badges
        </h2>
        <CardDescription>The badges the agent earned, and what earned each.</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {badges.isPending ? (
          <Spinner label="Loading badges..." className="min-h-20" />
        ) : badges.isError ? (
          <LoadError error={badges.error} fallback="Failed to load the badges" />
        ) : badges.data.length === 0 ? (
          <EmptyState icon={Award} title="No badge yet" description="Badges come from the rules switched on in the Badges tab." />
        ) : (
          <HeldBadgeList badges={badges.data} label="Badges held" className="xl:grid-cols-3" />
        )}
      </CardContent>
    </Card>
  );
}
