import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { loadOwnerDashboardPage } from './app/pages/home-page';
import { AppRouter } from './app/router';
import { paths } from './config/paths';
import { ownerDashboardQueryOptions } from './features/owner-dashboard/api/get-owner-dashboard';
import { agentSessionQueryOptions } from './lib/agent-session';
import { appInfoQueryOptions } from './lib/app-info';
import { userQueryOptions } from './lib/auth';
import { queryClient } from './lib/query-client';
import { ssoStatusQueryOptions } from './lib/sso-status';
import { usePasswordRequest } from './lib/password-request';
import { startTheme } from './lib/theme';
import { followWantedLanguage } from './lib/i18n/language';
import { followSessionLanguage } from './lib/i18n/session-language';
import './styles.css';

// Light or dark before the first render, so the page does not flash the other look.
startTheme();

// The notification area is its own chunk, loaded beside the page rather than before it: toasts raised before it
// arrives wait in their store (components/ui/use-toast.ts) and show when it mounts.
const Toaster = lazy(() => import('./components/ui/toaster').then((module) => ({ default: module.Toaster })));
// The "Confirm your password" dialog of sensitive actions (lib/reauthentication.ts): loaded when first asked for.
const ConfirmPasswordDialog = lazy(() =>
  import('./components/ui/confirm-password-dialog').then((module) => ({ default: module.ConfirmPasswordDialog })),
);

function PasswordConfirmation() {
  const request = usePasswordRequest();
  return request ? (
    <Suspense fallback={null}>
      <ConfirmPasswordDialog request={request} />
    </Suspense>
  ) : null;
}

// The agent portal's first reads, sent beside the page's code rather than after it has loaded.
if (window.location.pathname === paths.agentPortal) {
  void queryClient.prefetchQuery(agentSessionQueryOptions);
  void queryClient.prefetchQuery(appInfoQueryOptions);
}
// Whether the sign-in pages offer company sign-in: they show their form once it is known.
if (window.location.pathname === paths.agentPortal || window.location.pathname === paths.login) {
  void queryClient.prefetchQuery(ssoStatusQueryOptions);
}

// The server sends "/" with this hint to a browser that carries an owner or manager session cookie: the session check
// and the dashboard's data are read at once, beside the page's code. (A stale cookie's refusal stays unused: the landing
// page shows, and signing in clears what was read before; features/auth/api/owner-login.ts.)
if (window.location.pathname === paths.home && document.querySelector('meta[name="tiertrack-session-hint"]')) {
  void queryClient.prefetchQuery(userQueryOptions);
  void queryClient.prefetchQuery(ownerDashboardQueryOptions);
  // Its code is in the browser already (the page names it for preloading); running it now, during the reads, means
  // the dashboard renders as soon as they answer. A failure here is met again, and shown, when the page renders it.
  loadOwnerDashboardPage().catch(() => undefined);
}

// The installable app's service worker, once the page has loaded: nothing of it before the first paint (decision 0092).
// Built apps only: the development server's modules are not a shell to cache.
if (import.meta.env.PROD) {
  const register = () => void import('./lib/service-worker').then((module) => module.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// The page's language follows the signed-in person's choice when a session read tells it (docs/product.md §12.22).
followSessionLanguage(queryClient);

// The first render as a transition: React renders it in slices of a few milliseconds and gives the main thread back
// between them, rather than holding it for the whole screen (a slow phone would not answer a tap meanwhile).
const root = createRoot(document.getElementById('root')!);
// In the organisation's (or the browser's) language from the first paint: another language than English waits for its
// catalogs' chunk (English is in this script), rather than showing English first.
void followWantedLanguage().then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
          <PasswordConfirmation />
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);
