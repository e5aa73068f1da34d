import { useMutation } from '@tanstack/react-query';
import type { DeviceSession } from '@contract/sessions';
import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from '../../../lib/refresh-map';

/** Whose devices a screen lists: an owner's or manager's, or an agent's. */
export type DeviceOwner = 'staff' | 'agent';

/** Where each kind of person signs in again. */
const signInPage: Record<DeviceOwner, string> = { staff: paths.ownerLogin, agent: paths.agentPortal };

/**
 * DELETE /api/sessions/{id}: signs one of the person's devices out, then reads the list again (also after a refusal:
 * a 404 means the device was signed out elsewhere already). Ending this device's own session signs the person out
 * here: the browser goes to their sign-in page, a full load that leaves nothing of theirs in memory.
 */
export function useEndDeviceSession(owner: DeviceOwner) {
  const refreshAfter = useRefreshAfter();
  const readAgain = () => refreshAfter('session.changed');
  return useMutation({
    mutationFn: (session: DeviceSession) => apiRequest('DELETE', `/api/sessions/${session.id}`),
    onSuccess: (_answer, session) => {
      if (session.current) {
        window.location.assign(signInPage[owner]);
        return;
      }
      return readAgain();
    },
    onError: readAgain,
  });
}
