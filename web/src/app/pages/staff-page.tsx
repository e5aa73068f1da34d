import type { AuthUser } from '@contract/auth';
import type { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { StaffBrand, StaffLogoutButton } from '../../components/layouts/staff-header-parts';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { paths } from '../../config/paths';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useUser } from '../../lib/auth';
import { useOrgSettings } from '../../lib/org-settings';
import { ThemeSwitch } from '../../components/ui/theme-switch';
import { useT } from '../../lib/i18n/translate';
import { messages as layoutMessages } from '../../components/layouts/messages';

interface StaffPageProps {
  /** Under the brand in the header ("Agent details", "Account"). */
  subtitle: string;
  /** Shown in the header before the bell, for the signed-in owner or manager. */
  headerExtras?: (user: AuthUser) => ReactNode;
  /** Width and layout of the main column. */
  mainClassName: string;
  /** What a signed-out visitor is told, with the way to sign in. */
  signIn: { title: string; description: string; icon: typeof Crown };
  /** The page for the signed-in owner or manager. */
  children: (user: AuthUser) => ReactNode;
}

/**
 * A page of its own for owners and managers beside the dashboard (an agent's page, the account page): the header with
 * the bell and Logout, then the page for a signed-in user, or a card that says how to sign in.
 */
export function StaffPage({ subtitle, headerExtras, mainClassName, signIn, children }: StaffPageProps) {
  const { orgName } = useOrgSettings();
  const { user, isLoading } = useUser();
  const t = useT(layoutMessages);
  const SignInIcon = signIn.icon;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <StaffBrand orgName={orgName} subtitle={subtitle} />
          {user && (
            <div className="flex items-center gap-3">
              {headerExtras?.(user)}
              <NotificationBell />
              <ThemeSwitch />
              <StaffLogoutButton />
            </div>
          )}
        </div>
      </header>
      <main className={cn('mx-auto grid gap-4 px-4 py-6 sm:px-6', mainClassName)}>
        {isLoading ? (
          <Spinner label={t('loading')} />
        ) : user ? (
          children(user)
        ) : (
          <Card className="mx-auto mt-8 w-full max-w-md">
            <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
                <SignInIcon className="size-6 text-brand-600" aria-hidden="true" />
              </span>
              <h1 className="text-2xl font-semibold text-slate-900">{signIn.title}</h1>
              <p className="text-sm text-slate-700">{signIn.description}</p>
              <Button asChild className="w-full">
                <a href={paths.ownerLogin}>{t('ownerAccess')}</a>
              </Button>
            </CardContent>
          </Card>
        )}
      </main>
    </div>
  );
}
