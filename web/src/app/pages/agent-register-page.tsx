import { ArrowLeft, CheckCircle2, Clock, Gift, LineChart, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { AgentBrandHeader } from '../../components/layouts/agent-brand-header';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import type { RegistrationOutcome } from '../../features/agent-auth/api/agent-register';
import { AgentLoginForm } from '../../features/agent-auth/components/agent-login-form';
import { AgentRegisterForm } from '../../features/agent-auth/components/agent-register-form';
import { RegistrationUnavailable, useRegistrationAccess } from '../../features/agent-auth/components/registration-access';
import { paths } from '../../config/paths';
import { formatThreshold } from '../../lib/format';
import { useT } from '../../lib/i18n/translate';
import { messages } from '../../features/agent-auth/messages';

/** docs/product.md §11.16: the registration page sends the new agent to the portal 3 s after success. */
const REDIRECT_AFTER_MS = 3000;

type Translate = ReturnType<typeof useT<keyof typeof messages.en>>;

// Written when the page renders: the words follow the language shown, the amounts the organisation's currency and
// locale (lib/format.ts).
const benefits = (t: Translate) => [
  { icon: LineChart, title: t('benefitTrackTitle'), text: t('benefitTrackText') },
  {
    icon: Trophy,
    title: t('benefitClimbTitle'),
    text: t('benefitClimbText', { starter: formatThreshold(5_000), legend: formatThreshold(1_000_000) }),
  },
  { icon: Gift, title: t('benefitRewardsTitle'), text: t('benefitRewardsText') },
];

function SignInLink() {
  const t = useT(messages);
  return (
    <>
      {t('alreadyRegistered')}{' '}
      <Link href={paths.agentPortal} className="font-medium text-brand-700 underline underline-offset-4">
        {t('signInToPortal')}
      </Link>
    </>
  );
}

/** /agent-register: agent self-registration, as the owner's sign-up mode allows (an invitation comes as ?invite=). */
export default function AgentRegisterPage() {
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<RegistrationOutcome | null>(null);
  const access = useRegistrationAccess();
  const signedIn = outcome?.kind === 'signed-in';
  const t = useT(messages);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(paths.agentPortal), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  let card;
  if (outcome) {
    card = (
      <CardContent className="grid gap-4 pt-6">
        <div className="grid justify-items-center gap-4 text-center" role="status">
          {outcome.kind === 'awaiting-approval' ? (
            <Clock className="size-12 text-brand-600" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
          )}
          <h2 className="text-2xl font-semibold text-slate-900">{t('registrationSuccessful')}</h2>
          <p className="text-sm text-slate-700">{outcome.message}</p>
          {signedIn && <p className="text-sm text-slate-700">{t('signedInRedirect')}</p>}
        </div>
        {signedIn && (
          <Button asChild className="w-full">
            <Link href={paths.agentPortal}>{t('goToPortal')}</Link>
          </Button>
        )}
        {outcome.kind === 'sign-in-needed' && (
          <section aria-labelledby="register-sign-in-heading" className="grid gap-4 border-t border-slate-200 pt-4">
            <h3 id="register-sign-in-heading" className="text-lg font-semibold text-slate-900">
              {t('signIn')}
            </h3>
            <AgentLoginForm defaultEmail={outcome.email} onSuccess={() => navigate(paths.agentPortal)} />
          </section>
        )}
        {outcome.kind === 'awaiting-approval' && (
          <Button asChild variant="outline" className="w-full">
            <Link href={paths.home}>{t('backToHome')}</Link>
          </Button>
        )}
      </CardContent>
    );
  } else if (access.state === 'loading') {
    card = (
      <CardContent className="pt-6">
        <Spinner label={t('loading')} className="min-h-60" />
      </CardContent>
    );
  } else if (access.state === 'closed' || access.state === 'invitation-required') {
    card = (
      <CardContent className="pt-6">
        <RegistrationUnavailable reason={access.state} signIn={<SignInLink />} />
      </CardContent>
    );
  } else {
    card = (
      <>
        <CardHeader>
          <h2 className="text-xl font-semibold text-slate-900">{t('createYourAccount')}</h2>
          <CardDescription>{t('allFieldsRequired')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <AgentRegisterForm mode={access.mode} invite={access.invite} onSuccess={setOutcome} />
          <p className="text-center text-sm text-slate-700">
            <SignInLink />
          </p>
        </CardContent>
      </>
    );
  }

  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <AgentBrandHeader subtitle={t('registrationSubtitle')}>
        <Button asChild variant="ghost" size="sm">
          <Link href={paths.home}>
            <ArrowLeft aria-hidden="true" />
            {t('backToHome')}
          </Link>
        </Button>
      </AgentBrandHeader>

      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_28rem] lg:items-start lg:py-14">
        <section aria-labelledby="benefits-heading" className="grid gap-6">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t('joinTitle')}</h1>
            <p className="mt-3 max-w-xl text-slate-700">
              {t('joinText')}
            </p>
          </div>
          <h2 id="benefits-heading" className="text-lg font-semibold text-slate-900">
            {t('whyRegister')}
          </h2>
          <ul className="grid gap-4">
            {benefits(t).map(({ icon: Icon, title, text }) => (
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

        <Card>{card}</Card>
      </main>
    </div>
  );
}
