import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndedSessions } from '@contract/sessions';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/sessions: signs out every device of the person but this one; answers how many were signed out. */
export function useEndOtherDeviceSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<EndedSessions>('DELETE', '/api/sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.deviceSessions }),
  });
}
