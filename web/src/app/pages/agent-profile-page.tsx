import { Lock } from 'lucide-react';
import { Link } from 'wouter';
import { AgentBrandHeader } from '../../components/layouts/agent-brand-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { AgentProfile } from '../../features/agent-profile/components/agent-profile';
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
        <AgentProfile notifications={<NotificationBell className="size-9" />} devices={<SignedInDevices owner="agent" />} />
      ) : (
        <>
          <AgentBrandHeader subtitle="Profile" />
          <main className="mx-auto flex w-full max-w-md px-4 py-16">
            <Card className="w-full">
              <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
                  <Lock className="size-6 text-brand-600" aria-hidden="true" />
                </span>
                <h1 className="text-2xl font-semibold text-slate-900">Sign in to see your profile</h1>
                <p className="text-sm text-slate-700">Your profile is where you change your name, your password and who sees you on the boards.</p>
                <Button asChild className="w-full">
                  <Link href={paths.agentPortal}>Go to the Agent Portal</Link>
                </Button>
              </CardContent>
            </Card>
          </main>
        </>
      )}
    </div>
  );
}
