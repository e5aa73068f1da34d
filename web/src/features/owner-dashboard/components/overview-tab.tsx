import type { OwnerDashboard } from '@contract/dashboard';
import { RECENT_ENTRIES_LIMIT } from '@contract/limits';
import type { IncomeEntry } from '@contract/income-entries';
import { Award, CalendarDays, Receipt, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { useRef, type ComponentType, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
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

      <RecentTransactions entries={data.recentEntries.slice(0, RECENT_ENTRIES_LIMIT)} entryAction={entryAction} />
    </section>
  );
}

function RecentTransactions({ entries, entryAction: EntryAction }: { entries: IncomeEntry[]; entryAction?: EntryAction | undefined }) {
  const list = useRef<HTMLUListElement>(null);
  const focusList = () => list.current?.focus();
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
            ref={list}
            aria-labelledby="recent-transactions-heading"
            tabIndex={0}
            className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
          >
            {entries.map((entry) => (
              <TransactionRow key={entry.id} entry={entry} action={EntryAction && <EntryAction entry={entry} focusList={focusList} />} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * One entry. A voided entry stays in the list, struck through with who voided it, when and why; its reversal (a
 * later entry of the opposite amount) names it (docs/product.md §12.11).
 */
function TransactionRow({ entry, action }: { entry: IncomeEntry; action?: ReactNode }) {
  const isAddition = entry.transactionType === 'addition';
  const voided = entry.voidedAt !== null;
  const amount = formatSignedCurrency(entry.amount);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 flex-1 basis-56 grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{entry.agentName}</p>
          {voided && (
            <Badge variant="destructive" className="whitespace-nowrap">
              Voided
            </Badge>
          )}
          {entry.voidsEntryId !== null && (
            <Badge variant="secondary" className="whitespace-nowrap">
              Reversal of entry #{entry.voidsEntryId}
            </Badge>
          )}
        </div>
        <p className={cn('text-right font-semibold tabular-nums', voided ? 'text-slate-600' : isAddition ? 'text-emerald-700' : 'text-red-700')}>
          {/* Screen readers do not announce <del>: the words say it. */}
          <span className="sr-only">
            {isAddition ? 'Addition' : 'Deduction'}
            {voided && ', voided'}:{' '}
          </span>
          {voided ? <del>{amount}</del> : amount}
        </p>
        {entry.description && <p className="col-span-2 break-words text-sm text-slate-700">{entry.description}</p>}
        {entry.voidedAt !== null && (
          <p className="col-span-2 mt-1 whitespace-pre-line rounded-md bg-red-50 px-2 py-1 text-sm text-red-900 [overflow-wrap:anywhere]">
            Voided by {entry.voidedBy} on <time dateTime={entry.voidedAt}>{formatDateTime(entry.voidedAt)}</time>: {entry.voidReason}
          </p>
        )}
        <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          {/* The number its reversal names. */}
          {voided && <span className="whitespace-nowrap">Entry #{entry.id}</span>}
        </p>
        <p className="text-right text-xs text-slate-600 tabular-nums">New total {formatCurrency2(entry.newTotal)}</p>
      </div>
      {/*
        Beside the entry, the actions form a column as wide as a Void button, also on the rows that have none (a voided
        entry, a reversal), so that the amounts line up; under the entry (a narrow screen), an empty one takes no line.
      */}
      {action && <div className="ml-auto flex shrink-0 justify-end empty:hidden sm:min-w-20 sm:empty:flex">{action}</div>}
    </li>
  );
}
