import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokenList } from '@contract/api-tokens';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const apiTokensQueryOptions = queryOptions({
  queryKey: queryKeys.apiTokens,
  queryFn: () => apiJson<ApiTokenList>('GET', '/api/tokens'),
});

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions);
}
