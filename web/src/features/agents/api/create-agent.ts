import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentSummary, CreateAgentInput } from '@contract/agents';
import { apiJson } from '../../../lib/api-client';
import { leaderboardQueryKey } from '../../owner-dashboard/api/get-leaderboard';
import { ownerDashboardQueryKey } from '../../owner-dashboard/api/get-owner-dashboard';
import { agentsQueryKey } from './get-agents';

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAgentInput) => apiJson<AgentSummary>('POST', '/api/agents', input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ownerDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: leaderboardQueryKey }),
      ]),
  });
}
