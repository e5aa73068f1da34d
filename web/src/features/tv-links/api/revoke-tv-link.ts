import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** Revokes a link: its boards show "revoked" within seconds. The callbacks are the hook's own: the row is gone by then. */
export function useRevokeTvLink({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (linkId: number) => apiRequest('DELETE', `/api/tv-links/${linkId}`),
    onSuccess: async () => {
      await refreshAfter('tvLink.changed');
      onSuccess?.();
    },
    onError,
  });
}
