import { useMutation } from '@tanstack/react-query';
import type { PairTvLinkInput, TvLink } from '@contract/tv-links';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** Pairs the TV showing the code: the server makes its link and tells that TV its address (the owner never sees it). */
export function usePairTv() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: PairTvLinkInput) => apiJson<TvLink>('POST', '/api/tv-links/pair', input),
    onSuccess: () => refreshAfter('tvLink.changed'),
  });
}
