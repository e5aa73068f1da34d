import { Receipt, SearchX, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { IncomeEntryRow } from '../../../components/entries/income-entry-row';
import { Button } from '../../../components/ui/button';
import { OffsetPager } from '../../../components/ui/pager';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { DateInput } from '../../../components/ui/date-input';
import { applyDayFilter } from '../../../lib/day-field';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useAgentEntries, type EntryDays } from '../api/get-agent-entries';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * The agent's income entries and deductions by deal date, newest first, a page at a time, narrowed to days when asked,
 * each with the agent's total after it in that order (docs/decisions/0085-entry-dates-in-lists.md). A voided
 * entry stays, struck through with who voided it and why; its reversal names it (as in the overview's list).
 */
export function AgentEntries({ agentId, className }: { agentId: number; className?: string }) {
  const t = useT(messages);
  const id = useId();
  const [days, setDays] = useState<EntryDays>({});
  const [offset, setOffset] = useState(0);
  const fromField = useRef<HTMLInputElement>(null);
  // The server refuses the same (contract/income-entries.ts): said here before asking, in the words of the fields.
  const rangeError = days.from && days.to && days.from > days.to ? t('rangeError') : undefined;
  const entries = useAgentEntries(agentId, days, offset, !rangeError);
  const filtered = Boolean(days.from || days.to);
  // New days start again at the first page.
  const changeDays = (patch: EntryDays) => {
    setDays((current) => ({ ...current, ...patch }));
    setOffset(0);
  };
  const clear = () => {
    changeDays({ from: undefined, to: undefined });
    // The button goes with the dates: the focus moves to the first field rather than being lost.
    fromField.current?.focus();
  };
  const page = entries.data;
  return (
    <Card role="region" aria-labelledby={`${id}-heading`} aria-busy={entries.isFetching} className={cn('min-w-0', className)}>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id={`${id}-heading`} className="text-lg font-semibold leading-tight tracking-tight">
          {t('incomeEntries')}
        </h2>
        <CardDescription>{t('entriesDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {/* One field a line on a phone: side by side, a date field is too narrow for the browser's calendar button. */}
        <div role="search" aria-label={t('filterByDate')} className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[repeat(2,minmax(0,12rem))_auto]">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${id}-from`}>{t('from')}</Label>
            <DateInput
              inputRef={fromField}
              id={`${id}-from`}
              value={days.from ?? ''}
              max={days.to}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? `${id}-range-error` : undefined}
              onChange={applyDayFilter((from) => changeDays({ from }))}
            />
          </div>
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${id}-to`}>{t('to')}</Label>
            <DateInput id={`${id}-to`} value={days.to ?? ''} min={days.from} onChange={applyDayFilter((to) => changeDays({ to }))} />
          </div>
          {filtered && (
            <Button variant="ghost" className="justify-self-start" onClick={clear}>
              <X aria-hidden="true" />
              {t('clearDates')}
            </Button>
          )}
        </div>
        {rangeError ? (
          <p id={`${id}-range-error`} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            {rangeError}
          </p>
        ) : entries.isError ? (
          <LoadError error={entries.error} fallback={t('entriesFailed')} />
        ) : !page ? (
          <Spinner label={t('loadingEntries')} className="min-h-32" />
        ) : page.entries.length === 0 ? (
          filtered ? (
            <EmptyState icon={SearchX} title={t('noEntriesOnDays')} description={t('noEntriesOnDaysText')} />
          ) : (
            <EmptyState icon={Receipt} title={t('noEntries')} description={t('noEntriesText')} />
          )
        ) : (
          <>
            <ul
              aria-labelledby={`${id}-heading`}
              className={cn('divide-y divide-slate-100 rounded-lg border border-slate-200 transition-opacity', entries.isPlaceholderData && 'opacity-60')}
            >
              {page.entries.map((entry) => (
                <IncomeEntryRow key={entry.id} entry={entry} title={entry.transactionType === 'addition' ? t('income') : t('deduction')} order="deal" total={entry.runningTotal} />
              ))}
            </ul>
            <OffsetPager label={t('entriesPages')} noun={t('entriesNoun')} offset={page.offset} shown={page.entries.length} limit={page.limit} nextOffset={page.nextOffset} onChange={setOffset} disabled={entries.isFetching} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
