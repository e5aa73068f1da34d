import { useMutation } from '@tanstack/react-query';
import type { ChangeMyPasswordInput } from '@contract/insight';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/agents/me/password: the agent's other sessions end; this one stays. */
export function useChangeMyPassword() {
  return useMutation({
    mutationFn: (input: ChangeMyPasswordInput) => apiRequest('POST', '/api/agents/me/password', input),
  });
}
