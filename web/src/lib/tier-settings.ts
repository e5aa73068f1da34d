import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TierSetting } from '@contract/tiers';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/tier-settings: the 12 tiers with their thresholds, rewards and colours (the landing page, tier settings, charts). */
export const tierSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.tierSettings,
  queryFn: () => apiJson<TierSetting[]>('GET', '/api/tier-settings'),
});

export function useTierSettings() {
  return useQuery(tierSettingsQueryOptions);
}
