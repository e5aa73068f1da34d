import { Lock } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { AgentBrandHeader } from '../../../components/layouts/agent-brand-header';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';

/** docs/product.md §11.14: what the tier dashboard shows when the tier data cannot be read. */
export function AuthenticationRequired() {
  return (
    <>
      <AgentBrandHeader subtitle="Tier Dashboard" />
      <main className="mx-auto flex w-full max-w-md px-4 py-16">
        <Card className="w-full">
          <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
              <Lock className="size-6 text-brand-600" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-semibold text-slate-900">Authentication Required</h1>
            <p className="text-sm text-slate-700">Please log in to access your tier dashboard</p>
            <Button asChild className="w-full">
              <Link href={paths.agentPortal}>Login to Continue</Link>
            </Button>
          </CardContent>
        </Card>
      </main>
    </>
  );
}
