// docs/architecture.md leads a newcomer from a screen to a table: every file or folder it names must exist, and every
// table it names must be one of server/db/schema.ts (issue 32).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const code = [...doc.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

/** Backticked words that are paths of this repository (they start with one of its top folders). */
const paths = [...new Set(code.map((text) => text.split(' ')[0]!).filter((text) => /^(server|web|contract|scripts|tests|docs)\/[\w./-]*$/.test(text)))];
const tables = new Set([...readFileSync(join(ROOT, 'server/db/schema.ts'), 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)].map((match) => match[1]!));

describe('docs/architecture.md', () => {
  it('names paths (a guard that this test reads the table)', () => {
    expect(paths.length).toBeGreaterThan(100);
  });

  it.each(paths)('%s exists', (path) => {
    expect(existsSync(join(ROOT, path))).toBe(true);
  });

  it('names only tables the schema has', () => {
    const rows = doc.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| area') && !line.startsWith('|---'));
    const named = rows.flatMap((row) => {
      const cells = row.split(' | ');
      return [...(cells[cells.length - 1] ?? '').matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!);
    });
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((table) => !tables.has(table))).toEqual([]);
  });
});
