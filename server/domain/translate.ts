import { IntlMessageFormat } from 'intl-messageformat';
import { formattingLocale, type Language } from '../../contract/languages';

/** A catalog the server renders: English, whose keys are the catalog's, and the other languages' messages. */
export interface ServerCatalog<K extends string> {
  namespace: string;
  en: Readonly<Record<K, string>>;
  translations: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<string, string>>>>;
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;

const compiled = new Map<string, IntlMessageFormat>();

/**
 * The server's words in a reader's language (docs/decisions/0093-message-catalogs.md): emails, with numbers and dates
 * in that language and the organisation's region (contract/languages.ts formattingLocale). Messages are parsed once
 * per language and kept; a key a language lacks (the catalog test forbids it) falls back to English.
 */
export function translator<K extends string>(catalog: ServerCatalog<K>, language: Language, orgLocale: string) {
  const locale = formattingLocale(language, orgLocale);
  return (key: K, values?: MessageValues): string => {
    const own = language === 'en' ? undefined : catalog.translations[language][key];
    const message = own ?? catalog.en[key];
    const cacheKey = `${own === undefined ? 'en' : language}|${locale}|${catalog.namespace}|${key}`;
    let format = compiled.get(cacheKey);
    if (!format) {
      format = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
      compiled.set(cacheKey, format);
    }
    const result = format.format(values);
    return typeof result === 'string' ? result : String(result);
  };
}
