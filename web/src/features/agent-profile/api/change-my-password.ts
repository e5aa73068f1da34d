import { useMutation } from '@tanstack/react-query';
import type { ChangeMyPasswordInput } from '@contract/insight';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** POST /api/agents/me/password: the agent's other sessions end (the devices list is read again); this one stays. */
export function useChangeMyPassword() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: ChangeMyPasswordInput) => apiRequest('POST', '/api/agents/me/password', input),
    onSuccess: () => refreshAfter('session.changed'),
  });
}
