import type { OwnerDashboard } from '@contract/dashboard';
import { RECENT_ENTRIES_LIMIT } from '@contract/limits';
import type { IncomeEntry } from '@contract/income-entries';
import { Award, CalendarDays, Receipt, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { cn } from '../../../lib/cn';
import { formatCurrency2, formatDateTime, formatSignedCurrency } from '../../../lib/format';
import { EXPORT_PATHS } from '@contract/exports';
import { ExportButton } from '../../../components/ui/export-button';

interface Stat {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
}

/** The dashboard's first screen; `actions` (the owner's Add Income Entry) stand beside its heading. */
export function OverviewTab({ data, actions }: { data: OwnerDashboard; actions?: ReactNode }) {
  const stats: Stat[] = [
    { label: 'Total Agents', value: data.overview.totalAgents.toLocaleString('en-US'), hint: 'Active sales agents', icon: Users },
    { label: 'Weekly Income', value: formatCurrency2(data.timePeriods.weekly.income), hint: "This week's total", icon: CalendarDays },
    { label: 'Monthly Income', value: formatCurrency2(data.timePeriods.monthly.income), hint: "This month's total", icon: TrendingUp },
    {
      label: 'New Tier Achievements',
      value: data.overview.newTierAchievements.toLocaleString('en-US'),
      hint: 'Agents promoted this month',
      icon: Award,
    },
  ];

  return (
    <section aria-labelledby="overview-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading id="overview-heading" title="Overview" description="How the team is doing this week and this month.">
        {actions}
      </SectionHeading>

      <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {stats.map(({ label, value, hint, icon: Icon }) => (
          <Card key={label} className="p-4 sm:p-5">
            <dt className="flex items-start justify-between gap-2 text-sm font-medium text-slate-700">
              {label}
              <Icon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            </dt>
            <dd className="mt-2">
              <span className="block text-lg font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl">{value}</span>
              <span className="mt-1 block text-xs text-slate-600">{hint}</span>
            </dd>
          </Card>
        ))}
      </dl>

      <RecentTransactions entries={data.recentEntries.slice(0, RECENT_ENTRIES_LIMIT)} />
    </section>
  );
}

function RecentTransactions({ entries }: { entries: IncomeEntry[] }) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid gap-1.5">
          <CardTitle id="recent-transactions-heading">Recent Transactions</CardTitle>
          <CardDescription>The latest income entries and deductions.</CardDescription>
        </div>
        <ExportButton href={EXPORT_PATHS.incomeEntries} label="Export all entries" what="every income entry" />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {entries.length === 0 ? (
          <EmptyState icon={Receipt} title="No transactions yet" description="Start adding profit entries to see activity" />
        ) : (
          // Keyboard users can scroll the list, hence the tab stop.
          <ul
            aria-labelledby="recent-transactions-heading"
            tabIndex={0}
            className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
          >
            {entries.map((entry) => (
              <TransactionRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function TransactionRow({ entry }: { entry: IncomeEntry }) {
  const isAddition = entry.transactionType === 'addition';
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 px-4 py-3">
      <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{entry.agentName}</p>
      <p className={cn('text-right font-semibold tabular-nums', isAddition ? 'text-emerald-700' : 'text-red-700')}>
        <span className="sr-only">{isAddition ? 'Addition' : 'Deduction'}: </span>
        {formatSignedCurrency(entry.amount)}
      </p>
      {entry.description && <p className="col-span-2 break-words text-sm text-slate-700">{entry.description}</p>}
      <p className="text-xs text-slate-600">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
      <p className="text-right text-xs text-slate-600 tabular-nums">New total {formatCurrency2(entry.newTotal)}</p>
    </li>
  );
}
