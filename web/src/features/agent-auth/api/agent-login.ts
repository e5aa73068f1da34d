import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentSessionResponse, LoginInput } from '@contract/auth';
import { ApiError, apiJson } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n/translate';
import { queryKeys } from '../../../lib/query-keys';
import { messages } from '../messages';

export function loginAgent(input: LoginInput): Promise<AgentSessionResponse> {
  return apiJson<AgentSessionResponse>('POST', '/api/agents/login', input);
}

/**
 * docs/product.md §11.15: the server's message, or "Login failed"; when the request never reached the server,
 * "Login failed: " and the network error's text.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage || translate(messages, 'loginFailed');
  if (error instanceof Error && error.message) return translate(messages, 'loginFailedReason', { reason: error.message });
  return translate(messages, 'loginFailed');
}

/** POST /api/agents/login; on success the response is the new session, so the cache takes it as is. */
export function useAgentLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginAgent,
    onSuccess: (session) => queryClient.setQueryData(queryKeys.agentSession, session),
  });
}
