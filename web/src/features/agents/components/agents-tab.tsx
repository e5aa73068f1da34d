import { Users } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAgents } from '../api/get-agents';
import { AddAgentDialog } from './add-agent-dialog';
import { AgentCard } from './agent-card';

export function AgentsTab({ canEdit }: { canEdit: boolean }) {
  const agents = useAgents();
  return (
    <section aria-labelledby="agents-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading id="agents-heading" title="Agents" description="Every sales agent with their income by period.">
        {canEdit && <AddAgentDialog />}
      </SectionHeading>
      {agents.isPending ? (
        <Spinner label="Loading agents..." className="min-h-40" />
      ) : agents.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          {errorMessage(agents.error, 'Failed to load agents')}
        </p>
      ) : agents.data.length === 0 ? (
        <Card>
          <CardContent className="pt-6">
            <EmptyState
              icon={Users}
              title="No agents yet"
              description={canEdit ? 'Add your first agent, or share the registration page with your team.' : 'Agents appear here once they join.'}
            />
          </CardContent>
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {agents.data.map((agent) => (
            <li key={agent.id}>
              <AgentCard agent={agent} canEdit={canEdit} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
