// No zod here: the screens' first script imports this (the choice's schema is in language-choice.ts).

/**
 * The languages TierTrack is written in (docs/product.md §12.22, docs/decisions/0093-message-catalogs.md). A person's
 * choice is kept in users.language and agents.language (null: the organisation's).
 */
export const LANGUAGES = ['en', 'de', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, as a picker offers it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch', es: 'Español', fr: 'Français' };

export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The supported language of a BCP 47 tag ("de-DE" -> "de", "pt-BR" -> undefined). */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  const primary = tag?.split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/**
 * Whose language a page is written in: the person's own choice, else the organisation's locale's language when it is
 * one of ours, else the first of the browser's that is, else English. Signed-out pages pass no choice.
 */
export function resolveLanguage(given: { chosen?: string | null; orgLocale?: string | null; browser?: readonly string[] }): Language {
  if (isLanguage(given.chosen)) return given.chosen;
  const org = languageOfTag(given.orgLocale);
  if (org) return org;
  for (const tag of given.browser ?? []) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The locale numbers, money and dates are written in: the organisation's locale when its language is the reader's
 * (en-US stays en-US), else the reader's language with the organisation's region ("de" in an en-US organisation:
 * "de-US"; "en" in a de-DE one: "en-DE"), so that a German reader sees German words and separators while the
 * organisation's currency and region stay. A region Intl does not know for that language falls back to the language.
 */
export function formattingLocale(language: string, orgLocale: string): string {
  if (languageOfTag(orgLocale) === language) return orgLocale;
  let region: string | undefined;
  try {
    region = new Intl.Locale(orgLocale).region;
  } catch {
    region = undefined;
  }
  const tag = region ? `${language}-${region}` : language;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? language;
  } catch {
    return language;
  }
}

/** A stored language as the API answers it: one of ours, else null (the organisation's). */
export const languageOrNull = (value: unknown): Language | null => (isLanguage(value) ? value : null);
