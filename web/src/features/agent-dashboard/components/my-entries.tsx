import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { IncomeEntryRow } from '../../../components/entries/income-entry-row';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useT } from '../../../lib/i18n/translate';
import { MY_ENTRIES_PAGE_SIZE, useMyEntries } from '../api/get-my-entries';
import { messages } from '../messages';

/**
 * "My entries": the agent's income entries and deductions by deal date, newest first, a page at a time, each with the
 * agent's total after it in that order (docs/decisions/0085-entry-dates-in-lists.md). A voided entry stays, struck
 * through with who voided it and why, as in the owner's list; its reversal names it.
 */
export function MyEntries() {
  const t = useT(messages);
  const [offset, setOffset] = useState(0);
  const entries = useMyEntries(offset);
  const page = entries.data;
  return (
    <Card role="region" aria-labelledby="my-entries-heading" aria-busy={entries.isFetching}>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="my-entries-heading" className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight text-slate-900">
          <Receipt className="size-5 text-brand-600" aria-hidden="true" />
          {t('myEntries')}
        </h2>
        <CardDescription>{t('myEntriesDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {entries.isError ? (
          <LoadError error={entries.error} fallback={t('entriesLoadFailed')} />
        ) : !page ? (
          <Spinner label={t('loadingEntries')} className="min-h-32" />
        ) : page.total === 0 ? (
          <EmptyState icon={Receipt} title={t('noEntries')} description={t('noEntriesText')} />
        ) : (
          <>
            <ul
              aria-labelledby="my-entries-heading"
              className={cn(
                'divide-y divide-slate-100 rounded-lg border border-slate-200 transition-opacity',
                entries.isPlaceholderData && 'opacity-60',
              )}
            >
              {page.entries.map((entry) => (
                <IncomeEntryRow
                  key={entry.id}
                  entry={entry}
                  title={entry.transactionType === 'addition' ? t('income') : t('deduction')}
                  order="deal"
                  total={entry.runningTotal}
                />
              ))}
            </ul>
            <Pager
              label={t('entriesPages')}
              offset={offset}
              limit={MY_ENTRIES_PAGE_SIZE}
              total={page.total}
              onChange={setOffset}
              disabled={entries.isFetching}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
