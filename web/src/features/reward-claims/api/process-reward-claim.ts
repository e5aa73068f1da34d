import { useMutation } from '@tanstack/react-query';
import type { RewardClaim } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * The owner's Mark Filled: pending becomes processed. The callbacks are the hook's own: the claim's card
 * leaves the pending list once the list is refreshed.
 */
export function useProcessRewardClaim({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (claimId: number) => apiJson<RewardClaim>('PATCH', `/api/reward-claims/${claimId}/process`),
    onSuccess: async (claim) => {
      await refreshAfter('claim.updated', { agentId: claim.agentId });
      onSuccess?.();
    },
    onError,
  });
}
