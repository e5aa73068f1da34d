import { AgentBrandHeader } from '../../components/layouts/agent-brand-header';
import { AgentSignInRequired } from '../../components/layouts/agent-sign-in-required';
import { Spinner } from '../../components/ui/spinner';
import { AgentProfile } from '../../features/agent-profile/components/agent-profile';
import { ProfileBadges } from '../../features/badges/components/profile-badges';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SignedInDevices } from '../../features/sessions/components/signed-in-devices';
import { useAgentSession } from '../../lib/agent-session';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** /agent/profile: the signed-in agent's profile, otherwise a way to sign in. */
export default function AgentProfilePage() {
  const { agent, isLoading } = useAgentSession();
  const t = useT(messages);
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      {isLoading ? (
        <>
          <AgentBrandHeader subtitle={t('profileSubtitle')} />
          <main>
            <Spinner label={t('loadingAgentSession')} />
          </main>
        </>
      ) : agent ? (
        <AgentProfile notifications={<NotificationBell className="size-9" />} badges={<ProfileBadges />} devices={<SignedInDevices owner="agent" />} />
      ) : (
        <AgentSignInRequired
          subtitle={t('profileSubtitle')}
          title={t('profileSignInTitle')}
          message={t('profileSignInText')}
          action={t('goToPortal')}
        />
      )}
    </div>
  );
}
