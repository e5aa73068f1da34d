import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentSessionResponse } from '@contract/auth';
import { getQueryFn } from './query-client';
import { queryKeys } from './query-keys';

/** A session read this recently is not read again when a screen mounts. */
const JUST_READ_MS = 2000;

/**
 * The agent session (docs/product.md §4.6): signed in only when `authenticated` is exactly true; a 401 means no session;
 * never fresh, re-read when the window regains focus, no retry.
 */
export const agentSessionQueryOptions = queryOptions<AgentSessionResponse | null>({
  queryKey: queryKeys.agentSession,
  queryFn: getQueryFn<AgentSessionResponse | null>({ on401: 'returnNull' }),
  retry: false,
  staleTime: 0,
  refetchOnWindowFocus: true,
  // Read again whenever a screen mounts, except just after the read started beside the page's code (main.tsx).
  refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_READ_MS,
});

export function useAgentSession() {
  const query = useQuery(agentSessionQueryOptions);
  const session = query.data ?? null;
  return {
    session,
    agent: session?.authenticated === true ? session.agent : null,
    isLoading: query.isLoading,
    isAuthenticated: session?.authenticated === true,
    error: query.error,
    refetch: query.refetch,
  };
}
