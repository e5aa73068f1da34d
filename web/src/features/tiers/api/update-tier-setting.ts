import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TierSetting } from '@contract/tiers';
import { apiJson } from '../../../lib/api-client';
import { agentsQueryKey } from '../../agents/api/get-agents';
import { ownerDashboardQueryKey } from '../../owner-dashboard/api/get-owner-dashboard';
import { tierSettingsQueryKey } from './get-tier-settings';

export interface UpdateTierSettingVariables {
  tierId: number;
  changes: { threshold: string } | { rewards: string };
}

/** Spec section 2: a change in tiers refreshes the owner dashboard, the agents and the tier settings. */
export function useUpdateTierSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tierId, changes }: UpdateTierSettingVariables) => apiJson<TierSetting>('PATCH', `/api/tier-settings/${tierId}`, changes),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tierSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ownerDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
      ]),
  });
}
