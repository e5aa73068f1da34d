import type { EntryDates, IncomeEntry } from '@contract/income-entries';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatCurrency2, formatDateTime, formatSignedCurrency } from '../../lib/format';
import { useT } from '../../lib/i18n/translate';
import { Badge } from '../ui/badge';
import { PART, withPart } from '../ui/message-part';
import { messages } from './messages';
import { EntryDatesText, type EntryDateOrder } from './entry-dates';

interface IncomeEntryRowProps {
  entry: IncomeEntry & EntryDates;
  /** The row's first words: the agent's name in the owner's list, the kind of entry in the agent's own. */
  title: ReactNode;
  /** The date the list orders by, shown first and named (docs/decisions/0085-entry-dates-in-lists.md). */
  order: EntryDateOrder;
  /** "New total": the agent's total after this entry in the list's order (the running total of deal-date lists). */
  total: string;
  /** What may be done with the entry (the owner's Void), at the end of the row. */
  action?: ReactNode;
}

/**
 * One income entry of a list. A voided entry stays in the list, struck through with who voided it, when and why; its
 * reversal (a later entry of the opposite amount) names it (docs/product.md §12.11).
 */
export function IncomeEntryRow({ entry, title, order, total, action }: IncomeEntryRowProps) {
  const t = useT(messages);
  const isAddition = entry.transactionType === 'addition';
  const voided = entry.voidedAt !== null;
  const amount = formatSignedCurrency(entry.amount);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 flex-1 basis-56 grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{title}</p>
          {voided && (
            <Badge variant="destructive" className="whitespace-nowrap">
              {t('voided')}
            </Badge>
          )}
          {entry.voidsEntryId !== null && (
            <Badge variant="secondary" className="whitespace-nowrap">
              {t('reversalOf', { id: String(entry.voidsEntryId) })}
            </Badge>
          )}
        </div>
        <p className={cn('text-right font-semibold tabular-nums', voided ? 'text-slate-600' : isAddition ? 'text-emerald-700' : 'text-red-700')}>
          {/* Screen readers do not announce <del>: the words say it. */}
          <span className="sr-only">
            {t('amountKind', { kind: isAddition ? 'addition' : 'deduction', voided: voided ? 'yes' : 'no' })}{' '}
          </span>
          {voided ? <del>{amount}</del> : amount}
        </p>
        {entry.description && <p className="col-span-2 break-words text-sm text-slate-700">{entry.description}</p>}
        {entry.voidedAt !== null && (
          <p className="col-span-2 mt-1 whitespace-pre-line rounded-md bg-red-50 px-2 py-1 text-sm text-red-900 [overflow-wrap:anywhere]">
            {withPart(
              t('voidedBy', { name: entry.voidedBy, date: PART, reason: entry.voidReason }),
              <time dateTime={entry.voidedAt}>{formatDateTime(entry.voidedAt)}</time>,
            )}
          </p>
        )}
        {/*
          The dates and the New total share the row's last line, across both columns (so that the amount's column is
          only as wide as the amount); where they do not fit beside each other, the total goes under the dates, still
          at the right.
        */}
        <div className="col-span-2 flex flex-wrap justify-between gap-x-4 gap-y-0.5 text-xs text-slate-600">
          <p className="flex min-w-0 flex-wrap gap-x-3">
            <EntryDatesText entry={entry} order={order} />
            {/* The number its reversal names. */}
            {voided && <span className="whitespace-nowrap">{t('entryNumber', { id: String(entry.id) })}</span>}
          </p>
          <p className="ml-auto text-right tabular-nums">{t('newTotal', { total: formatCurrency2(total) })}</p>
        </div>
      </div>
      {/*
        Beside the entry, the actions form a column as wide as a Void button, also on the rows that have none (a voided
        entry, a reversal), so that the amounts line up; under the entry (a narrow screen), an empty one takes no line.
      */}
      {action && <div className="ml-auto flex shrink-0 justify-end empty:hidden sm:min-w-20 sm:empty:flex">{action}</div>}
    </li>
  );
}
