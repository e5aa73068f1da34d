// Organisation settings without the schemas (no zod here): the formatting module, the landing page and the settings
// form read these on first screens (docs/decisions/0027: no zod before the first paint).
import { text } from './i18n';
import { messages } from './messages';

export { DEFAULT_ORG_SETTINGS, type OrgDisplaySettings } from './org-display';

export const ORG_NAME_MAX = 80;
/** Longer than any tag a person would choose (language, script, region, a variant or an extension). */
export const LOCALE_TAG_MAX = 64;

/** Offered first in the settings form; any other currency Intl knows can be typed. */
export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'JPY', 'INR', 'SGD', 'HKD', 'ZAR', 'BRL', 'MXN', 'AED'] as const;

/** Offered first in the settings form; any other tag Intl supports can be typed. */
export const COMMON_LOCALES = ['en-US', 'en-GB', 'en-IE', 'en-CA', 'en-AU', 'en-IN', 'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CA', 'es-ES', 'es-MX', 'it-IT', 'nl-NL', 'pt-BR', 'pt-PT', 'sv-SE', 'da-DK', 'nb-NO', 'pl-PL', 'ja-JP'] as const;

/** What a currency or a locale that is not one says, in the reader's language; *_MESSAGE: the English (tests compare it). */
export const CURRENCY_TEXT = text(messages, 'currencyCode');
export const LOCALE_TEXT = text(messages, 'localeTag');
export const CURRENCY_MESSAGE = String(CURRENCY_TEXT);
export const LOCALE_MESSAGE = String(LOCALE_TEXT);

let knownCurrencies: ReadonlySet<string> | undefined;

/**
 * Whether `code` is an ISO 4217 code this runtime's Intl knows (Intl.supportedValuesOf lists the codes in use: 162 on
 * Node 20). Three upper-case letters only: Intl itself would accept any three letters ("ABC") and print them as they
 * are.
 */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (typeof Intl.supportedValuesOf === 'function') {
    knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
    return knownCurrencies.has(code);
  }
  // An older browser: any code its formatter accepts (the server, which decides, always has the list).
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/**
 * The canonical form of a BCP 47 tag that Intl formats numbers and dates in ("de-de" -> "de-DE"), or undefined for a
 * tag that is malformed or whose language Intl does not have ("xx-YY", "not a locale").
 */
export function canonicalLocale(tag: string): string | undefined {
  if (tag.length === 0 || tag.length > LOCALE_TAG_MAX) return undefined;
  let canonical: string | undefined;
  try {
    canonical = Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
  if (!canonical) return undefined;
  const numbers = Intl.NumberFormat.supportedLocalesOf([canonical]);
  const dates = Intl.DateTimeFormat.supportedLocalesOf([canonical]);
  return numbers.length === 1 && dates.length === 1 ? canonical : undefined;
}
