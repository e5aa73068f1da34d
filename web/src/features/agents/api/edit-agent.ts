import { useMutation } from '@tanstack/react-query';
import type { UpdateAgentParams } from '@contract/agents';
import type { AgentDetail } from '@contract/insight';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/**
 * PATCH /api/agents/:id with what the owner changed of the agent's name, email, position and team. Every list that
 * names the agent is read again, and the teams when it moved (the events the server sends for it: agent.updated,
 * team.changed).
 */
export function useEditAgent() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: ({ agentId, changes }: { agentId: number; changes: Omit<UpdateAgentParams, 'active'> }) =>
      apiJson<AgentDetail['agent']>('PATCH', `/api/agents/${agentId}`, changes),
    onSuccess: (_answer, { agentId, changes }) =>
      refreshAfter(['agent.updated', 'leaderboard.changed', ...('teamId' in changes ? (['team.changed'] as const) : [])], { agentId }),
  });
}
