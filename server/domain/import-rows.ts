import { setImmediate as turn } from 'node:timers/promises';
import { isOwnColumnName, normaliseColumnName } from '../../contract/csv-columns';
import { IMPORT_ERRORS_LISTED, type ImportError } from '../../contract/imports';
import type { CsvTable } from './csv-file';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';

/**
 * Which column of a file's header is which field of an import (entries, agents): header names matched by
 * `columnNamed`, ignored ones (`?ignore=`) left out. 400 naming the column for an unnamed, unknown or repeated one;
 * the caller checks the columns it needs.
 */
export function mapColumns<Column extends string>(
  header: string[],
  ignore: string[],
  known: readonly Column[],
  columnNamed: (name: string) => Column | undefined,
): Partial<Record<Column, number>> {
  const ignored = new Set(ignore.map(normaliseColumnName));
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    if (ignored.has(normaliseColumnName(name))) return;
    const column = columnNamed(name);
    if (!column) {
      throw invalid(
        name.trim() === '' ? text(messages, 'columnUnnamed', { column: String(index + 1) }) : text(messages, 'columnUnknown', { name, known: known.join(', ') }),
        'file',
      );
    }
    const earlier = columns[column];
    if (earlier !== undefined) {
      const earlierName = header[earlier]!;
      if (isOwnColumnName(earlierName, column) && isOwnColumnName(name, column)) throw invalid(text(messages, 'columnTwice', { column, first: String(earlier + 1), second: String(index + 1) }), 'file');
      // Another spelling of the field (a CRM's): say which two, and how to keep one.
      throw invalid(text(messages, 'columnsSameField', { first: String(earlier + 1), firstName: earlierName, second: String(index + 1), secondName: name, column }), 'file');
    }
    columns[column] = index;
  });
  return columns;
}

/** A message quoting a cell is cut to this many characters: a report of 1,000 errors stays small. */
const MESSAGE_MAX = 300;

/**
 * The errors of an import's rows: all counted, the first IMPORT_ERRORS_LISTED listed, each message cut short, and every
 * row with an error noted, listed or not.
 */
export class RowErrors {
  readonly listed: ImportError[] = [];
  private readonly rowsFailed = new Set<number>();
  count = 0;

  /** Every row with an error, in file order. */
  get invalidRows(): number[] {
    return [...this.rowsFailed].sort((a, b) => a - b);
  }

  fail(row: number, column: string, message: string): void {
    this.count++;
    this.rowsFailed.add(row);
    if (this.listed.length >= IMPORT_ERRORS_LISTED) return;
    const short = message.length > MESSAGE_MAX ? `${[...message].slice(0, MESSAGE_MAX - 3).join('')}...` : message;
    this.listed.push({ row, column, message: short });
  }
}

/**
 * The rows of a file that have as many cells as its header, in order (one with more or fewer is an error of its own
 * and left out); the event loop turns every 1,000 rows.
 */
export async function* wholeRows(table: CsvTable, errors: RowErrors): AsyncGenerator<{ row: number; cells: string[] }> {
  for (const [index, entry] of table.rows.entries()) {
    if (index % 1_000 === 999) await turn();
    if (entry.cells.length !== table.header.length) {
      errors.fail(entry.row, '', `This row has ${entry.cells.length} cells; the header has ${table.header.length}`);
      continue;
    }
    yield entry;
  }
}
