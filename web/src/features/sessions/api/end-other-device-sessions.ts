import { useMutation } from '@tanstack/react-query';
import type { EndedSessions } from '@contract/sessions';
import { apiJson } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** DELETE /api/sessions: signs out every device of the person but this one; answers how many were signed out. */
export function useEndOtherDeviceSessions() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: () => apiJson<EndedSessions>('DELETE', '/api/sessions'),
    onSettled: () => refreshAfter('session.changed'),
  });
}
