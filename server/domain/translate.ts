import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { englishRenderer, setTextRenderer, type TextRenderer } from '../../contract/i18n';
import { formattingLocale, languageOfTag, type Language } from '../../contract/languages';

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
  const say = (key: K, values?: MessageValues): string => {
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
  /** Items as the reader's language lists them: "A and B", "A und B", "A, B et C". */
  const list = (items: readonly string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  return Object.assign(say, { locale, list });
}

/*
 * Texts of contract/ and server/ (contract/i18n.ts; docs/decisions/0094-texts-in-the-readers-language.md): validation
 * and error messages, rendered in the language a request asks for. Their translations are every
 * `contract/**\/messages/<language>.json` and `server/**\/messages/<language>.json`, read once, the first time a text is
 * rendered in that language; the namespace is the folder ("contract/fields").
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TEXT_ROOTS = ['contract', 'server'];

type Translated = Exclude<Language, 'en'>;
const textTranslations = new Map<Translated, Map<string, Readonly<Record<string, string>>>>();

function catalogFiles(dir: string, language: Translated, found: Map<string, Readonly<Record<string, string>>>) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) catalogFiles(full, language, found);
    else if (entry.name === `${language}.json` && path.basename(dir) === 'messages') {
      const namespace = path.relative(REPO_ROOT, path.dirname(dir)).split(path.sep).join('/');
      found.set(namespace, JSON.parse(readFileSync(full, 'utf8')) as Record<string, string>);
    }
  }
  return found;
}

function translationsOf(language: Translated): Map<string, Readonly<Record<string, string>>> {
  let found = textTranslations.get(language);
  if (!found) {
    found = new Map();
    for (const root of TEXT_ROOTS) catalogFiles(path.join(REPO_ROOT, root), language, found);
    textTranslations.set(language, found);
  }
  return found;
}

/** The language texts render in now: English, or the one of the answer being made (inLanguage). */
let current: { language: Language; locale: string } = { language: 'en', locale: 'en' };

/**
 * Runs `make` with texts rendered in `language` (numbers in it with the organisation's region when known), and puts
 * English back. Synchronous on purpose: no other request's work can run between, so nothing else renders in it.
 */
export function inLanguage<T>(language: Language, make: () => T, orgLocale?: string): T {
  if (language === 'en') return make();
  const before = current;
  current = { language, locale: orgLocale ? formattingLocale(language, orgLocale) : language };
  try {
    return make();
  } finally {
    current = before;
  }
}

const serverRenderer: TextRenderer = (catalog, key, values) => {
  const { language, locale } = current;
  if (language === 'en') return englishRenderer(catalog, key, values);
  const own = translationsOf(language).get(catalog.namespace)?.[key];
  if (own === undefined) return englishRenderer(catalog, key, values);
  const cacheKey = `${language}|${locale}|${catalog.namespace}|${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(own, locale, undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  const result = format.format(values);
  return typeof result === 'string' ? result : String(result);
};

setTextRenderer(serverRenderer);

/**
 * The language a request asks for its messages in: the first of Accept-Language's languages (by weight) that is one
 * of ours, else English. The screens send the language they show; other clients may ask, and get English otherwise.
 */
export function requestedLanguage(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return 'en';
  let best: Language = 'en';
  let bestWeight = 0;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag, ...parameters] = part.trim().split(';');
    const language = languageOfTag(tag?.trim());
    if (!language) continue;
    const q = parameters.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (weight > bestWeight) {
      best = language;
      bestWeight = weight;
    }
  }
  return best;
}
