import { useMutation } from '@tanstack/react-query';
import type { ClaimCreated, DashboardClaimInput } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export function claimTierReward(input: DashboardClaimInput): Promise<ClaimCreated> {
  return apiJson<ClaimCreated>('POST', '/api/agents/claim-reward', input);
}

/** POST /api/agents/claim-reward; afterwards the tier data, the agent's reward data and its claims are re-read. */
export function useClaimTierReward() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: claimTierReward,
    // Also after a refusal: the tier may have been claimed meanwhile.
    onSettled: () => refreshAfter('claim.created'),
  });
}
