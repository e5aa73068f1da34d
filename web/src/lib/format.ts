import { centsToMoneyString } from '@contract/cents';

/** Money display of docs/product.md §6: en-US, US dollars. Inputs are the API's decimal strings. */
const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

// Intl formats a decimal string exactly (no float rounding) when given as a string.
type Decimal = string | number;
const asIntl = (value: Decimal) => (typeof value === 'number' ? value : (value as Intl.StringNumericLiteral));

/** Zero decimals: "$12,345". */
export function formatCurrency(value: Decimal): string {
  return whole.format(asIntl(value));
}

/** Two decimals, for dashboard totals: "$12,345.67". */
export function formatCurrency2(value: Decimal): string {
  return twoDecimals.format(asIntl(value));
}

/** Integer cents (a sum the screen made), two decimals: 123456n -> "$1,234.56". */
export function formatCents(cents: bigint): string {
  return formatCurrency2(centsToMoneyString(cents));
}

/** Thresholds: dollar sign and thousands separators, cents only when present: "$10,000". */
export function formatThreshold(value: Decimal): string {
  const text = String(value);
  return /\.(?!0+$)\d+$/.test(text) ? twoDecimals.format(asIntl(value)) : whole.format(asIntl(value));
}

/** A signed amount for transaction lists: "+$1,200" or "-$300". */
export function formatSignedCurrency(value: Decimal): string {
  const text = String(value);
  const negative = text.startsWith('-');
  return `${negative ? '-' : '+'}${formatCurrency2(negative ? text.slice(1) : text)}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Short month, day, year, hour and minute, en-US: "Nov 22, 2026, 3:04 PM". */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(typeof value === 'string' ? new Date(value) : value);
}

const compactCurrency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** A chart's axis: "$0", "$950", "$1.2K", "-$300", "$3M". */
export function formatCompactCurrency(value: number): string {
  return compactCurrency.format(value);
}

const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Short month, day and year, en-US: "Nov 22, 2026". */
export function formatDate(value: string | Date): string {
  return date.format(typeof value === 'string' ? new Date(value) : value);
}

/** A growth figure of the API, in percent with one decimal ("12.5", "-3.0"), signed: "+12.5%", "-3.0%". */
export function formatGrowth(growth: string): string {
  return `${Number(growth) > 0 ? '+' : ''}${growth}%`;
}
