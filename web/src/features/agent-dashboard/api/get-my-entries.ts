import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentEntriesPage } from '@contract/insight';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many of its entries the agent sees at a time. */
export const MY_ENTRIES_PAGE_SIZE = 10;

export const myEntriesQueryOptions = (offset: number, limit = MY_ENTRIES_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...queryKeys.agentEntries, offset, limit],
    queryFn: () => apiJson<AgentEntriesPage>('GET', `/api/agents/me/entries?${new URLSearchParams({ offset: String(offset), limit: String(limit) })}`),
    // The page shown stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/agents/me/entries: the signed-in agent's entries, newest first, a page at a time (voided ones included). */
export function useMyEntries(offset: number) {
  return useQuery(myEntriesQueryOptions(offset));
}
