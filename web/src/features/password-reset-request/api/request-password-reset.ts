import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequested, RequestPasswordResetInput } from '@contract/password-resets';
import { apiJson } from '../../../lib/api-client';

/**
 * POST /api/password-resets: asks for a one-time link by email (docs/product.md §12.9). The answer (202) is the same
 * whether or not an account uses the email; nothing is cached, as nothing on screen depends on it.
 */
export function requestPasswordReset(input: RequestPasswordResetInput): Promise<PasswordResetRequested> {
  return apiJson<PasswordResetRequested>('POST', '/api/password-resets', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
