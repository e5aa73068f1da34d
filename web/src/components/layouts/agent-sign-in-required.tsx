import { Lock } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { AgentBrandHeader } from './agent-brand-header';

/** An agent's page shown to someone not signed in (or whose session is gone): a lock, why, and a way to the Agent Portal. */
export function AgentSignInRequired({
  subtitle,
  title,
  message,
  action,
}: {
  /** The header's subtitle, the page's name: "Profile", "Tier Dashboard". */
  subtitle: string;
  title: string;
  message: string;
  /** What the button to the Agent Portal says. */
  action: string;
}) {
  return (
    <>
      <AgentBrandHeader subtitle={subtitle} />
      <main className="mx-auto flex w-full max-w-md px-4 py-16">
        <Card className="w-full">
          <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
              <Lock className="size-6 text-brand-600" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
            <p className="text-sm text-slate-700">{message}</p>
            <Button asChild className="w-full">
              <Link href={paths.agentPortal}>{action}</Link>
            </Button>
          </CardContent>
        </Card>
      </main>
    </>
  );
}
