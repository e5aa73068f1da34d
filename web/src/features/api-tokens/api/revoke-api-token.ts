import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

interface Callbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** Revokes a token: its next request is refused (401). The callbacks are the hook's own: the row is gone by then. */
export function useRevokeApiToken({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) => apiRequest('DELETE', `/api/tokens/${tokenId}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens });
      onSuccess?.();
    },
    onError,
  });
}
