import type { OwnerDashboard } from '@contract/dashboard';
import { RECENT_ENTRIES_LIMIT } from '@contract/limits';
import type { IncomeEntry, RecordedIncomeEntry } from '@contract/income-entries';
import { Award, CalendarDays, Receipt, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useRef, type ComponentType, type ReactNode } from 'react';
import { WhenNearViewport } from '../../../components/ui/when-near-viewport';
import { AgentDetailLink } from '../../../components/agents/agent-detail-link';
import { IncomeEntryRow } from '../../../components/entries/income-entry-row';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatCurrency2 } from '../../../lib/format';
import { EXPORT_PATHS } from '@contract/exports';
import { ExportButton } from '../../../components/ui/export-button';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The charts come in a chunk of their own, fetched once the overview is on screen: its first paint does not wait for them.
const OverviewInsight = lazy(() => import('./overview-insight').then((m) => ({ default: m.OverviewInsight })));

interface Stat {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
}

export interface EntryActionProps {
  entry: IncomeEntry;
  /** Takes the focus to the list, for when the control that had it is gone (a voided entry has no Void button). */
  focusList: () => void;
}
/** What the owner may do with one entry of the list (void it), at the end of its row; it renders nothing where it does not apply. */
export type EntryAction = ComponentType<EntryActionProps>;

interface OverviewTabProps {
  data: OwnerDashboard;
  /** The owner's Add Income Entry, beside the heading. */
  actions?: ReactNode;
  entryAction?: EntryAction | undefined;
}

/** The dashboard's first screen. */
export function OverviewTab({ data, actions, entryAction }: OverviewTabProps) {
  const t = useT(messages);
  const stats: Stat[] = [
    { label: t('totalAgents'), value: formatCount(data.overview.totalAgents), hint: t('totalAgentsHint'), icon: Users },
    { label: t('weeklyIncome'), value: formatCurrency2(data.timePeriods.weekly.income), hint: t('weeklyIncomeHint'), icon: CalendarDays },
    { label: t('monthlyIncome'), value: formatCurrency2(data.timePeriods.monthly.income), hint: t('monthlyIncomeHint'), icon: TrendingUp },
    {
      label: t('newTierAchievements'),
      value: formatCount(data.overview.newTierAchievements),
      hint: t('newTierAchievementsHint'),
      icon: Award,
    },
  ];

  return (
    <section aria-labelledby="overview-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading id="overview-heading" title={t('overview')} description={t('overviewDescription')}>
        {actions}
      </SectionHeading>

      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {stats.map(({ label, value, hint, icon: Icon }) => (
          <Card key={label} className="min-w-0 p-4 sm:p-5">
            <dt className="flex items-start justify-between gap-2 text-sm font-medium text-slate-700">
              <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">{label}</span>
              <Icon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            </dt>
            <dd className="mt-2">
              <span className="block text-base font-bold tracking-tight text-slate-900 tabular-nums [overflow-wrap:anywhere] sm:text-2xl">{value}</span>
              <span className="mt-1 block text-xs text-slate-600">{hint}</span>
            </dd>
          </Card>
        ))}
      </dl>

      {/* Below the cards: loaded when scrolled near, so that the first screen does not wait for the charts and their reads. */}
      <WhenNearViewport placeholder={<Spinner label={t('loadingCharts')} className="min-h-72" />}>
        <Suspense fallback={<Spinner label={t('loadingCharts')} className="min-h-72" />}>
          <OverviewInsight />
        </Suspense>
      </WhenNearViewport>

      <RecentTransactions entries={data.recentEntries.slice(0, RECENT_ENTRIES_LIMIT)} entryAction={entryAction} />
    </section>
  );
}

/**
 * What just happened: the latest entries by when they were recorded, each with its deal's day when that is another
 * day, and New total as it was just after it was recorded (docs/decisions/0085-entry-dates-in-lists.md).
 */
function RecentTransactions({ entries, entryAction: EntryAction }: { entries: RecordedIncomeEntry[]; entryAction?: EntryAction | undefined }) {
  const t = useT(messages);
  const list = useRef<HTMLUListElement>(null);
  const focusList = () => list.current?.focus();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid gap-1.5">
          <CardTitle id="recent-transactions-heading">{t('recentTransactions')}</CardTitle>
          <CardDescription>{t('recentTransactionsDescription')}</CardDescription>
        </div>
        <ExportButton href={EXPORT_PATHS.incomeEntries} label={t('exportAllEntries')} what={t('exportAllEntriesWhat')} />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {entries.length === 0 ? (
          <EmptyState icon={Receipt} title={t('noTransactions')} description={t('noTransactionsText')} />
        ) : (
          // Keyboard users can scroll the list, hence the tab stop. Positioned, so that the rows' screen-reader-only
          // text (absolutely positioned) scrolls and clips with them instead of lengthening the page below the list.
          <ul
            ref={list}
            aria-labelledby="recent-transactions-heading"
            tabIndex={0}
            className="relative max-h-[28rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
          >
            {entries.map((entry) => (
              <IncomeEntryRow
                key={entry.id}
                entry={entry}
                title={<AgentDetailLink agentId={entry.agentId}>{entry.agentName}</AgentDetailLink>}
                order="recorded"
                total={entry.newTotal}
                action={EntryAction && <EntryAction entry={entry} focusList={focusList} />}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
