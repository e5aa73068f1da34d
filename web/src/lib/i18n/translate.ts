import { setTextRenderer } from '@contract/i18n';
import { IntlMessageFormat } from 'intl-messageformat';
import { useCallback } from 'react';
import type { Catalog, Message } from './catalog';
import { displayLocale, shownLanguage, shownMessages, useLanguage } from './language';

/** What a message's placeholders take: text, numbers (plural, number), dates (date, time). */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

const compiled = new Map<string, IntlMessageFormat>();

function formatter(message: Message, cacheKey: string, locale: string): IntlMessageFormat {
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  return format;
}

/** A message of a catalog in the language shown now (English where that language lacks it), with its values. */
export function translate<K extends string>(catalog: Catalog<K>, key: K, values?: MessageValues): string {
  const language = shownLanguage();
  const locale = displayLocale();
  const own = shownMessages(catalog.namespace)?.[key];
  const message = own ?? catalog.en[key];
  const result = formatter(message, `${own === undefined ? 'en' : language}|${locale}|${catalog.namespace}|${key}`, locale).format(values);
  return typeof result === 'string' ? result : String(result);
}

/**
 * A component's translator of one catalog: `const t = useT(messages); t('title')`. The component renders again when
 * the language changes. Keys are the catalog's, checked by TypeScript and by the catalog test (lib/i18n/catalogs.test.ts).
 */
export function useT<K extends string>(catalog: Catalog<K>): (key: K, values?: MessageValues) => string {
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language, so memoised children see the change
  return useCallback((key: K, values?: MessageValues) => translate(catalog, key, values), [catalog, language]);
}

// The contract's texts (its schemas' validation messages, contract/i18n.ts) in the language the page shows.
setTextRenderer((catalog, key, values) => translate(catalog as Catalog<string>, key, values));
