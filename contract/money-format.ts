import { centsToMoneyString } from './cents';
import { DEFAULT_ORG_SETTINGS, type OrgDisplaySettings } from './org-display';

/** What writing money needs of the organisation's settings. */
export type MoneySettings = Pick<OrgDisplaySettings, 'currency' | 'locale'>;

/**
 * How many decimals: `'when-present'` writes a whole amount without them ("$35,000") and any other with the
 * currency's ("$1,234.50"); `'always'` writes the currency's decimals on every amount ("$10,000.00"), for messages that
 * name the edge of a range.
 */
export type MoneyDecimals = 'when-present' | 'always';

const formats = new Map<string, Intl.NumberFormat>();

function formatFor({ currency, locale }: MoneySettings, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${whole}`;
  let format = formats.get(key);
  if (!format) {
    // At least the currency's own decimals (two for most, none for the yen), at most the two an amount can carry.
    const own = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().minimumFractionDigits ?? 2;
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : own,
      maximumFractionDigits: whole ? 0 : Math.max(own, 2),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The one money formatter: an amount of the API ("35000.00") or integer cents (3500000n) as people read it in the
 * organisation's currency and locale ("$35,000", "35.000 €"). Exact for any amount (a decimal string is never turned
 * into a float). The screens write with the same rules (web/src/lib/format.ts); the server's words (emails, webhook
 * text, validation messages) and the profit calculator's descriptions use this. Without settings: US dollars, en-US.
 */
export function formatMoney(amount: string | bigint, settings: MoneySettings = DEFAULT_ORG_SETTINGS, decimals: MoneyDecimals = 'when-present'): string {
  const text = typeof amount === 'bigint' ? centsToMoneyString(amount) : amount;
  const whole = decimals === 'when-present' && !/\.(?!0+$)\d+$/.test(text);
  return formatFor(settings, whole).format(text as Intl.StringNumericLiteral);
}
