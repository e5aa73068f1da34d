// docs/decisions/README.md: every record carries the date and status its index row shows, and every record is listed
// once (issue 32: one decision per record, with the date and status the index already shows).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '../../docs/decisions');
const RECORD = /^\d{4}-.*\.md$/;

interface IndexRow {
  file: string;
  date: string;
  status: string;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const withoutBrackets = (text: string) => squash(text.replace(/\([^)]*\)/g, ''));

function indexRows(): IndexRow[] {
  const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
  return [...readme.matchAll(/^\| \[\d{4}\]\(([^)]+)\) \|.*\| (\d{4}-\d{2}-\d{2}) \| ([^|]+) \|$/gm)].map((match) => ({
    file: match[1]!,
    date: match[2]!,
    status: squash(match[3]!),
  }));
}

/** The record's `Date:` line and its `Status:` paragraph (which may wrap). */
function header(file: string): { date: string | undefined; status: string | undefined } {
  const text = readFileSync(join(DIR, file), 'utf8');
  const status = /^Status: ((?:.+\n)+)/m.exec(text)?.[1];
  return { date: /^Date: (.+)$/m.exec(text)?.[1]?.trim(), status: status === undefined ? undefined : squash(status) };
}

describe('decision records', () => {
  const rows = indexRows();

  it('lists every record in the index once', () => {
    const records = readdirSync(DIR).filter((name) => RECORD.test(name)).sort();
    expect(rows.map((row) => row.file).sort()).toEqual(records);
  });

  it.each(indexRows().map((row) => [row.file, row]))('%s has the date and status of its index row', (_file, row) => {
    const { date, status } = header(row.file);
    expect(date).toBe(row.date);
    // The record may say more in brackets (how a later record amended it); the rest is the same words.
    expect(withoutBrackets(status ?? '')).toBe(withoutBrackets(row.status));
    for (const said of row.status.match(/\([^)]*\)/g) ?? []) expect(status).toContain(said);
  });
});
