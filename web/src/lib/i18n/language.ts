import { formattingLocale, LANGUAGES, resolveLanguage, type Language } from '@contract/languages';
import { useSyncExternalStore } from 'react';
import { setAnswerLanguage } from '../api-client';
import { getOrgSettings, subscribeOrgSettings } from '../org-settings';
import type { Messages } from './catalog';

/**
 * The language of this page (docs/product.md §12.22): the signed-in person's choice, else the organisation's locale's
 * language, else the browser's, else English (contract/languages.ts resolveLanguage). English is in every page's
 * code; another language's catalogs are one chunk loaded when it is needed, and the page switches to it once it has
 * arrived, so no screen shows keys or half a language. `pseudo` is the test locale (?lang=pseudo), never offered.
 */
export type UiLanguage = Language | 'pseudo';

const PSEUDO_TAG = 'en-XA';

type LanguageCatalogs = Map<string, Messages>;
const loaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<{ default: LanguageCatalogs }>> = {
  de: () => import('./catalogs/de'),
  es: () => import('./catalogs/es'),
  fr: () => import('./catalogs/fr'),
  pseudo: () => import('./catalogs/pseudo'),
};

const loaded = new Map<UiLanguage, LanguageCatalogs>([['en', new Map()]]);
const loading = new Map<UiLanguage, Promise<void>>();
const listeners = new Set<() => void>();

/** The person's own choice, once a session read has told it (null: none, follow the organisation). */
let chosen: Language | null = null;
let shown: UiLanguage = 'en';

function pseudoAsked(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    const asked = new URLSearchParams(window.location.search).get('lang');
    if (asked === 'pseudo') sessionStorage.setItem('tiertrack-lang', 'pseudo');
    else if (asked !== null) sessionStorage.removeItem('tiertrack-lang');
    return sessionStorage.getItem('tiertrack-lang') === 'pseudo';
  } catch {
    return false;
  }
}
const pseudo = pseudoAsked();

/** The language the page should be in now (it is shown once its catalogs have loaded). */
export function wantedLanguage(): UiLanguage {
  if (pseudo) return 'pseudo';
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return resolveLanguage({ chosen, orgLocale: getOrgSettings().locale, browser });
}

function setHtmlLang(language: UiLanguage) {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'pseudo' ? PSEUDO_TAG : language;
  // The server's error messages in the same language (the pseudo-locale is made from English).
  setAnswerLanguage(language === 'pseudo' ? 'en' : language);
}

function show(language: UiLanguage) {
  setHtmlLang(language);
  if (language === shown) return;
  shown = language;
  for (const listener of listeners) listener();
}

/** Loads the wanted language's catalogs (at most once) and shows it; resolves when it is shown. */
export function followWantedLanguage(): Promise<void> {
  const wanted = wantedLanguage();
  if (loaded.has(wanted)) {
    show(wanted);
    return Promise.resolve();
  }
  let promise = loading.get(wanted);
  if (!promise) {
    promise = loaders[wanted as Exclude<UiLanguage, 'en'>]().then(
      (module) => void loaded.set(wanted, module.default),
      (error: unknown) => {
        loading.delete(wanted);
        throw error;
      },
    );
    loading.set(wanted, promise);
  }
  // A language asked for meanwhile wins; a chunk that fails to load leaves the page in the language it shows.
  return promise.then(
    () => {
      if (wantedLanguage() === wanted) show(wanted);
    },
    () => undefined,
  );
}

/** A session read told the person's choice (null: the organisation's): the page follows it. */
export function applyChosenLanguage(language: string | null | undefined): void {
  const next = (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : null;
  if (next === chosen) return;
  chosen = next;
  void followWantedLanguage();
}

subscribeOrgSettings(() => void followWantedLanguage());

export function shownLanguage(): UiLanguage {
  return shown;
}

/** A loaded catalog of the language shown (undefined for English, whose messages are the code's own). */
export function shownMessages(namespace: string): Messages | undefined {
  return loaded.get(shown)?.get(namespace);
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The language shown, rendering the calling component again when it changes. */
export function useLanguage(): UiLanguage {
  return useSyncExternalStore(subscribeLanguage, shownLanguage, shownLanguage);
}

/**
 * The locale that numbers, money and dates are written in: the language shown with the organisation's region
 * (contract/languages.ts formattingLocale); the pseudo-locale writes them as English does.
 */
export function displayLocale(): string {
  return formattingLocale(shown === 'pseudo' ? 'en' : shown, getOrgSettings().locale);
}

setHtmlLang(shown);
