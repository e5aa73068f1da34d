import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRewardOptionInput, RewardOption } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { tierRewardOptionsQueryKey } from '../../../lib/tier-reward-options';

export function useCreateRewardOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRewardOptionInput) => apiJson<RewardOption>('POST', '/api/rewards', input),
    onSuccess: (option) => queryClient.invalidateQueries({ queryKey: tierRewardOptionsQueryKey(option.tierId) }),
  });
}
