import { SearchX } from 'lucide-react';
import { AgentsPageView } from '../../../components/agents/agents-page-view';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { SectionHeading } from '../../../components/ui/section-heading';
import { usePagedSearch } from '../../../hooks/use-paged-search';
import { useAgentsPage } from '../../../lib/agents-page';
import { useLedTeamNames } from '../../../lib/teams';
import { useCanEdit } from '../../../lib/authorization';
import { EXPORT_PATHS } from '@contract/exports';
import { ExportButton } from '../../../components/ui/export-button';
import { AddAgentDialog } from './add-agent-dialog';
import { AgentCard } from './agent-card';
import { SignUpSettingsDialog } from './sign-up-settings-dialog';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** Cards per page: fills whole rows of the 1, 2 and 3 column layouts. */
export const AGENT_CARDS_PER_PAGE = 24;

export function AgentsTab() {
  const t = useT(messages);
  const canEdit = useCanEdit();
  // Whose agents these are: a manager who leads teams sees theirs only (docs/product.md §3.4).
  const ledTeams = useLedTeamNames();
  const { search, setSearch, query, typing, offset, setOffset } = usePagedSearch();
  const agents = useAgentsPage({ offset, limit: AGENT_CARDS_PER_PAGE, search: query });
  const total = agents.data?.total;

  // After a delete empties the last page, show the page before it (adjusted while rendering, not in an effect).
  if (total !== undefined && offset > 0 && offset >= total) setOffset(Math.max(0, Math.ceil(total / AGENT_CARDS_PER_PAGE) - 1) * AGENT_CARDS_PER_PAGE);

  return (
    <section aria-labelledby="agents-heading" aria-busy={agents.isFetching || typing} className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="agents-heading"
        title={t('agents')}
        description={
          ledTeams && ledTeams.length > 0
            ? t('agentsOfTeams', { count: ledTeams.length, teams: ledTeams.join(', ') })
            : t('everyAgent')
        }
      >
        <ExportButton href={EXPORT_PATHS.agents} label={t('exportCsv')} what={t('exportWhat')} />
        {canEdit && (
          <>
            <SignUpSettingsDialog />
            <AddAgentDialog />
          </>
        )}
      </SectionHeading>
      <AgentsPageView
        agents={agents}
        query={query}
        emptyDescription={canEdit ? t('emptyEditor') : t('emptyViewer')}
        emptyClassName="pt-6"
      >
        {(page) => (
          <>
            <SearchField label={t('findAgent')} value={search} onChange={setSearch} />
            {page.agents.length === 0 ? (
              <Card>
                <CardContent className="pt-6">
                  <EmptyState icon={SearchX} title={t('noMatching')} description={t('noMatchingText', { query })} />
                </CardContent>
              </Card>
            ) : (
              <ul aria-label={t('agents')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {page.agents.map((agent) => (
                  <li key={agent.id}>
                    <AgentCard agent={agent} />
                  </li>
                ))}
              </ul>
            )}
            <Pager label={t('agentsPages')} offset={offset} limit={AGENT_CARDS_PER_PAGE} total={page.total} onChange={setOffset} disabled={agents.isFetching} />
          </>
        )}
      </AgentsPageView>
    </section>
  );
}
