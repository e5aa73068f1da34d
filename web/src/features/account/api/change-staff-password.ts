import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeStaffPasswordInput } from '@contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/auth/password: the owner's or manager's other sessions end (this one stays), so their list is read again. */
export function useChangeStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeStaffPasswordInput) => apiRequest('POST', '/api/auth/password', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deviceSessions }),
  });
}
