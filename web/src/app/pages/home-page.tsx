import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useUser } from '../../features/auth/api/get-user';
import { PrefetchOwnerDashboard } from '../../features/owner-dashboard/api/get-owner-dashboard';
import { LandingPage } from './landing-page';

// The dashboard is its own chunk: visitors of the landing page never download it.
const OwnerDashboard = lazy(() => import('../../features/owner-dashboard/components/owner-dashboard'));

/** "/": the owner dashboard when an owner or manager is signed in, otherwise the landing page. */
export function HomePage() {
  const { user, isLoading } = useUser();
  if (isLoading) return <Spinner label="Loading..." />;
  if (!user) return <LandingPage />;
  return (
    <>
      <PrefetchOwnerDashboard />
      <Suspense fallback={<Spinner label="Loading dashboard..." />}>
        <OwnerDashboard user={user} />
      </Suspense>
    </>
  );
}
