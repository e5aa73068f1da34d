import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TierSetting } from '@contract/tiers';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UpdateTierSettingVariables {
  tierId: number;
  changes: { threshold: string } | { rewards: string };
}

/** docs/product.md §11.9: a change in tiers refreshes the owner dashboard, the agents and the tier settings. */
export function useUpdateTierSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tierId, changes }: UpdateTierSettingVariables) => apiJson<TierSetting>('PATCH', `/api/tier-settings/${tierId}`, changes),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tierSettings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ownerDashboard }),
        queryClient.invalidateQueries({ queryKey: queryKeys.agents }),
      ]),
  });
}
