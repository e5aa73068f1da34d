import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TierSetting } from '@contract/tiers';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const tierSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.tierSettings,
  queryFn: () => apiJson<TierSetting[]>('GET', '/api/tier-settings'),
});

export function useTierSettings() {
  return useQuery(tierSettingsQueryOptions);
}
