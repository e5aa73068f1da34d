import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** Revokes a token: its next request is refused (401). The callbacks are the hook's own: the row is gone by then. */
export function useRevokeApiToken({ onSuccess, onError }: Callbacks = {}) {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (tokenId: number) => apiRequest('DELETE', `/api/tokens/${tokenId}`),
    onSuccess: async () => {
      await refreshAfter('apiToken.changed');
      onSuccess?.();
    },
    onError,
  });
}
