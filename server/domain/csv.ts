import { stringify } from 'csv-stringify/sync';

/** A cell of an exported row: text is neutralised against formulas, a number (an amount, an id) is written as is. */
export type CsvCell = { text: string | null } | { number: string | number | null };

export const text = (value: string | null | undefined): CsvCell => ({ text: value ?? null });
export const num = (value: string | number | null | undefined): CsvCell => ({ number: value ?? null });

/** What a spreadsheet reads as the start of a formula (contract/exports.ts). */
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if ('number' in cell) return cell.number === null ? '' : String(cell.number);
  if (cell.text === null) return '';
  return FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text;
}

/** Rows as RFC 4180 text: CRLF line ends, a cell quoted when it holds a comma, a quote or a line break. */
export function csvLines(rows: readonly CsvCell[][]): string {
  if (rows.length === 0) return '';
  // csv-stringify quotes a lone CR or LF only when told: it looks for the record delimiter (CRLF) alone.
  return stringify(
    rows.map((row) => row.map(cellText)),
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** The header row, then nothing else: column names are ours and never need neutralising. */
export function csvHeader(columns: readonly string[]): string {
  return stringify([columns as string[]], { record_delimiter: 'windows' });
}

/** Spreadsheets (Excel above all) read a file as UTF-8 only when it begins with the byte order mark. */
export const UTF8_BOM = '\uFEFF';
