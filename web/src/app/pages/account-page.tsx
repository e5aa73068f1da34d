import { UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { AccountOverview } from '../../features/account/components/account-overview';
import { SignedInDevices } from '../../features/sessions/components/signed-in-devices';
import { TwoFactorCard } from '../../features/two-factor/components/two-factor-card';
import { StaffPage } from './staff-page';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** /dashboard/account: the signed-in owner's or manager's details, password and signed-in devices. */
export default function AccountPage() {
  const t = useT(messages);
  return (
    <StaffPage
      subtitle={t('accountSubtitle')}
      mainClassName="w-full max-w-3xl"
      signIn={{
        title: t('accountSignInTitle'),
        description: t('accountSignInText'),
        icon: UserRound,
      }}
    >
      {(user) => (
        <>
          <Link
            href={paths.home}
            className="inline-flex items-center gap-1.5 justify-self-start rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            <span aria-hidden="true">←</span>
            {t('backToDashboard')}
          </Link>
          <AccountOverview user={user} twoFactor={<TwoFactorCard />} devices={<SignedInDevices owner="staff" />} />
        </>
      )}
    </StaffPage>
  );
}
