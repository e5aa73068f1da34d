import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentListParams, AgentPage } from '@contract/agents';
import { AGENT_PAGE_SIZE } from '@contract/limits';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

export interface AgentsPageParams {
  offset: number;
  limit?: number;
  search?: string;
}

/** The query string of a paged, searchable agents call (GET /api/agents, GET /api/owner/leaderboard). */
export function agentListSearchParams({ offset, limit = AGENT_PAGE_SIZE, search }: AgentsPageParams): string {
  const params: AgentListParams = { offset: String(offset), limit: String(limit), ...(search?.trim() ? { search: search.trim() } : {}) };
  return new URLSearchParams(params as Record<string, string>).toString();
}

export const agentsPageQueryOptions = (params: AgentsPageParams) =>
  queryOptions({
    queryKey: [...queryKeys.agents, agentListSearchParams(params)],
    queryFn: () => apiJson<AgentPage>('GET', `/api/agents?${agentListSearchParams(params)}`),
    // The page shown stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** A page of agents sorted by name, optionally those matching a search (the agents tab, the calculator, the agent picker). */
export function useAgentsPage(params: AgentsPageParams, enabled = true) {
  return useQuery({ ...agentsPageQueryOptions(params), enabled });
}
