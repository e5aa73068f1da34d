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
import { useT, type MessageValues } from '../../lib/i18n/translate';
import { messages } from './messages';

// Written when the page renders: the words follow the language, the amounts the organisation's currency (lib/format.ts).
const features = (t: (key: keyof typeof messages.en, values?: MessageValues) => string) => [
  {
    icon: Trophy,
    title: t('featureTiersTitle'),
    text: t('featureTiersText', { starter: formatCompactCurrency(5_000), legend: formatCompactCurrency(1_000_000) }),
  },
  { icon: BarChart3, title: t('featureBoardsTitle'), text: t('featureBoardsText') },
  { icon: Users, title: t('featureTeamTitle'), text: t('featureTeamText') },
  { icon: ShieldCheck, title: t('featureRolesTitle'), text: t('featureRolesText') },
];

export function LandingPage() {
  const tiers = useTierSettings();
  const { orgName } = useOrgSettings();
  const t = useT(messages);
  const title = t('landingTitle', { orgName });
  useEffect(() => {
    if (orgName === DEFAULT_ORG_SETTINGS.orgName) return;
    const before = document.title;
    document.title = title;
    return () => void (document.title = before);
  }, [orgName, title]);
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 sm:px-6">
        <div className="flex items-center gap-2 text-lg font-bold text-brand-900">
          <Crown className="size-6 text-brand-600" aria-hidden="true" />
          {orgName}
        </div>
        <nav aria-label={t('signInNav')} className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={paths.ownerLogin}>{t('ownerAccess')}</a>
          </Button>
          <Button asChild size="sm">
            <Link href={paths.agentPortal}>{t('agentPortal')}</Link>
          </Button>
        </nav>
      </header>

      <main>
        <section className="mx-auto max-w-6xl px-4 pb-12 pt-8 text-center sm:px-6 sm:pt-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {t('heroTitle')} <span className="text-brand-600">{t('heroHighlight')}</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
            {t('heroText')}
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <a href={paths.ownerLogin}>{t('startTracking')}</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href={paths.agentRegister}>{t('registerAgent')}</Link>
            </Button>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
          <h2 id="features-heading" className="sr-only">
            {t('featuresHeading')}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {features(t).map(({ icon: Icon, title, text }) => (
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
                {t('tiersHeading')}
              </CardTitle>
              <CardDescription>{t('tiersDescription')}</CardDescription>
            </CardHeader>
            <CardContent>
              {tiers.isError ? (
                <p role="alert" className="text-sm text-red-700">
                  {t('tiersError')}
                </p>
              ) : (
                <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy={tiers.isPending}>
                  {(tiers.data ?? []).map((tier) => (
                    <li key={tier.id} className="flex flex-wrap items-center justify-between gap-x-2 rounded-lg border border-slate-200 px-3 py-2">
                      <span className="flex min-w-0 items-center gap-2 font-medium [overflow-wrap:anywhere]">
                        <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: tier.color }} aria-hidden="true" />
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
          <p className="text-slate-700">{t('alreadyOnTeam')}</p>
          <div className="mt-3 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button asChild variant="secondary">
              <Link href={paths.agentPortal}>{t('agentPortal')}</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link href={paths.agentRegister}>{t('registerAgent')}</Link>
            </Button>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">{t('footer')}</footer>
    </div>
  );
}
