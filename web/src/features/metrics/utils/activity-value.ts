import type { MetricUnit } from '@contract/metrics';
import { formatCount } from '../../../lib/format';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The largest count recorded at once (COUNT_VALUE_MAX of contract/metrics.ts, kept here: that module brings zod). */
const COUNT_MAX = 1_000_000;

/** What is wrong with a value typed for a metric of this unit, or undefined (the server checks the same). */
export function activityValueError(unit: MetricUnit, value: string): string | undefined {
  const text = value.trim();
  if (text === '') return translate(messages, 'enterValue');
  if (unit === 'count') {
    const count = /^\d+$/.test(text) ? Number(text) : NaN;
    return Number.isSafeInteger(count) && count >= 1 && count <= COUNT_MAX ? undefined : translate(messages, 'wholeNumber', { max: formatCount(COUNT_MAX) });
  }
  return /^-?\d+(\.\d{1,2})?$/.test(text) && Number(text) !== 0 ? undefined : translate(messages, 'moneyValue');
}
