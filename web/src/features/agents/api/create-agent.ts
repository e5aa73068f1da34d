import { useMutation } from '@tanstack/react-query';
import type { AgentSummary, CreateAgentInput } from '@contract/agents';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export function useCreateAgent() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateAgentInput) => apiJson<AgentSummary>('POST', '/api/agents', input),
    onSuccess: () => refreshAfter(['agent.created', 'leaderboard.changed']),
  });
}
