import type { AuthUser } from '@contract/auth';
import { KeyRound, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/ui/section-card';
import { ChangeStaffPasswordForm } from './change-staff-password-form';
import { useUser } from '../../../lib/auth';
import { LanguageSetting } from '../../../components/accounts/language-setting';
import { useChangeMyLanguage } from '../api/change-my-language';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * /dashboard/account for a signed-in owner or manager: who they are signed in as, their password, and (`twoFactor`
 * and `devices`, features of their own that the page puts in) their second factor and where they are signed in.
 */
export function AccountOverview({ user, twoFactor, devices }: { user: AuthUser; twoFactor?: ReactNode; devices?: ReactNode }) {
  const t = useT(messages);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-slate-700">{t('intro')}</p>
      </div>
      <SectionCard id="account-details" icon={UserRound} title={t('detailsTitle')} description={t('detailsDescription')}>
        <dl className="grid gap-4 sm:grid-cols-3">
          <AccountDetail term={t('name')}>{user.name}</AccountDetail>
          <AccountDetail term={t('email')}>{user.email}</AccountDetail>
          <AccountDetail term={t('role')}>{t('roleName', { role: user.role })}</AccountDetail>
        </dl>
      </SectionCard>
      <SectionCard id="account-password" icon={KeyRound} title={t('passwordTitle')} description={t('passwordDescription')}>
        <ChangeStaffPasswordForm email={user.email} />
      </SectionCard>
      <MyLanguage />
      {twoFactor}
      {devices}
    </div>
  );
}

function MyLanguage() {
  const change = useChangeMyLanguage();
  const { user } = useUser();
  return <LanguageSetting value={user?.language ?? null} save={change.mutateAsync} pending={change.isPending} />;
}

function AccountDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
