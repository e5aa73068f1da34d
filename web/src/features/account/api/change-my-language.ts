import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@contract/languages';
import type { CurrentUser } from '@contract/two-factor';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/auth/user: the owner's or manager's language; the answer is the session read, which the page's language follows. */
export function useChangeMyLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language | null) => apiJson<CurrentUser>('PATCH', '/api/auth/user', { language }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user, user),
  });
}
