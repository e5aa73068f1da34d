import { AgentBrandHeader } from '../../components/layouts/agent-brand-header';
import { AgentSignInRequired } from '../../components/layouts/agent-sign-in-required';
import { Spinner } from '../../components/ui/spinner';
import { AgentProfile } from '../../features/agent-profile/components/agent-profile';
import { ProfileBadges } from '../../features/badges/components/profile-badges';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SignedInDevices } from '../../features/sessions/components/signed-in-devices';
import { useAgentSession } from '../../lib/agent-session';

/** /agent/profile: the signed-in agent's profile, otherwise a way to sign in. */
export default function AgentProfilePage() {
  const { agent, isLoading } = useAgentSession();
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      {isLoading ? (
        <>
          <AgentBrandHeader subtitle="Profile" />
          <main>
            <Spinner label="Loading agent session..." />
          </main>
        </>
      ) : agent ? (
        <AgentProfile notifications={<NotificationBell className="size-9" />} badges={<ProfileBadges />} devices={<SignedInDevices owner="agent" />} />
      ) : (
        <AgentSignInRequired
          subtitle="Profile"
          title="Sign in to see your profile"
          message="Your profile is where you change your name, your password and who sees you on the boards."
          action="Go to the Agent Portal"
        />
      )}
    </div>
  );
}
