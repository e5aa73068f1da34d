import type { AgentPage } from '@contract/agents';
import type { UseQueryResult } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { LoadError } from '../ui/load-error';
import { Spinner } from '../ui/spinner';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

interface AgentsPageViewProps {
  /** The page of agents read (useAgentsPage). */
  agents: UseQueryResult<AgentPage>;
  /** The search it was read with: with one, no agents means none match, which `children` show. */
  query: string;
  /** What the card says when there are no agents at all, and its content's classes. */
  emptyDescription: ReactNode;
  emptyClassName: string;
  /** The page read. */
  children: (page: AgentPage) => ReactNode;
}

/** A paged, searchable list of agents (the agents tab, the calculator) while it loads, when it fails, when there are none, else `children`. */
export function AgentsPageView({ agents, query, emptyDescription, emptyClassName, children }: AgentsPageViewProps) {
  const t = useT(messages);
  if (agents.isPending) return <Spinner label={t('loadingAgents')} className="min-h-40" />;
  if (agents.isError) return <LoadError error={agents.error} fallback={t('loadFailed')} />;
  if (agents.data.total === 0 && query === '') {
    return (
      <Card>
        <CardContent className={emptyClassName}>
          <EmptyState icon={Users} title={t('noAgents')} description={emptyDescription} />
        </CardContent>
      </Card>
    );
  }
  return children(agents.data);
}
