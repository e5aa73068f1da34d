import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { applyChosenLanguage } from './language';

/** The agents' pages (the portal, dashboard, profile) follow the agent's choice; every other page the owner's or manager's. */
const AGENT_PAGE = /^\/agents?(\/|$)/;

const languageIn = (data: unknown, path: 'agent' | 'user'): string | null | undefined => {
  if (!data || typeof data !== 'object') return data === null ? null : undefined;
  if (path === 'agent') {
    const session = data as { authenticated?: boolean; agent?: { language?: string | null } };
    return session.authenticated === true ? (session.agent?.language ?? null) : null;
  }
  return (data as { language?: string | null }).language ?? null;
};

/**
 * The person's language follows their session reads (GET /api/auth/user, GET /api/agents/session, and the answers of
 * the account and profile changes that put their data in those reads): whenever the read this page follows changes,
 * the page follows its `language` (null, or signed out: the organisation's, then the browser's).
 */
export function followSessionLanguage(queryClient: QueryClient): void {
  const key = () => (AGENT_PAGE.test(window.location.pathname) ? 'agent' : 'user');
  const apply = () => {
    const kind = key();
    const state = queryClient.getQueryState(kind === 'agent' ? queryKeys.agentSession : queryKeys.user);
    if (state?.status === 'success') applyChosenLanguage(languageIn(state.data, kind));
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const first = event.query.queryKey[0];
    if (first === queryKeys.user[0] || first === queryKeys.agentSession[0]) apply();
  });
  // A page switch inside the app (an agent signing in on the portal goes to its dashboard) can change whose read counts.
  window.addEventListener('popstate', apply);
}
