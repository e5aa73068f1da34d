import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { IncomeEntryListParams, IncomeEntryPage } from '@contract/income-entries';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How many entries the agent's page shows at a time. */
export const AGENT_ENTRIES_PAGE_SIZE = 10;

/** The days the entries are narrowed to (YYYY-MM-DD, both inclusive, the organisation's days); unset: no bound. */
export interface EntryDays {
  from?: string | undefined;
  to?: string | undefined;
}

function entriesSearchParams(agentId: number, days: EntryDays, offset: number): string {
  const params: IncomeEntryListParams = {
    agentId: String(agentId),
    ...(days.from ? { from: days.from } : {}),
    ...(days.to ? { to: days.to } : {}),
    offset: String(offset),
    limit: String(AGENT_ENTRIES_PAGE_SIZE),
  };
  return new URLSearchParams(params as Record<string, string>).toString();
}

export const agentEntriesQueryOptions = (agentId: number, days: EntryDays, offset: number) =>
  queryOptions({
    queryKey: [...queryKeys.incomeEntries, entriesSearchParams(agentId, days, offset)],
    queryFn: () => apiJson<IncomeEntryPage>('GET', `/api/income-entries?${entriesSearchParams(agentId, days, offset)}`),
    // The page shown stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/income-entries of one agent: a page of its entries, newest first, voided ones and reversals included. */
export function useAgentEntries(agentId: number, days: EntryDays, offset: number, enabled: boolean) {
  return useQuery({ ...agentEntriesQueryOptions(agentId, days, offset), enabled });
}
