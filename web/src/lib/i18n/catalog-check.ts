import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

// The rules every catalog keeps (docs/decisions/0093-message-catalogs.md), as pure functions over the files' contents,
// so that lib/i18n/catalogs.test.ts can both apply them to the project and show that each one catches its fault.

export type CatalogFiles = Record<string, Record<string, Record<string, string>>>; // namespace -> language -> key -> message

const KINDS: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'text',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
};

/** A message's placeholders, as "name:kind", sorted (a plural with an offset or `selectordinal` is a plural too). */
export function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      const kind = KINDS[element.type];
      if (kind && 'value' in element) found.add(`${element.value}:${kind}`);
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...found].sort();
}

/** Every fault of the catalogs against English: a missing or extra key, a message that does not parse, other placeholders. */
export function catalogFaults(files: CatalogFiles, languages: readonly string[]): string[] {
  const faults: string[] = [];
  for (const [namespace, byLanguage] of Object.entries(files)) {
    const en = byLanguage.en ?? {};
    for (const language of languages) {
      const messages = byLanguage[language];
      if (!messages) {
        faults.push(`${namespace}: no ${language} catalog`);
        continue;
      }
      for (const key of Object.keys(en)) if (!(key in messages)) faults.push(`${namespace}/${language}: key "${key}" is missing`);
      for (const key of Object.keys(messages)) if (!(key in en)) faults.push(`${namespace}/${language}: key "${key}" is not in English`);
      for (const [key, message] of Object.entries(messages)) {
        if (!(key in en)) continue;
        let theirs: string[];
        let ours: string[];
        try {
          theirs = placeholders(message);
          ours = placeholders(en[key]!);
        } catch (error) {
          faults.push(`${namespace}/${language}: key "${key}" is no ICU message (${error instanceof Error ? error.message : String(error)})`);
          continue;
        }
        if (theirs.join() !== ours.join()) faults.push(`${namespace}/${language}: key "${key}" has placeholders ${theirs.join(', ') || 'none'}, English ${ours.join(', ') || 'none'}`);
      }
    }
  }
  return faults;
}

/**
 * The keys a source file uses, by namespace: a translator bound to a catalog (`const t = useT(messages)`,
 * `translator(emailMessages, ...)`, `translate(messages, 'key')`) called with literal keys. `imports` maps the file's
 * local names of catalogs to their namespaces. A call with anything but a literal key is a fault: keys must be found.
 */
export function keysUsed(
  source: string,
  imports: ReadonlyMap<string, string>,
  known: ReadonlyMap<string, ReadonlySet<string>>,
): { used: Map<string, Set<string>>; faults: string[] } {
  const used = new Map<string, Set<string>>();
  const faults: string[] = [];
  const record = (namespace: string, key: string) => used.set(namespace, (used.get(namespace) ?? new Set()).add(key));
  const translators = new Map<string, string>();
  for (const match of source.matchAll(/const (\w+) = (?:useT|translator|emailWords)\((\w+)?/g)) {
    const catalog = match[2] && imports.get(match[2]);
    const namespace = catalog ?? (match[0].includes('emailWords') ? 'contract/emails' : undefined);
    if (namespace) translators.set(match[1]!, namespace);
  }
  // A translator handed to a function (`(t) => t(…)`) of the file's one catalog, and the email catalog's words
  // made for a reader (`emailWords(language, locale)(…)`).
  const only = new Set(imports.values()).size === 1 ? [...imports.values()][0] : undefined;
  if (only) for (const match of source.matchAll(/\((\w+)\) => \1\('([^']+)'/g)) record(only, match[2]!);
  // A file of one catalog names its translator `t` wherever it has one (a parameter, `readers.translatorFor(…)`).
  if (only) for (const match of source.matchAll(/(?<![\w.])t\(\s*'([^']+)'/g)) record(only, match[1]!);
  for (const match of source.matchAll(/emailWords\([^()]*\)\('([^']+)'/g)) record('contract/emails', match[1]!);
  // translate(messages, 'key') on the screens; text(messages, 'key') in contract/ and server/ (contract/i18n.ts).
  for (const match of source.matchAll(/\b(?:translate|text)\(\s*(\w+),\s*'([^']+)'/g)) {
    const namespace = imports.get(match[1]!);
    if (namespace) record(namespace, match[2]!);
  }
  for (const [name, namespace] of translators) {
    for (const match of source.matchAll(new RegExp(`(?<![\\w.])${name}\\(\\s*([^)\\s][^,)]*)`, 'g'))) {
      const argument = match[1]!;
      const literal = /^'([^']+)'$/.exec(argument.trim());
      if (literal) record(namespace, literal[1]!);
      else if (!/^[A-Z_]+\[/.test(argument)) faults.push(`${name}(${argument}): a key that is not written out`);
    }
    // A key chosen from a constant map (`t(KIND_WORDS[kind])`) is written out in the map.
    for (const match of source.matchAll(/'([A-Za-z]\w*)'/g)) if (known.get(namespace)?.has(match[1]!)) record(namespace, match[1]!);
  }
  return { used, faults };
}
