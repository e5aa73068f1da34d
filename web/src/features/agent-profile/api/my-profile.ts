import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyProfile, UpdateMyProfileInput } from '@contract/insight';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRefreshAfter } from '../../../lib/refresh-map';

export const myProfileQueryOptions = queryOptions({
  queryKey: queryKeys.agentProfile,
  queryFn: () => apiJson<MyProfile>('GET', '/api/agents/me'),
});

/** GET /api/agents/me: the signed-in agent's name, email, position and public-board choice. */
export function useMyProfile() {
  return useQuery(myProfileQueryOptions);
}

/**
 * PATCH /api/agents/me. The answer is the profile as changed; the reads that show the agent's name (the session, the
 * tier dashboard, the rank card's own row) are read again.
 */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: (input: UpdateMyProfileInput) => apiJson<MyProfile>('PATCH', '/api/agents/me', input),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.agentProfile, profile);
      return refreshAfter('agent.updated', { agentId: profile.id });
    },
  });
}
