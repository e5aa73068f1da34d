import { useMutation } from '@tanstack/react-query';
import type { ClaimCreated } from '@contract/rewards';
import { ApiError, apiJson } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n/translate';
import { useRefreshAfter } from '../../../lib/refresh-map';
import { messages } from '../messages';

/** The portal claim payload as sent (docs/product.md §12.3): telegram is an empty string when omitted. */
export interface PortalClaimPayload {
  agentId: number;
  rewardId: number;
  fullName: string;
  email: string;
  phone: string;
  telegram: string;
  address: string;
  city: string;
  zipcode: string;
}

export function claimPortalReward(input: PortalClaimPayload): Promise<ClaimCreated> {
  return apiJson<ClaimCreated>('POST', '/api/rewards/claim', input);
}

/** docs/product.md §11.13: "Failed to submit claim: " and the server's message, "Unknown error", or "Network error". */
export function portalClaimErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return translate(messages, 'claimFailed', { reason: translate(messages, 'networkError') });
  let message: unknown;
  try {
    message = (JSON.parse(error.bodyText) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  return translate(messages, 'claimFailed', { reason: typeof message === 'string' && message ? message : translate(messages, 'unknownError') });
}

/** POST /api/rewards/claim; afterwards the agent's reward data and tier data are re-read. */
export function useClaimPortalReward() {
  const refreshAfter = useRefreshAfter();
  return useMutation({
    mutationFn: claimPortalReward,
    onSettled: (_claim, _error, input) => refreshAfter('claim.created', { agentId: input.agentId }),
  });
}
