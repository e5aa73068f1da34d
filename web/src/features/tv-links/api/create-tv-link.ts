import { useMutation } from '@tanstack/react-query';
import type { CreatedTvLink, CreateTvLinkInput } from '@contract/tv-links';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** The answer carries the link's address and token: the only time they are shown (the server keeps a hash). */
export function useCreateTvLink() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateTvLinkInput) => apiJson<CreatedTvLink>('POST', '/api/tv-links', input),
    onSuccess: () => refreshAfter('tvLink.changed'),
  });
}
