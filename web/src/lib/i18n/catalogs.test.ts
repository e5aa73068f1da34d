import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@contract/languages';
import { catalogFaults, keysUsed, placeholders, type CatalogFiles } from './catalog-check';
import { pseudoMessage, pseudoText } from './pseudo';
import { IntlMessageFormat } from 'intl-messageformat';

// The catalogs' rules (docs/decisions/0093-message-catalogs.md): every key in every language, no key unused, no key
// used that English lacks, the same placeholders (names and kinds) in every language, and namespaces named by folder.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCE_DIRS = ['web/src', 'server', 'contract'];

function walk(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, found);
    else found.push(full);
  }
  return found;
}
const files = SOURCE_DIRS.flatMap((dir) => walk(path.join(ROOT, dir)));
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** namespace -> language -> messages, for every messages/<language>.json (web/src/x/messages: "x"; contract/x/messages: "contract/x"). */
function readCatalogs(): CatalogFiles {
  const catalogs: CatalogFiles = {};
  for (const file of files) {
    const match = /^(?:web\/src\/)?(.+)\/messages\/([a-z-]+)\.json$/.exec(relative(file));
    if (!match) continue;
    (catalogs[match[1]!] ??= {})[match[2]!] = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  }
  return catalogs;
}
const catalogs = readCatalogs();

/** In each source file, its local names of catalogs (imports of a `messages` folder) and their namespaces. */
function catalogImports(file: string, source: string): Map<string, string> {
  const imports = new Map<string, string>();
  for (const match of source.matchAll(/import \{([^}]+)\} from '([^']*\/messages)'/g)) {
    const folder = relative(path.resolve(path.dirname(file), match[2]!));
    const namespace = folder.replace(/^web\/src\//, '').replace(/\/messages$/, '');
    if (!(namespace in catalogs)) continue;
    for (const part of match[1]!.split(',')) {
      const [, local] = /(?:\w+\s+as\s+)?(\w+)\s*$/.exec(part.trim()) ?? [];
      if (local) imports.set(local, namespace);
    }
  }
  return imports;
}

function usage() {
  const known = new Map(Object.entries(catalogs).map(([namespace, byLanguage]) => [namespace, new Set(Object.keys(byLanguage.en ?? {}))]));
  const used = new Map<string, Set<string>>();
  const faults: string[] = [];
  for (const file of files) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    const imports = catalogImports(file, source);
    if (imports.size === 0 && !source.includes('emailWords(')) continue;
    const found = keysUsed(source, imports, known);
    faults.push(...found.faults.map((fault) => `${relative(file)}: ${fault}`));
    for (const [namespace, keys] of found.used) for (const key of keys) used.set(namespace, (used.get(namespace) ?? new Set()).add(key));
  }
  return { known, used, faults };
}

describe('the message catalogs', () => {
  it('exist for the converted namespaces', () => {
    expect(Object.keys(catalogs)).toEqual(expect.arrayContaining(['app/pages', 'components/layouts', 'contract/emails', 'contract/chat']));
  });

  it('have every key of English in every language, with the same placeholders, and nothing more', () => {
    expect(catalogFaults(catalogs, LANGUAGES)).toEqual([]);
  });

  it('use every key they have, and have every key the code uses', () => {
    const { known, used, faults } = usage();
    expect(faults).toEqual([]);
    const unused = [...known].flatMap(([namespace, keys]) => [...keys].filter((key) => !used.get(namespace)?.has(key)).map((key) => `${namespace}: "${key}" is not used`));
    const missing = [...used].flatMap(([namespace, keys]) => [...keys].filter((key) => !known.get(namespace)?.has(key)).map((key) => `${namespace}: "${key}" is used but not in the English catalog`));
    expect([...unused, ...missing]).toEqual([]);
  });

  it('name each web namespace by its folder', () => {
    for (const file of files.filter((file) => /web\/src\/.+\/messages\/index\.ts$/.test(relative(file)))) {
      const folder = relative(file).replace(/^web\/src\//, '').replace(/\/messages\/index\.ts$/, '');
      expect(readFileSync(file, 'utf8'), relative(file)).toContain(`defineMessages('${folder}', en)`);
    }
  });

  it('name each namespace of contract/ and server/ by its folder', () => {
    const indexes = files.filter((file) => /^(contract|server)\/(.+\/)?messages\/index\.ts$/.test(relative(file)) && !/^contract\/(emails|chat)\//.test(relative(file)));
    expect(indexes.length).toBeGreaterThan(0);
    for (const file of indexes) {
      const folder = relative(file).replace(/\/messages\/index\.ts$/, '');
      expect(readFileSync(file, 'utf8'), relative(file)).toContain(`defineTexts('${folder}', en)`);
    }
  });
});

describe('the catalog checks fail on each fault, naming the key', () => {
  const good = { en: { greet: 'Hello {name}', count: '{n, plural, one {# entry} other {# entries}}' }, de: { greet: 'Hallo {name}', count: '{n, plural, one {# Eintrag} other {# Einträge}}' } };
  it('a key missing in a language', () => {
    expect(catalogFaults({ x: { ...good, de: { greet: 'Hallo {name}' } } }, ['de'])).toEqual(['x/de: key "count" is missing']);
  });
  it('a key only in a translation', () => {
    expect(catalogFaults({ x: { ...good, de: { ...good.de, extra: 'Mehr' } } }, ['de'])).toEqual(['x/de: key "extra" is not in English']);
  });
  it('placeholders of another name or kind', () => {
    expect(catalogFaults({ x: { ...good, de: { greet: 'Hallo {nom}', count: '{n, number} Einträge' } } }, ['de'])).toEqual([
      'x/de: key "greet" has placeholders nom:text, English name:text',
      'x/de: key "count" has placeholders n:number, English n:plural',
    ]);
  });
  it('a message that is no ICU message', () => {
    expect(catalogFaults({ x: { ...good, de: { ...good.de, greet: 'Hallo {name' } } }, ['de'])[0]).toContain('key "greet" is no ICU message');
  });
  it('keys used and unused, and keys not written out', () => {
    const source = "import { messages } from './messages';\nconst t = useT(messages);\nt('greet');\nt(`x${y}`);";
    const found = keysUsed(source, new Map([['messages', 'x']]), new Map([['x', new Set(['greet', 'count'])]]));
    expect([...found.used.get('x')!]).toEqual(['greet']);
    expect(found.faults).toEqual(['t(`x${y}`): a key that is not written out']);
  });
  it('placeholders of nested plurals and selects', () => {
    expect(placeholders('{status, select, a {{n, plural, other {# at {when, date}}}} other {}}')).toEqual(['n:plural', 'status:select', 'when:date']);
  });
});

describe('the pseudo-locale', () => {
  it('accents, lengthens by about 40% and brackets English, keeping placeholders', () => {
    const english = 'Sign in to see your profile';
    const pseudo = new IntlMessageFormat(pseudoMessage(english), 'en').format() as string;
    expect(pseudo.startsWith('[') && pseudo.endsWith(']')).toBe(true);
    expect(pseudo.length / english.length).toBeGreaterThan(1.3);
    expect(pseudo).not.toMatch(/[a-z]{3}/);
    expect(new IntlMessageFormat(pseudoMessage('{n, plural, one {# entry} other {# entries}}'), 'en').format({ n: 3 })).toBe(`[3 ${pseudoText('entries')}]`);
  });
});
