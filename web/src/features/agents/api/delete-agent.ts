import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { leaderboardQueryKey } from '../../owner-dashboard/api/get-leaderboard';
import { ownerDashboardQueryKey } from '../../owner-dashboard/api/get-owner-dashboard';
import { rewardClaimsQueryKey } from '../../reward-claims/api/get-reward-claims';
import { agentsQueryKey } from './get-agents';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * Deleting an agent also deletes its entries and claims, so every list that shows them is refreshed.
 * The callbacks are the hook's own: the card that asked is gone by the time the refreshed list arrives.
 */
export function useDeleteAgent({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (agentId: number) => {
      await apiRequest('DELETE', `/api/agents/${agentId}`);
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ownerDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: leaderboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: rewardClaimsQueryKey }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
