import type { OrgDisplaySettings } from '../../contract/settings';

/**
 * An amount of the API ("35000.00") as people read it in the organisation's currency and locale, the way the screens
 * write thresholds (web/src/lib/format.ts formatThreshold): "$35,000", "35.000 €", cents only when there are some.
 * For the words the server writes itself: emails.
 */
export function formatMoney(amount: string, { currency, locale }: Pick<OrgDisplaySettings, 'currency' | 'locale'>): string {
  const digits = /\.(?!0+$)\d+$/.test(amount) ? undefined : 0;
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    ...(digits === 0 ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  });
  // A decimal string is formatted exactly (no float rounding).
  return format.format(amount as Intl.StringNumericLiteral);
}
