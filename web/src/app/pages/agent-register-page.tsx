import { ArrowLeft, CheckCircle2, Gift, LineChart, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { AgentBrandHeader } from '../../components/layouts/agent-brand-header';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { AgentRegisterForm } from '../../features/agent-auth/components/agent-register-form';
import { paths } from '../../config/paths';

/** Spec section 2 and 9: the registration page sends the new agent to the portal 3 s after success. */
const REDIRECT_AFTER_MS = 3000;

const benefits = [
  { icon: LineChart, title: 'Track your progress', text: 'See your total profit and how far you are from the next of 12 tiers.' },
  { icon: Trophy, title: 'Climb 12 tiers', text: 'From Starter at $5,000 to Legend at $1,000,000, every tier is a milestone.' },
  { icon: Gift, title: 'Claim real rewards', text: 'Pick a reward for every tier you reach and the team ships it to you.' },
];

/** /agent-register: agent self-registration. */
export default function AgentRegisterPage() {
  const [, navigate] = useLocation();
  const [registered, setRegistered] = useState(false);

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => navigate(paths.agentPortal), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [registered, navigate]);

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <AgentBrandHeader subtitle="Agent Registration">
        <Button asChild variant="ghost" size="sm">
          <Link href={paths.home}>
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </AgentBrandHeader>

      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_28rem] lg:items-start lg:py-14">
        <section aria-labelledby="benefits-heading" className="grid gap-6">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Join the team as a sales agent</h1>
            <p className="mt-3 max-w-xl text-slate-700">
              Create your agent account to record your progress, unlock tiers and claim the rewards that come with them.
            </p>
          </div>
          <h2 id="benefits-heading" className="text-lg font-semibold text-slate-900">
            Why register?
          </h2>
          <ul className="grid gap-4">
            {benefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50">
                  <Icon className="size-5 text-brand-600" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="block text-sm text-slate-700">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <Card>
          {registered ? (
            <CardContent className="grid justify-items-center gap-4 pt-6 text-center" role="status">
              <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
              <h2 className="text-2xl font-semibold text-slate-900">Registration Successful!</h2>
              <p className="text-sm text-slate-700">
                Your agent account is ready and you are signed in. Taking you to the Agent Portal in a few seconds...
              </p>
              <Button asChild className="w-full">
                <Link href={paths.agentPortal}>Go to Agent Portal</Link>
              </Button>
            </CardContent>
          ) : (
            <>
              <CardHeader>
                <h2 className="text-xl font-semibold text-slate-900">Create your account</h2>
                <CardDescription>All fields are required.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <AgentRegisterForm onSuccess={() => setRegistered(true)} />
                <p className="text-center text-sm text-slate-700">
                  Already registered?{' '}
                  <Link href={paths.agentPortal} className="font-medium text-brand-700 underline underline-offset-4">
                    Sign in to the Agent Portal
                  </Link>
                </p>
              </CardContent>
            </>
          )}
        </Card>
      </main>
    </div>
  );
}
