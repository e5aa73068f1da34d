import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentSummary, CreateAgentInput } from '@contract/agents';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAgentInput) => apiJson<AgentSummary>('POST', '/api/agents', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.agents }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ownerDashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard }),
      ]),
  });
}
