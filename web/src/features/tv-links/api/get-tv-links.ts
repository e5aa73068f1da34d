import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TvLinkList } from '@contract/tv-links';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const tvLinksQueryOptions = queryOptions({
  queryKey: queryKeys.tvLinks,
  queryFn: () => apiJson<TvLinkList>('GET', '/api/tv-links'),
});

export function useTvLinks() {
  return useQuery(tvLinksQueryOptions);
}
