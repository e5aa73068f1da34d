import { useMutation } from '@tanstack/react-query';
import type { CreateRewardOptionInput, RewardOption } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

export function useCreateRewardOption() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CreateRewardOptionInput) => apiJson<RewardOption>('POST', '/api/rewards', input),
    onSuccess: (option) => refreshAfter('rewardOption.changed', { id: option.tierId }),
  });
}
