import { useMutation } from '@tanstack/react-query';
import type { AgentRegisterInput, AgentSessionResponse } from '@contract/auth';
import { apiJson } from '../../../lib/api-client';

export function registerAgent(input: AgentRegisterInput): Promise<AgentSessionResponse> {
  return apiJson<AgentSessionResponse>('POST', '/api/agents/register', input);
}

/**
 * POST /api/agents/register. The server signs the new agent in; each screen decides when to re-read the session
 * (after 2 s in the auth flow, on arrival at /agents for the registration page), so nothing is cached here.
 */
export function useAgentRegister() {
  return useMutation({ mutationFn: registerAgent });
}
