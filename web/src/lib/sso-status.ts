import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SsoAudience, SsoStatus } from '@contract/sso';
import { apiJson } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/sso (anyone): whether the sign-in pages offer "Sign in with <label>", and whether passwords are off for
 * everyone but the owner (docs/decisions/0090-company-sign-in.md).
 */
export const ssoStatusQueryOptions = queryOptions({
  queryKey: queryKeys.ssoStatus,
  queryFn: () => apiJson<SsoStatus>('GET', '/api/sso'),
});

export interface SsoSignIn {
  /** Not known yet: the sign-in pages wait, rather than show a password form that may go. */
  isPending: boolean;
  /** Offer "Sign in with <label>" (then `label` is the company's name). */
  enabled: boolean;
  label: string | null;
  /** Passwords are off for everyone but the owner. */
  required: boolean;
}

/** What the sign-in pages show; while unreadable, company sign-in counts as off (passwords as before). */
export function useSsoStatus(): SsoSignIn {
  const query = useQuery(ssoStatusQueryOptions);
  const data = query.data;
  return {
    isPending: query.isPending,
    enabled: data?.enabled === true && data.label !== null,
    label: data?.label ?? null,
    required: data?.enabled === true && data.required,
  };
}

/**
 * Where the "Sign in with <label>" link goes: a plain navigation to the server, which sends the browser on to the
 * provider; `returnTo` is the page of this app to come back to once signed in.
 */
export function ssoStartHref(audience: SsoAudience, returnTo?: string): string {
  const query = new URLSearchParams({ audience });
  if (returnTo) query.set('returnTo', returnTo);
  return `/api/sso/start?${query.toString()}`;
}
