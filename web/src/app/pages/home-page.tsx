import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { PrefetchOwnerDashboard } from '../../features/owner-dashboard/api/get-owner-dashboard';
import { useUser } from '../../lib/auth';
import { LandingPage } from './landing-page';
import type OwnerDashboardPageComponent from './owner-dashboard-page';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

// The dashboard is its own chunk: visitors of the landing page never download it.
type OwnerDashboardModule = { default: typeof OwnerDashboardPageComponent };
let ownerDashboardModule: OwnerDashboardModule | undefined;
let loadingOwnerDashboard: Promise<OwnerDashboardModule> | undefined;

/**
 * Fetches and runs the dashboard's code, once. main.tsx starts it beside the session check when the page was sent to
 * a browser with a session cookie: by the time the user is known the code has run, and the dashboard renders at once
 * rather than after a "Loading dashboard..." step.
 */
export function loadOwnerDashboardPage(): Promise<OwnerDashboardModule> {
  return (loadingOwnerDashboard ??= import('./owner-dashboard-page').then(
    (module) => (ownerDashboardModule = module),
    (error: unknown) => {
      loadingOwnerDashboard = undefined;
      throw error;
    },
  ));
}

/** A thenable that answers at once: React.lazy then renders the module it was given without suspending first. */
const answeredNow = <T,>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) }) as unknown as Promise<T>;

// One component for the page's whole life (switching to the loaded module's own would remount the dashboard): when its
// code has already run, it renders at once, without the "Loading dashboard..." step.
const OwnerDashboardPage = lazy(() => (ownerDashboardModule ? answeredNow(ownerDashboardModule) : loadOwnerDashboardPage()));

/** "/": the owner dashboard when an owner or manager is signed in, otherwise the landing page. */
export function HomePage() {
  const { user, isLoading } = useUser();
  const t = useT(messages);
  if (isLoading) return <Spinner label={t('loading')} />;
  if (!user) return <LandingPage />;
  return (
    <>
      <PrefetchOwnerDashboard />
      <Suspense fallback={<Spinner label={t('loadingDashboard')} />}>
        <OwnerDashboardPage user={user} />
      </Suspense>
    </>
  );
}
