import { useMutation } from '@tanstack/react-query';
import type { CreatedApiToken, CreateApiTokenInput } from '@contract/api-tokens';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** The answer carries the token itself: the only time it is shown (the server keeps a hash). */
export function useCreateApiToken() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => apiJson<CreatedApiToken>('POST', '/api/tokens', input),
    onSuccess: () => refreshAfter('apiToken.changed'),
  });
}
