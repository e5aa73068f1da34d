import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RewardClaim } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * The owner's Mark Filled: pending becomes processed. The callbacks are the hook's own: the claim's card
 * leaves the pending list once the list is refreshed.
 */
export function useProcessRewardClaim({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: number) => apiJson<RewardClaim>('PATCH', `/api/reward-claims/${claimId}/process`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.rewardClaims });
      onSuccess?.();
    },
    onError,
  });
}
