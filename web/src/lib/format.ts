import { centsToMoneyString } from '@contract/cents';
import { getOrgSettings } from './org-settings';
import { displayLocale } from './i18n/language';

/**
 * Every money amount and date the screens show, written in the organisation's currency, in the language shown with the
 * organisation's region (lib/i18n/language.ts displayLocale; by default US dollars, en-US: "$12,345"; a German reader
 * of that organisation: "12.345 $"). Inputs are the API's decimal strings. The formatters are made again only when the
 * settings or the language change.
 */

interface Formatters {
  key: string;
  whole: Intl.NumberFormat;
  /** The currency's own decimals: two for most, none for the yen. */
  minor: Intl.NumberFormat;
  /** The currency's decimals and as many more as an exact amount has (up to six). */
  precise: Intl.NumberFormat;
  signed: Intl.NumberFormat;
  compact: Intl.NumberFormat;
  count: Intl.NumberFormat;
  /** A signed percentage with one decimal: "+12.5%" (en-US), "+12,5 %" (de-DE). */
  growth: Intl.NumberFormat;
  dateTime: Intl.DateTimeFormat;
  dateTimeSeconds: Intl.DateTimeFormat;
  date: Intl.DateTimeFormat;
  monthDay: Intl.DateTimeFormat;
  /** Of a calendar day at noon UTC: the day's name whatever the browser's time zone. */
  calendarDay: Intl.DateTimeFormat;
  symbol: string;
}

let formatters: Formatters | undefined;

function current(): Formatters {
  const { currency } = getOrgSettings();
  const locale = displayLocale();
  const key = `${locale}|${currency}`;
  if (formatters?.key === key) return formatters;
  const money = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, { style: 'currency', currency, ...options });
  const digits = money({}).resolvedOptions().maximumFractionDigits ?? 2;
  const minorOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  formatters = {
    key,
    whole: money({ minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    minor: money(minorOptions),
    precise: money({ minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 6) }),
    signed: money({ ...minorOptions, signDisplay: 'always' }),
    compact: money({ notation: 'compact', maximumFractionDigits: 1 }),
    count: new Intl.NumberFormat(locale),
    growth: new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    dateTime: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
    dateTimeSeconds: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' }),
    date: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
    monthDay: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
    calendarDay: new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    symbol: money({ currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency,
  };
  return formatters;
}

// Intl formats a decimal string exactly (no float rounding) when given as a string.
type Decimal = string | number;
const asIntl = (value: Decimal) => (typeof value === 'number' ? value : (value as Intl.StringNumericLiteral));
const asDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** Zero decimals: "$12,345" (en-US, USD), "12.345 €" (de-DE, EUR). */
export function formatCurrency(value: Decimal): string {
  return current().whole.format(asIntl(value));
}

/** The currency's decimals, for dashboard totals: "$12,345.67". */
export function formatCurrency2(value: Decimal): string {
  return current().minor.format(asIntl(value));
}

/** An exact amount with more decimals than the currency has, written in full: "10.005" -> "$10.005" (before rounding). */
export function formatPreciseCurrency(value: string): string {
  return current().precise.format(asIntl(value));
}

/** Integer cents (a sum the screen made), with the currency's decimals: 123456n -> "$1,234.56". */
export function formatCents(cents: bigint): string {
  return formatCurrency2(centsToMoneyString(cents));
}

/** Thresholds: the currency and thousands separators, cents only when present: "$10,000". */
export function formatThreshold(value: Decimal): string {
  const text = String(value);
  return /\.(?!0+$)\d+$/.test(text) ? current().minor.format(asIntl(value)) : current().whole.format(asIntl(value));
}

/** A signed amount for transaction lists: "+$1,200.00" or "-$300.00". */
export function formatSignedCurrency(value: Decimal): string {
  return current().signed.format(asIntl(value));
}

/** A chart's axis and short figures: "$0", "$950", "$1.2K", "-$300", "$3M". */
export function formatCompactCurrency(value: Decimal): string {
  return current().compact.format(asIntl(value));
}

/** The currency's symbol, for a field's label: "$", "€", "CHF". */
export function currencySymbol(): string {
  return current().symbol;
}

/** A count with the locale's separators: "1,234" (en-US), "1.234" (de-DE). */
export function formatCount(value: number): string {
  return current().count.format(value);
}

/** Short month, day, year, hour and minute: "Nov 22, 2026, 3:04 PM" (en-US). */
export function formatDateTime(value: string | Date): string {
  return current().dateTime.format(asDate(value));
}

/** Short month and day, and the time to the second: "Nov 22, 3:04:05 PM" (en-US), for events seconds apart. */
export function formatDateTimeSeconds(value: string | Date): string {
  return current().dateTimeSeconds.format(asDate(value));
}

/** Short month, day and year: "Nov 22, 2026" (en-US), "22. Nov. 2026" (de-DE). */
export function formatDate(value: string | Date): string {
  return current().date.format(asDate(value));
}

/** Short month and day: "Nov 22" (en-US). */
export function formatMonthDay(value: string | Date): string {
  return current().monthDay.format(asDate(value));
}

/**
 * A growth figure of the API, in percent with one decimal ("12.5", "-3.0"), signed, in the organisation's locale:
 * "+12.5%", "-3.0%" (en-US); "+1.473,9 %" (de-DE). The decimal string is scaled exactly (an exponent, not a division).
 */
export function formatGrowth(growth: string): string {
  return current().growth.format(`${growth}e-2` as Intl.StringNumericLiteral);
}

/**
 * The locale the screens write in, for the few formatters made elsewhere (periods, charts, relative times, date
 * fields): the language shown with the organisation's region (contract/languages.ts formattingLocale), the
 * organisation's own locale when its language is the one shown.
 */
export function orgLocale(): string {
  return displayLocale();
}

/**
 * A local calendar day as the API names it ("2026-12-25"), with its weekday: "Fri, Dec 25, 2026" (en-US). The day is
 * written as it is, never moved through the browser's time zone; anything else is returned unchanged.
 */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return current().calendarDay.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)));
}
