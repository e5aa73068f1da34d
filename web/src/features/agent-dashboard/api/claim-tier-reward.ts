import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimCreated, DashboardClaimInput } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function claimTierReward(input: DashboardClaimInput): Promise<ClaimCreated> {
  return apiJson<ClaimCreated>('POST', '/api/agents/claim-reward', input);
}

/** POST /api/agents/claim-reward; afterwards the tier data, the agent's reward data and its claims are re-read. */
export function useClaimTierReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTierReward,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.agentTierData }),
        queryClient.invalidateQueries({ queryKey: queryKeys.agentRewards }),
        queryClient.invalidateQueries({ queryKey: queryKeys.agentClaims }),
      ]),
  });
}
