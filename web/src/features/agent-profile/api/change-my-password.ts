import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeMyPasswordInput } from '@contract/insight';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/agents/me/password: the agent's other sessions end (the devices list is read again); this one stays. */
export function useChangeMyPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeMyPasswordInput) => apiRequest('POST', '/api/agents/me/password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deviceSessions }),
  });
}
