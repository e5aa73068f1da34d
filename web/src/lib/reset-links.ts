import type { CreatedResetLink } from '@contract/password-resets';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from './api-client';
import { unlessCancelled, withReauthentication } from './reauthentication';

/** Whose password a link sets: an agent, or an owner or manager (a user). */
export interface ResetLinkAccount {
  kind: 'agent' | 'user';
  id: number;
  name: string;
}

/**
 * Makes a one-time password link for the account (docs/product.md §12.9). The owner's password is asked for first when
 * it was not entered in the last minutes; cancelling that abandons the link quietly.
 */
export function useCreateResetLink({ onSuccess, onError }: { onSuccess: (link: CreatedResetLink) => void; onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: (account: ResetLinkAccount) =>
      withReauthentication(() => apiJson<CreatedResetLink>('POST', `/api/${account.kind === 'agent' ? 'agents' : 'users'}/${account.id}/reset-link`)),
    onSuccess,
    onError: unlessCancelled(onError),
  });
}
