import type { MetricUnit } from '@contract/metrics';
import { formatCount, formatCurrency, formatCurrency2 } from './format';

/**
 * A board's figure of a metric (the API writes every figure with two decimals, counts too): a count as a whole number
 * ("1,204"), money in the organisation's currency, with its decimals (`exact`) or without.
 */
export function formatMetricFigure(unit: MetricUnit, value: string, exact = true): string {
  if (unit === 'count') return formatCount(Math.trunc(Number(value)));
  return exact ? formatCurrency2(value) : formatCurrency(value);
}

/** An activity's value as the API answers it (a count as a number, money as a string), written for a person. */
export const formatActivityValue = (value: number | string): string => (typeof value === 'number' ? formatCount(value) : formatCurrency2(value));
