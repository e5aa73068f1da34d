import { BarChart3, Crown, ShieldCheck, Trophy, Users } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useEffect } from 'react';
import { DEFAULT_ORG_SETTINGS } from '@contract/org-display';
import { useTierSettings } from '../../lib/tier-settings';
import { formatCompactCurrency } from '../../lib/format';
import { useOrgSettings } from '../../lib/org-settings';
import { paths } from '../../config/paths';

// Written when the page renders: the amounts follow the organisation's currency and locale (lib/format.ts).
const features = () => [
  {
    icon: Trophy,
    title: '12-Tier System',
    text: `From Starter at ${formatCompactCurrency(5_000)} to Legend at ${formatCompactCurrency(1_000_000)}, every milestone unlocks rewards your agents can claim.`,
  },
  { icon: BarChart3, title: 'Leaderboards', text: 'A monthly leaderboard ranks agents by income, with medals for the top performers.' },
  { icon: Users, title: 'Team Management', text: 'Add agents, record income and deductions, run the weekly profit calculator and fulfil claims.' },
  { icon: ShieldCheck, title: 'Role-Based Access', text: 'Owners run the team, managers follow performance, agents see their own progress and rewards.' },
];

export function LandingPage() {
  const tiers = useTierSettings();
  const { orgName } = useOrgSettings();
  useEffect(() => {
    if (orgName === DEFAULT_ORG_SETTINGS.orgName) return;
    const before = document.title;
    document.title = `${orgName} · Sales performance and rewards`;
    return () => void (document.title = before);
  }, [orgName]);
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 sm:px-6">
        <div className="flex items-center gap-2 text-lg font-bold text-brand-900">
          <Crown className="size-6 text-brand-600" aria-hidden="true" />
          {orgName}
        </div>
        <nav aria-label="Sign in" className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={paths.ownerLogin}>Owner/Manager Access</a>
          </Button>
          <Button asChild size="sm">
            <Link href={paths.agentPortal}>Agent Portal</Link>
          </Button>
        </nav>
      </header>

      <main>
        <section className="mx-auto max-w-6xl px-4 pb-12 pt-8 text-center sm:px-6 sm:pt-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Sales performance that <span className="text-brand-600">pays off</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
            Agents record profit, climb twelve achievement tiers and claim rewards. Owners and managers see the whole team at a
            glance.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href={paths.ownerLogin}>Start Tracking Today</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href={paths.agentRegister}>Register as New Agent</Link>
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            Features
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {features().map(({ icon: Icon, title, text }) => (
              <Card key={title}>
                <CardHeader>
                  <Icon className="size-8 text-brand-600" aria-hidden="true" />
                  <CardTitle className="text-base">{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>

        <section aria-labelledby="tiers-heading" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          <Card>
            <CardHeader>
              <CardTitle id="tiers-heading" className="text-2xl">
                The 12 tiers
              </CardTitle>
              <CardDescription>Total profit needed to reach each tier.</CardDescription>
            </CardHeader>
            <CardContent>
              {tiers.isError ? (
                <p role="alert" className="text-sm text-red-700">
                  The tiers could not be loaded. Please refresh the page.
                </p>
              ) : (
                <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy={tiers.isPending}>
                  {(tiers.data ?? []).map((tier) => (
                    <li key={tier.id} className="flex items-center justify-between rounded-lg border border-slate-200 px-3 py-2">
                      <span className="flex items-center gap-2 font-medium">
                        <span className="size-3 rounded-full" style={{ backgroundColor: tier.color }} aria-hidden="true" />
                        {tier.name}
                      </span>
                      <span className="font-semibold text-slate-700">{formatCompactCurrency(tier.threshold)}</span>
                    </li>
                  ))}
                  {tiers.isPending &&
                    Array.from({ length: 12 }, (_, i) => <li key={i} className="h-10 animate-pulse rounded-lg bg-slate-100" />)}
                </ol>
              )}
            </CardContent>
          </Card>
        </section>

        <section className="mx-auto max-w-6xl px-4 pb-16 pt-4 text-center sm:px-6">
          <p className="text-slate-700">Already on a team?</p>
          <div className="mt-3 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild variant="secondary">
              <Link href={paths.agentPortal}>Agent Portal</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link href={paths.agentRegister}>Register as New Agent</Link>
            </Button>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">TierTrack · open-source sales performance tracker</footer>
    </div>
  );
}
