import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * Message catalogs (docs/decisions/0093-message-catalogs.md). Each namespace is a folder's `messages/` beside its code:
 * `en.json`, `de.json`, `es.json`, `fr.json`, ICU MessageFormat. The build parses every message into its syntax tree
 * (scripts/vite-message-catalogs.ts), so the screens carry no parser; unit tests, which run without the build, parse
 * the text on first use.
 */
export type Message = string | MessageFormatElement[];

/** A namespace's messages in one language: key to message. */
export type Messages = Readonly<Record<string, Message>>;

/** A namespace: its name (the folder under web/src, "features/agent-dashboard", or "contract/x") and its English messages. */
export interface Catalog<K extends string> {
  readonly namespace: string;
  readonly en: Readonly<Record<K, string>>;
}

/** Names a folder's English catalog; other languages' catalogs are found by path and loaded when chosen. */
export function defineMessages<K extends string>(namespace: string, en: Readonly<Record<K, string>>): Catalog<K> {
  return { namespace, en };
}

/**
 * The namespace of a catalog file's path as import.meta.glob in lib/i18n/catalogs/ names it, relative to that folder
 * ("../../messages/de.json" is "lib", "../../../features/x/messages/de.json" is "features/x").
 */
export function namespaceOfPath(path: string): string {
  const resolved = new URL(path, 'file:///web/src/lib/i18n/catalogs/').pathname;
  // A folder of the screens is named without web/src ("features/x"); one of contract/ with it ("contract/fields").
  const match = /^\/(?:web\/src\/)?(.+)\/messages\/[a-z-]+\.json$/.exec(resolved);
  if (!match) throw new Error(`not a catalog path: ${path}`);
  return match[1]!;
}

/** A language's catalogs by namespace, from a glob of its files. */
export function catalogsByNamespace(files: Record<string, unknown>): Map<string, Messages> {
  return new Map(Object.entries(files).map(([path, messages]) => [namespaceOfPath(path), messages as Messages]));
}
