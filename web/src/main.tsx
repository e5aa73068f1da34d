import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from './app/paths';
import { AppRouter } from './app/router';
import { agentSessionQueryOptions } from './features/agent-auth/api/get-agent-session';
import { appInfoQueryOptions } from './features/app-info/api/get-app-info';
import { queryClient } from './lib/query-client';
import './styles.css';

// The notification area is its own chunk, loaded beside the page rather than before it: toasts raised before it
// arrives wait in their store (components/ui/use-toast.ts) and show when it mounts.
const Toaster = lazy(() => import('./components/ui/toaster').then((module) => ({ default: module.Toaster })));

// The agent portal's first reads, sent beside the page's code rather than after it has loaded.
if (window.location.pathname === paths.agentPortal) {
  void queryClient.prefetchQuery(agentSessionQueryOptions);
  void queryClient.prefetchQuery(appInfoQueryOptions);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
