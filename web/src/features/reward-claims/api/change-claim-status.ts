import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimTransitionInput, RewardClaim } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Moves a claim to another status (shipped with a note, delivered, rejected with a reason); the lists are read again. */
export function useChangeClaimStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, change }: { claimId: number; change: ClaimTransitionInput }) =>
      apiJson<RewardClaim>('PATCH', `/api/reward-claims/${claimId}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.rewardClaims }),
  });
}
