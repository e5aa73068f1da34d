import { Eye, KeyRound, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/ui/section-card';
import { useLocation } from 'wouter';
import { AgentBrandHeader } from '../../../components/layouts/agent-brand-header';
import { AgentLogoutButton, TierDashboardLink } from '../../../components/layouts/agent-header-actions';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useMyProfile, useUpdateMyProfile } from '../api/my-profile';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { PublicProfileSetting } from './public-profile-setting';
import { ThemeSwitch } from '../../../components/ui/theme-switch';
import type { Language } from '@contract/languages';
import { useQueryClient } from '@tanstack/react-query';
import { LanguageSetting } from '../../../components/accounts/language-setting';
import { queryKeys } from '../../../lib/query-keys';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * /agent/profile for a signed-in agent (docs/product.md §12.14): name and position, whether other agents and the TV see
 * the name, and the password. `notifications`: the header's bell, `badges`: the badges the agent holds, and `devices`:
 * the signed-in devices, features of their own that the page puts in.
 */
export function AgentProfile({ notifications, badges, devices }: { notifications?: ReactNode; badges?: ReactNode; devices?: ReactNode }) {
  const profile = useMyProfile();
  const [, navigate] = useLocation();
  const t = useT(messages);

  return (
    <>
      <AgentBrandHeader subtitle={t('subtitle')} status={notifications}>
        <TierDashboardLink />
        <ThemeSwitch />
        <AgentLogoutButton variant="ghost" size="sm" onLoggedOut={() => navigate(paths.agentPortal)} />
      </AgentBrandHeader>
      <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-700">{t('intro')}</p>
        </div>
        {profile.isPending ? (
          <Spinner label={t('loading')} className="min-h-40" />
        ) : profile.isError ? (
          <LoadError error={profile.error} fallback={t('loadFailed')} />
        ) : (
          <>
            <SectionCard id="profile-details" icon={UserRound} title={t('detailsTitle')} description={t('detailsDescription')}>
              <ProfileDetailsForm profile={profile.data} />
            </SectionCard>
            {badges}
            <SectionCard id="profile-privacy" icon={Eye} title={t('publicBoardsTitle')} description={t('publicBoardsDescription')}>
              <PublicProfileSetting profile={profile.data} />
            </SectionCard>
            <MyLanguage language={profile.data.language} />
            <SectionCard id="profile-password" icon={KeyRound} title={t('passwordTitle')} description={t('passwordDescription')}>
              <ChangePasswordForm email={profile.data.email} />
            </SectionCard>
            {devices}
          </>
        )}
      </main>
    </>
  );
}

function MyLanguage({ language }: { language: Language | null }) {
  const update = useUpdateMyProfile();
  const queryClient = useQueryClient();
  // The agent's pages follow the session read's language (lib/i18n/session-language.ts): it is read again.
  const save = (choice: Language | null) => update.mutateAsync({ language: choice }).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.agentSession }));
  return <LanguageSetting value={language} save={save} pending={update.isPending} />;
}
