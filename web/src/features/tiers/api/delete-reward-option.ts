import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** The callbacks are the hook's own: the deleted option's row is gone once the list is refreshed. */
export function useDeleteRewardOption({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: ({ optionId }: { optionId: number; tierId: number }) => apiRequest('DELETE', `/api/rewards/${optionId}`),
    onSuccess: async (_result, { tierId }) => {
      await refreshAfter('rewardOption.changed', { id: tierId });
      onSuccess?.();
    },
    onError,
  });
}
