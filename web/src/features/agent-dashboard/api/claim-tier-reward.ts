import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimCreated, DashboardClaimInput } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { agentTierDataQueryKey } from './get-agent-tier-data';

export function claimTierReward(input: DashboardClaimInput): Promise<ClaimCreated> {
  return apiJson<ClaimCreated>('POST', '/api/agents/claim-reward', input);
}

/** POST /api/agents/claim-reward; afterwards the tier data and the agent's reward data are re-read. */
export function useClaimTierReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTierReward,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentTierDataQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/rewards/agent'] }),
      ]),
  });
}
