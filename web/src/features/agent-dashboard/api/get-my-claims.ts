import { useQuery } from '@tanstack/react-query';
import type { AgentClaim } from '@contract/rewards';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/agents/me/claims: the signed-in agent's claims with where each stands, newest first. */
export function useMyClaims(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.agentClaims,
    queryFn: () => apiJson<AgentClaim[]>('GET', '/api/agents/me/claims'),
    enabled: options.enabled ?? true,
  });
}
