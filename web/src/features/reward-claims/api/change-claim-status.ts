import { useMutation } from '@tanstack/react-query';
import type { ClaimTransitionInput, RewardClaim } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** Moves a claim to another status (shipped with a note, delivered, rejected with a reason); the lists are read again. */
export function useChangeClaimStatus() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: ({ claimId, change }: { claimId: number; change: ClaimTransitionInput }) =>
      apiJson<RewardClaim>('PATCH', `/api/reward-claims/${claimId}`, change),
    onSuccess: (claim) => refreshAfter('claim.updated', { agentId: claim.agentId }),
  });
}
