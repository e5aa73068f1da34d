import { MAX_ENTRY_CENTS, centsToMoneyString, parseMoneyToCents } from '../../contract/cents';
import { COUNT_VALUE_MAX, PROFIT_METRIC, type Metric, type MetricUnit } from '../../contract/metrics';
import { ACTIVITY_IMPORT_COLUMNS, activityColumnNamed, type ActivityImportColumn } from '../../contract/csv-columns';
import { ACTIVITY_NOTE_MAX } from '../../contract/metrics';
import { parseImportAmount, type RowImportKind } from './entry-import';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';

/** Profit as a metric: the income entries, built in (docs/decisions/0072-metrics-and-activities.md). */
export const PROFIT: Metric = { key: PROFIT_METRIC, name: 'Profit', unit: 'money', agentsMayRecord: false, active: true, builtIn: true };

const WHOLE = /^\d+$/;

/**
 * An activity's value as sent, for a metric of `unit`, as the exact decimal text stored (numeric(14,2)): a count is a
 * whole number from 1 to COUNT_VALUE_MAX (a number or its digits: a correction is a void, not a negative count);
 * money is as an entry amount (at most two decimals, not zero, a deduction negative). VALIDATION_FAILED otherwise.
 */
export function activityValueText(unit: MetricUnit, value: string | number): string {
  if (unit === 'count') {
    const digits = typeof value === 'number' ? String(value) : value.trim();
    const count = WHOLE.test(digits) ? Number(digits) : NaN;
    if (!Number.isSafeInteger(count) || count < 1 || count > COUNT_VALUE_MAX) {
      throw invalid(text(messages, 'valueWholeCount', { max: COUNT_VALUE_MAX }), 'value');
    }
    return String(count);
  }
  const cents = parseMoneyToCents(value);
  if (cents === null) throw invalid(text(messages, 'valueTwoDecimals'), 'value');
  if (cents === 0n) throw invalid(text(messages, 'valueNotZero'), 'value');
  if (cents > MAX_ENTRY_CENTS || cents < -MAX_ENTRY_CENTS) throw invalid(text(messages, 'valueTooLarge'), 'value');
  return centsToMoneyString(cents);
}

/** A stored value (numeric text) as the API answers it: a whole number for a count, money with two decimals. */
export function activityValueOut(unit: MetricUnit, stored: string): number | string {
  if (unit === 'count') return Number(stored.split('.')[0]);
  return centsToMoneyString(parseMoneyToCents(stored)!);
}

/** A count's cell in an import: a whole number from 1 to COUNT_VALUE_MAX, thousands separated by commas or not. */
function parseImportCount(cell: string): { value: string } | { error: string } {
  const text = cell.trim();
  if (text === '') return { error: 'Value is empty' };
  const plain = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text;
  const count = WHOLE.test(plain) ? Number(plain) : NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > COUNT_VALUE_MAX) {
    return { error: `Value "${text}" is not a whole number from 1 to ${COUNT_VALUE_MAX.toLocaleString('en-US')}` };
  }
  return { value: String(count) };
}

/** The activity file of a metric of `unit`: a value (a count, or money as an entry amount) and a note. */
export function activityImportKind(unit: MetricUnit): RowImportKind<ActivityImportColumn> {
  return {
    columns: ACTIVITY_IMPORT_COLUMNS,
    columnNamed: activityColumnNamed,
    value: {
      column: 'value',
      parse:
        unit === 'count'
          ? parseImportCount
          : (cell) => {
              const amount = parseImportAmount(cell);
              return 'error' in amount ? { error: amount.error.replace(/^Amount/, 'Value') } : { value: amount.amount };
            },
    },
    text: { column: 'note', max: ACTIVITY_NOTE_MAX, label: 'Note' },
    noun: 'activity',
  };
}
