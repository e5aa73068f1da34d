import { IntlMessageFormat } from 'intl-messageformat';

/**
 * Words that contract/ and server/ give to people: validation messages of the shared schemas and the server's error
 * messages (docs/decisions/0094-texts-in-the-readers-language.md). Each is a key of a catalog, `<folder>/messages/
 * {en,de,es,fr}.json` beside its code as for the screens (decision 0093), made into a `LocalText` that is rendered when
 * it is shown, in the language of whoever reads it: the screens render it in the language they show, the server in
 * the language a request asks for (Accept-Language). Nothing here knows which language that is: each side installs a
 * renderer (web/src/lib/i18n/contract-texts.ts, server/domain/translate.ts); without one, English.
 */

/** A namespace of contract/ or server/: its folder ("contract/fields") and its English messages. */
export interface TextCatalog<K extends string = string> {
  readonly namespace: string;
  readonly en: Readonly<Record<K, unknown>>;
}

/** Names a folder's English catalog; the other languages are found by path (web) or registered (server). */
export function defineTexts<K extends string>(namespace: string, en: Readonly<Record<K, string>>): TextCatalog<K> {
  return { namespace, en };
}

/** What a text's placeholders take: another text (rendered in the same language), text, numbers, dates. */
export type TextValue = string | number | Date | LocalText | null | undefined;
export type TextValues = Readonly<Record<string, TextValue>>;

/** A message of a catalog with its values, not yet in any language; `String(text)` is the English. */
export class LocalText {
  constructor(
    readonly catalog: TextCatalog,
    readonly key: string,
    readonly values?: TextValues,
  ) {}

  toString(): string {
    return renderIn(englishRenderer, this);
  }
}

/** A message to show: a LocalText, or text that is the same in every language (a name, a value, a code). */
export type Text = string | LocalText;

/** `text(messages, 'nameRequired', { max })`: a catalog's message with its values, rendered where it is shown. */
export function text<K extends string>(catalog: TextCatalog<K>, key: K, values?: TextValues): LocalText {
  return new LocalText(catalog, key, values);
}

/** Renders one message of a catalog with plain values; each side has its own (the language it knows of). */
export type TextRenderer = (catalog: TextCatalog, key: string, values: Record<string, string | number | Date | null | undefined> | undefined) => string;

const compiled = new Map<string, IntlMessageFormat>();

/** English, from the catalog's own messages: what renders where no side has installed a renderer, and String(text). */
export const englishRenderer: TextRenderer = (catalog, key, values) => {
  const cacheKey = `${catalog.namespace}|${key}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    // A string on the server and in tests; a syntax tree in the web build (scripts/vite-message-catalogs.ts).
    format = new IntlMessageFormat(catalog.en[key] as ConstructorParameters<typeof IntlMessageFormat>[0], 'en', undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  const result = format.format(values);
  return typeof result === 'string' ? result : String(result);
};

let renderer: TextRenderer = englishRenderer;

/** Installs the renderer of this side (the screens' language, or the server's language of the request). */
export function setTextRenderer(next: TextRenderer): void {
  renderer = next;
}

function renderIn(using: TextRenderer, shown: Text): string {
  if (typeof shown === 'string') return shown;
  let values: Record<string, string | number | Date | null | undefined> | undefined;
  if (shown.values) {
    values = {};
    for (const [name, value] of Object.entries(shown.values)) values[name] = value instanceof LocalText ? renderIn(using, value) : value;
  }
  return using(shown.catalog, shown.key, values);
}

/** A text in the language of the reader now (the installed renderer's). */
export function render(shown: Text): string {
  return renderIn(renderer, shown);
}

/**
 * A zod message that is rendered when the issue is made, so in the reader's language:
 * `z.string(zodText(required))`, `.min(1, zodText(required))`, `.refine(check, zodText(text(messages, 'key')))`.
 */
export function zodText(shown: Text): { error: () => string } {
  return { error: () => render(shown) };
}
