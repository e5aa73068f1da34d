import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedApiToken, CreateApiTokenInput } from '@contract/api-tokens';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The answer carries the token itself: the only time it is shown (the server keeps a hash). */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => apiJson<CreatedApiToken>('POST', '/api/tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens }),
  });
}
