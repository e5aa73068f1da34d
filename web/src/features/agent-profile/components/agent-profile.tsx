import { Eye, KeyRound, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/ui/section-card';
import { useLocation } from 'wouter';
import { AgentBrandHeader } from '../../../components/layouts/agent-brand-header';
import { AgentLogoutButton, TierDashboardLink } from '../../../components/layouts/agent-header-actions';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useMyProfile } from '../api/my-profile';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { PublicProfileSetting } from './public-profile-setting';
import { ThemeSwitch } from '../../../components/ui/theme-switch';

/**
 * /agent/profile for a signed-in agent (docs/product.md §12.14): name and position, whether other agents and the TV see
 * the name, and the password. `notifications`: the header's bell, `badges`: the badges the agent holds, and `devices`:
 * the signed-in devices, features of their own that the page puts in.
 */
export function AgentProfile({ notifications, badges, devices }: { notifications?: ReactNode; badges?: ReactNode; devices?: ReactNode }) {
  const profile = useMyProfile();
  const [, navigate] = useLocation();

  return (
    <>
      <AgentBrandHeader subtitle="Profile" status={notifications}>
        <TierDashboardLink />
        <ThemeSwitch />
        <AgentLogoutButton variant="ghost" size="sm" onLoggedOut={() => navigate(paths.agentPortal)} />
      </AgentBrandHeader>
      <main className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your profile</h1>
          <p className="mt-1 text-slate-700">How you appear to your team, and how you sign in.</p>
        </div>
        {profile.isPending ? (
          <Spinner label="Loading your profile..." className="min-h-40" />
        ) : profile.isError ? (
          <LoadError error={profile.error} fallback="Failed to load your profile" />
        ) : (
          <>
            <SectionCard id="profile-details" icon={UserRound} title="Your details" description="Your name and position as the team sees them.">
              <ProfileDetailsForm profile={profile.data} />
            </SectionCard>
            {badges}
            <SectionCard id="profile-privacy" icon={Eye} title="Public boards" description="Rank cards of other agents and the office TV.">
              <PublicProfileSetting profile={profile.data} />
            </SectionCard>
            <SectionCard id="profile-password" icon={KeyRound} title="Change password" description="Choose a new password to sign in with.">
              <ChangePasswordForm email={profile.data.email} />
            </SectionCard>
            {devices}
          </>
        )}
      </main>
    </>
  );
}
