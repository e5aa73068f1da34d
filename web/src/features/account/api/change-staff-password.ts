import { useMutation } from '@tanstack/react-query';
import type { ChangeStaffPasswordInput } from '@contract/auth';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** POST /api/auth/password: the owner's or manager's other sessions end (this one stays), so their list is read again. */
export function useChangeStaffPassword() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: ChangeStaffPasswordInput) => apiRequest('POST', '/api/auth/password', input),
    onSuccess: () => refreshAfter('session.changed'),
  });
}
