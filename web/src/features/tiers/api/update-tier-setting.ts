import { useMutation } from '@tanstack/react-query';
import type { TierSetting } from '@contract/tiers';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export interface UpdateTierSettingVariables {
  tierId: number;
  changes: { threshold: string } | { rewards: string };
}

/** docs/product.md §11.9: a change in tiers refreshes the owner dashboard, the agents and the tier settings. */
export function useUpdateTierSetting() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: ({ tierId, changes }: UpdateTierSettingVariables) => apiJson<TierSetting>('PATCH', `/api/tier-settings/${tierId}`, changes),
    onSuccess: () => refreshAfter('tier.updated'),
  });
}
