import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { PrefetchOwnerDashboard } from '../../features/owner-dashboard/api/get-owner-dashboard';
import { useUser } from '../../lib/auth';
import { LandingPage } from './landing-page';

// The dashboard is its own chunk: visitors of the landing page never download it.
const OwnerDashboardPage = lazy(() => import('./owner-dashboard-page'));

/** "/": the owner dashboard when an owner or manager is signed in, otherwise the landing page. */
export function HomePage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <Spinner label="Loading..." />;
  if (!user) return <LandingPage />;
  return (
    <>
      <PrefetchOwnerDashboard />
      <Suspense fallback={<Spinner label="Loading dashboard..." />}>
        <OwnerDashboardPage user={user} />
      </Suspense>
    </>
  );
}
