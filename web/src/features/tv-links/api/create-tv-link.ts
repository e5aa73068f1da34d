import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedTvLink, CreateTvLinkInput } from '@contract/tv-links';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The answer carries the link's address and token: the only time they are shown (the server keeps a hash). */
export function useCreateTvLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTvLinkInput) => apiJson<CreatedTvLink>('POST', '/api/tv-links', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tvLinks }),
  });
}
