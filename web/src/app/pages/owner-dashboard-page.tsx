import type { AuthUser } from '@contract/auth';
import type { OwnerDashboard } from '@contract/dashboard';
import { AlertCircle, Award, Cable, Calculator, Flag, Gift, KeyRound, LayoutDashboard, Layers, RotateCw, ScrollText, Settings, Target, Trophy, Tv, Upload, UserCog, UserRound, Users, UsersRound, Webhook } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { StaffBrand, StaffLogoutButton } from '../../components/layouts/staff-header-parts';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { paths } from '../../config/paths';
import { AddIncomeEntryDialog } from '../../features/income-entries/components/add-income-entry-dialog';
import { RecordActivityDialog } from '../../features/metrics/components/record-activity-dialog';
import { VoidEntryDialog } from '../../features/income-entries/components/void-entry-dialog';
import { isAccessDenied, useOwnerDashboard } from '../../features/owner-dashboard/api/get-owner-dashboard';
import { OverviewTab, type EntryActionProps } from '../../features/owner-dashboard/components/overview-tab';
import { LiveIndicator } from '../../components/live/live-status';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useOrgSettings } from '../../lib/org-settings';
import { useMetrics } from '../../lib/metrics';
import { useCanRecord } from '../../lib/authorization';
import { useLedTeamNames } from '../../lib/teams';
import { useMediaQuery } from '../../lib/use-media-query';
import { ThemeSwitch } from '../../components/ui/theme-switch';
import { translate, useT } from '../../lib/i18n/translate';
import { messages } from './messages';

// The overview is the first screen; every other tab is a chunk of its own, fetched when the pointer or the keyboard
// reaches its trigger (not while the dashboard loads: that would compete with the first screen for the CPU).
const tabModules = {
  leaderboard: () => import('../../features/owner-dashboard/components/monthly-leaderboard'),
  goals: () => import('../../features/goals/components/goals-tab'),
  contests: () => import('../../features/contests/components/contests-tab'),
  badges: () => import('../../features/badges/components/badges-tab'),
  agents: () => import('../../features/agents/components/agents-tab'),
  tiers: () => import('../../features/tiers/components/tier-settings-tab'),
  calculator: () => import('../../features/income-entries/components/profit-calculator'),
  claims: () => import('../../features/reward-claims/components/reward-claims-tab'),
  staff: () => import('../../features/staff/components/staff-tab'),
  teams: () => import('../../features/teams/components/teams-tab'),
  tvLinks: () => import('../../features/tv-links/components/tv-links-tab'),
  apiTokens: () => import('../../features/api-tokens/components/api-tokens-tab'),
  imports: () => import('../../features/imports/components/import-tab'),
  webhooks: () => import('../../features/webhooks/components/webhooks-tab'),
  connectors: () => import('../../features/connectors/components/connectors-tab'),
  audit: () => import('../../features/audit/components/audit-tab'),
  settings: () =>
    Promise.all([
      import('../../features/settings/components/settings-tab'),
      import('../../features/metrics/components/metrics-settings'),
      import('../../features/sso/components/company-sign-in-section'),
    ]),
};
const MonthlyLeaderboard = lazy(() => tabModules.leaderboard().then((m) => ({ default: m.MonthlyLeaderboard })));
const GoalsTab = lazy(() => tabModules.goals().then((m) => ({ default: m.GoalsTab })));
const ContestsTab = lazy(() => tabModules.contests().then((m) => ({ default: m.ContestsTab })));
const BadgesTab = lazy(() => tabModules.badges().then((m) => ({ default: m.BadgesTab })));
const AgentsTab = lazy(() => tabModules.agents().then((m) => ({ default: m.AgentsTab })));
const TierSettingsTab = lazy(() => tabModules.tiers().then((m) => ({ default: m.TierSettingsTab })));
const ProfitCalculator = lazy(() => tabModules.calculator().then((m) => ({ default: m.ProfitCalculator })));
const RewardClaimsTab = lazy(() => tabModules.claims().then((m) => ({ default: m.RewardClaimsTab })));
const StaffTab = lazy(() => tabModules.staff().then((m) => ({ default: m.StaffTab })));
const TeamsTab = lazy(() => tabModules.teams().then((m) => ({ default: m.TeamsTab })));
const TvLinksTab = lazy(() => tabModules.tvLinks().then((m) => ({ default: m.TvLinksTab })));
const ApiTokensTab = lazy(() => tabModules.apiTokens().then((m) => ({ default: m.ApiTokensTab })));
const ImportTab = lazy(() => tabModules.imports().then((m) => ({ default: m.ImportTab })));
const WebhooksTab = lazy(() => tabModules.webhooks().then((m) => ({ default: m.WebhooksTab })));
const ConnectorsTab = lazy(() => tabModules.connectors().then((m) => ({ default: m.ConnectorsTab })));
const AuditTab = lazy(() => tabModules.audit().then((m) => ({ default: m.AuditTab })));
// The organisation's settings, its metrics and its company sign-in, one tab: all are the owner's set-up.
const SettingsTab = lazy(() =>
  tabModules.settings().then(([settings, metrics, sso]) => ({
    default: () => (
      <div className="grid gap-6">
        <settings.SettingsTab />
        <div className="max-w-2xl">
          <sso.CompanySignInSection />
        </div>
        <div className="max-w-2xl">
          <metrics.MetricsSettings />
        </div>
      </div>
    ),
  })),
);

/** docs/product.md §11.5: the access-denied redirect waits this long so the toast can be read. */
export const ACCESS_DENIED_REDIRECT_MS = 1000;

/**
 * Every tab, in its group (docs/decisions/0084-dashboard-navigation.md). `ownerOnly`: hidden from managers;
 * `recorders`: shown to a manager too while the owner lets managers record (docs/decisions/0082).
 */
const tabs = [
  { value: 'overview', icon: LayoutDashboard, group: 'performance', ownerOnly: false, load: undefined },
  { value: 'monthly-leaderboard', icon: Trophy, group: 'performance', ownerOnly: false, load: tabModules.leaderboard },
  { value: 'goals', icon: Target, group: 'performance', ownerOnly: false, load: tabModules.goals },
  { value: 'contests', icon: Flag, group: 'performance', ownerOnly: false, load: tabModules.contests },
  { value: 'badges', icon: Award, group: 'performance', ownerOnly: false, load: tabModules.badges },
  { value: 'agents', icon: Users, group: 'people', ownerOnly: false, load: tabModules.agents },
  { value: 'teams', icon: UsersRound, group: 'people', ownerOnly: false, load: tabModules.teams },
  { value: 'staff', icon: UserCog, group: 'people', ownerOnly: true, load: tabModules.staff },
  { value: 'tiers', icon: Layers, group: 'rewards', ownerOnly: false, load: tabModules.tiers },
  { value: 'reward-claims', icon: Gift, group: 'rewards', ownerOnly: 'recorders', load: tabModules.claims },
  { value: 'calculator', icon: Calculator, group: 'rewards', ownerOnly: true, load: tabModules.calculator },
  { value: 'import', icon: Upload, group: 'data', ownerOnly: true, load: tabModules.imports },
  { value: 'api-tokens', icon: KeyRound, group: 'data', ownerOnly: true, load: tabModules.apiTokens },
  { value: 'webhooks', icon: Webhook, group: 'data', ownerOnly: true, load: tabModules.webhooks },
  { value: 'connectors', icon: Cable, group: 'data', ownerOnly: true, load: tabModules.connectors },
  { value: 'tv-links', icon: Tv, group: 'data', ownerOnly: true, load: tabModules.tvLinks },
  { value: 'audit', icon: ScrollText, group: 'data', ownerOnly: true, load: tabModules.audit },
  { value: 'settings', icon: Settings, group: 'settings', ownerOnly: true, load: tabModules.settings },
] as const;

type TabValue = (typeof tabs)[number]['value'];

/** Each tab's name in the language shown ("Overview", "Übersicht"). */
const TAB_NAMES = {
  overview: 'tabOverview',
  'monthly-leaderboard': 'tabLeaderboard',
  goals: 'tabGoals',
  contests: 'tabContests',
  badges: 'tabBadges',
  agents: 'tabAgents',
  teams: 'tabTeams',
  staff: 'tabStaff',
  tiers: 'tabTiers',
  'reward-claims': 'tabClaims',
  calculator: 'tabCalculator',
  import: 'tabImport',
  'api-tokens': 'tabApiTokens',
  webhooks: 'tabWebhooks',
  connectors: 'tabConnectors',
  'tv-links': 'tabTvLinks',
  audit: 'tabAudit',
  settings: 'tabSettings',
} as const satisfies Record<TabValue, keyof typeof messages.en>;

const tabGroups = [{ id: 'performance' }, { id: 'people' }, { id: 'rewards' }, { id: 'data' }, { id: 'settings' }] as const;

/** Each group's name in the language shown. */
const GROUP_NAMES = {
  performance: 'groupPerformance',
  people: 'groupPeople',
  rewards: 'groupRewards',
  data: 'groupData',
  settings: 'groupSettings',
} as const satisfies Record<(typeof tabGroups)[number]['id'], keyof typeof messages.en>;

/** The owner voids an entry from its row (docs/product.md §12.11). */
function VoidEntryAction({ entry, focusList }: EntryActionProps) {
  return <VoidEntryDialog entry={entry} onVoidedFocus={focusList} />;
}

/**
 * "/" for a signed-in owner or manager: the owner dashboard's tabs, each a feature. Managers see the same figures with
 * no control that changes data (each screen asks `useCanEdit`), and none of the owner-only tabs.
 */
export default function OwnerDashboardPage({ user }: { user: AuthUser }) {
  const t = useT(messages);
  const isOwner = user.role === 'owner';
  const { orgName } = useOrgSettings();
  const dashboard = useOwnerDashboard();
  // Read beside the dashboard, not after it: the overview's Record Activity button and the charts' Metric selects
  // depend on the metrics, and appearing once they arrive would move the screen under the reader's eyes.
  const metrics = useMetrics();
  // The figures draw as a transition, in slices that leave the main thread free between them, rather than in the task
  // that received the data (a read's answer re-renders at once, for the whole screen: 160 ms on a slow phone). The
  // first render shows the spinner, then the figures as soon as they are drawn; a later answer (the live stream) keeps
  // the figures shown until the new ones are.
  const data = useDeferredValue(dashboard.data && !metrics.isPending ? dashboard.data : null, null);
  const denied = dashboard.isError && isAccessDenied(dashboard.error);
  const canRecord = useCanRecord();

  useEffect(() => {
    if (!denied) return;
    toast({ title: translate(messages, 'accessDenied'), description: translate(messages, 'accessDeniedText'), variant: 'destructive' });
    const timer = setTimeout(() => window.location.assign(paths.ownerLogin), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied]);

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <StaffBrand orgName={orgName} subtitle={isOwner ? t('ownerDashboard') : <ManagerViewName />} heading />
          <div className="flex items-center gap-3">
            {/* Every tab's figures follow the stream while the dashboard is open. */}
            {!denied && (
              <LiveIndicator reader={{ kind: 'staff' }} contentShown={data !== null} />
            )}
            {/* The account page (password, signed-in devices); on a phone the icon alone, named for screen readers. */}
            <Link
              href={paths.account}
              className="inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 rounded-md px-1.5 text-sm text-slate-700 underline-offset-4 hover:bg-slate-100 hover:text-slate-900 hover:underline"
            >
              <UserRound className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('accountPrefix')} </span>
              <span className="sr-only sm:not-sr-only">
                {user.name} · {t('role', { role: user.role })}
              </span>
            </Link>
            {!denied && <NotificationBell contentShown={data !== null} />}
            <ThemeSwitch />
            <StaffLogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {denied ? (
          <Spinner label={t('redirecting')} />
        ) : dashboard.isError ? (
          <LoadFailure />
        ) : data ? (
          <DashboardTabs data={data} isOwner={isOwner} canRecord={canRecord} />
        ) : (
          <Spinner label={t('loadingDashboard')} />
        )}
      </main>
    </div>
  );
}

function LoadFailure() {
  const t = useT(messages);
  return (
    <Card className="mx-auto mt-8 max-w-md">
      <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
        <AlertCircle className="size-10 text-red-600" aria-hidden="true" />
        <p role="alert" className="font-semibold text-slate-900">
          {t('dashboardFailed')}
        </p>
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          {t('retry')}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The tab is kept in the page's history entry: back from an agent's page (a route of its own), the dashboard opens on
 * the tab it was left on rather than on the overview.
 */
function historyState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/**
 * "Manager view" and the teams it holds, where the owner's header says "Owner Dashboard": a manager sees whose view it
 * is (docs/product.md §3.4). A manager who leads no team sees every team's agents.
 */
function ManagerViewName() {
  const t = useT(messages);
  const led = useLedTeamNames();
  if (!led) return <>{t('managerView')}</>;
  return <>{t('managerViewTeams', { count: led.length, teams: led.join(', ') })}</>;
}

function DashboardTabs({ data, isOwner, canRecord }: { data: OwnerDashboard; isOwner: boolean; canRecord: boolean }) {
  const t = useT(messages);
  const visibleTabs = tabs.filter((item) => isOwner || item.ownerOnly === false || (item.ownerOnly === 'recorders' && canRecord));
  const [chosen, setTab] = useState<TabValue>(() => (historyState().dashboardTab as TabValue | undefined) ?? 'overview');
  // A tab that is not (or no longer) shown, such as Reward Claims after the owner stopped managers recording, gives way
  // to the overview.
  const tab = visibleTabs.some((item) => item.value === chosen) ? chosen : 'overview';
  const chooseTab = (value: string) => {
    setTab(value as TabValue);
    window.history.replaceState({ ...historyState(), dashboardTab: value }, '');
  };
  // A column of groups beside the content on a wide screen; one row that scrolls sideways on a narrower one.
  const wide = useMediaQuery('(min-width: 1024px)');
  return (
    <Tabs value={tab} onValueChange={chooseTab} orientation={wide ? 'vertical' : 'horizontal'} className="lg:grid lg:grid-cols-[12.5rem_minmax(0,1fr)] lg:items-start lg:gap-6">
      <nav aria-label={t('dashboardSections')} className="-mx-4 overflow-x-auto px-4 pb-1 sm:-mx-6 sm:px-6 lg:sticky lg:top-4 lg:mx-0 lg:overflow-visible lg:px-0">
        <div className="flex w-max items-start gap-3 lg:w-auto lg:flex-col lg:gap-4">
          {tabGroups.map((group) => {
            const inGroup = visibleTabs.filter((item) => item.group === group.id);
            if (inGroup.length === 0) return null;
            return (
              <div key={group.id} className="grid gap-1 lg:w-full">
                <span id={`dashboard-group-${group.id}`} className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
                  {t(GROUP_NAMES[group.id])}
                </span>
                <TabsList aria-labelledby={`dashboard-group-${group.id}`} className="flex-nowrap lg:flex lg:flex-col lg:items-stretch">
                  {inGroup.map(({ value, icon: Icon, load }) => (
                    // A tab's code is fetched as the pointer or the focus reaches it, so that the click rarely waits for it.
                    <TabsTrigger key={value} value={value} className="lg:justify-start" onPointerEnter={() => void load?.()} onFocus={() => void load?.()}>
                      <Icon aria-hidden="true" />
                      {t(TAB_NAMES[value])}
                    </TabsTrigger>
                  ))}
                </TabsList>
              </div>
            );
          })}
        </div>
      </nav>
      <div className="min-w-0">
        <TabsContent value="overview" className="lg:mt-0">
          <OverviewTab
            data={data}
            actions={
              <>
                {canRecord && <AddIncomeEntryDialog />}
                <RecordActivityDialog />
              </>
            }
            entryAction={canRecord ? VoidEntryAction : undefined}
          />
        </TabsContent>
        <LazyTab value="monthly-leaderboard">
          <MonthlyLeaderboard firstPage={data.agents} totalAgents={data.overview.totalAgents} monthStart={data.timePeriods.monthly.start} />
        </LazyTab>
        <LazyTab value="goals">
          <GoalsTab />
        </LazyTab>
        <LazyTab value="contests">
          <ContestsTab activeAgents={data.overview.totalAgents} />
        </LazyTab>
        <LazyTab value="badges">
          <BadgesTab />
        </LazyTab>
        <LazyTab value="agents">
          <AgentsTab />
        </LazyTab>
        <LazyTab value="tiers">
          <TierSettingsTab />
        </LazyTab>
        <LazyTab value="teams">
          <TeamsTab />
        </LazyTab>
        {canRecord && (
          <LazyTab value="reward-claims">
            <RewardClaimsTab />
          </LazyTab>
        )}
        {isOwner && (
          <>
            <LazyTab value="calculator">
              <ProfitCalculator />
            </LazyTab>
            <LazyTab value="staff">
              <StaffTab />
            </LazyTab>
            <LazyTab value="tv-links">
              <TvLinksTab />
            </LazyTab>
            <LazyTab value="api-tokens">
              <ApiTokensTab />
            </LazyTab>
            <LazyTab value="import">
              <ImportTab />
            </LazyTab>
            <LazyTab value="webhooks">
              <WebhooksTab />
            </LazyTab>
            <LazyTab value="connectors">
              <ConnectorsTab />
            </LazyTab>
            <LazyTab value="audit">
              <AuditTab />
            </LazyTab>
            <LazyTab value="settings">
              <SettingsTab />
            </LazyTab>
          </>
        )}
      </div>
    </Tabs>
  );
}

function LazyTab({ value, children }: { value: TabValue; children: ReactNode }) {
  const t = useT(messages);
  return (
    <TabsContent value={value} className="lg:mt-0">
      <ErrorBoundary part={t('thisTab')}>
        <Suspense fallback={<Spinner label={t('loading')} className="min-h-40" />}>{children}</Suspense>
      </ErrorBoundary>
    </TabsContent>
  );
}
