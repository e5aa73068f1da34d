import { csvLines, text, UTF8_BOM, type CsvCell } from '@contract/csv';
import type { ImportReport } from '@contract/imports';
import { translate } from '../../../lib/i18n/translate';
import { messages as catalog } from '../messages';
import { csvRecords, readCsvHeader } from './csv-header';

/** The column the rejected rows' file adds: why each row was left out (in the language shown; never read as a field). */
export const rejectedErrorsColumn = () => translate(catalog, 'rejectedColumn');

/** A plain number ("-250.50", "1250"): written as it is, where any other text is neutralised against formulas. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const cellOf = (value: string): CsvCell => (PLAIN_NUMBER.test(value) ? { number: value } : text(value));

/**
 * The rows of a checked file that have errors, as a CSV file to fix and import again: the file's own header and cells
 * (formulas neutralised as the exports do: contract/csv.ts) and a last column with each row's errors. A row beyond the
 * errors a report lists (IMPORT_ERRORS_LISTED) still comes back, said to have an error.
 */
export async function rejectedRowsCsv(file: Blob, report: Pick<ImportReport, 'errors' | 'invalidRows'>, originalNames: Map<string, string>): Promise<{ csv: string; rows: number }> {
  const header = await readCsvHeader(file);
  const body = new TextDecoder('utf-8').decode(await file.arrayBuffer());
  const rejected = new Set(report.invalidRows ?? report.errors.map((error) => error.row));
  const messages = new Map<number, string[]>();
  for (const error of report.errors) {
    const column = error.column === '' ? '' : `${originalNames.get(error.column) ?? error.column}: `;
    messages.set(error.row, [...(messages.get(error.row) ?? []), `${column}${error.message}`]);
  }
  const lines: CsvCell[][] = [[...header.names.map(text), text(rejectedErrorsColumn())]];
  for (const { row, cells } of csvRecords(body, header.delimiter)) {
    if (!rejected.has(row)) continue;
    const why = messages.get(row)?.join('; ') ?? translate(catalog, 'rejectedRowError');
    lines.push([...cells.map(cellOf), text(why)]);
  }
  return { csv: UTF8_BOM + csvLines(lines), rows: lines.length - 1 };
}

/** "deals.csv" -> "deals-rejected-rows.csv". */
export const rejectedFileName = (name: string) => `${name.replace(/\.csv$/i, '')}-rejected-rows.csv`;
