import { Crown, LogOut, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { AccountOverview } from '../../features/account/components/account-overview';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SignedInDevices } from '../../features/sessions/components/signed-in-devices';
import { useUser } from '../../lib/auth';

/** /dashboard/account: the signed-in owner's or manager's details, password and signed-in devices. */
export default function AccountPage() {
  const { user, isLoading } = useUser();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Crown className="size-8 text-brand-600" aria-hidden="true" />
            <div>
              <p className="text-xl font-bold text-slate-900">TierTrack</p>
              <p className="text-sm text-slate-600">Account</p>
            </div>
          </div>
          {user && (
            <div className="flex items-center gap-3">
              <NotificationBell />
              <Button asChild variant="outline">
                <a href={paths.ownerLogout}>
                  <LogOut aria-hidden="true" />
                  Logout
                </a>
              </Button>
            </div>
          )}
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6 sm:px-6">
        {isLoading ? (
          <Spinner label="Loading..." />
        ) : user ? (
          <>
            <Link
              href={paths.home}
              className="inline-flex items-center gap-1.5 justify-self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              <span aria-hidden="true">←</span>
              Back to the dashboard
            </Link>
            <AccountOverview user={user} devices={<SignedInDevices owner="staff" />} />
          </>
        ) : (
          <SignInFirst />
        )}
      </main>
    </div>
  );
}

function SignInFirst() {
  return (
    <Card className="mx-auto mt-8 w-full max-w-md">
      <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
          <UserRound className="size-6 text-brand-600" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold text-slate-900">Sign in to see your account</h1>
        <p className="text-sm text-slate-700">Owners and managers change their password and see where they are signed in here.</p>
        <Button asChild className="w-full">
          <a href={paths.ownerLogin}>Owner/Manager Access</a>
        </Button>
      </CardContent>
    </Card>
  );
}
