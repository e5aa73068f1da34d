import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TierSetting } from '@contract/tiers';
import { apiJson } from '../../../lib/api-client';

export const tierSettingsQueryKey = ['/api/tier-settings'] as const;

export const tierSettingsQueryOptions = queryOptions({
  queryKey: tierSettingsQueryKey,
  queryFn: () => apiJson<TierSetting[]>('GET', '/api/tier-settings'),
});

export function useTierSettings() {
  return useQuery(tierSettingsQueryOptions);
}
