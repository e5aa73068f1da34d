/**
 * Writing CSV (RFC 4180, formulas neutralised), the same for the server's exports and for files the browser makes (the
 * setup links of an agent import).
 */

/** A cell of an exported row: text is neutralised against formulas, a number (an amount, an id) is written as is. */
export type CsvCell = { text: string | null } | { number: string | number | null };

export const text = (value: string | null | undefined): CsvCell => ({ text: value ?? null });
export const num = (value: string | number | null | undefined): CsvCell => ({ number: value ?? null });

/** What a spreadsheet reads as the start of a formula (contract/exports.ts). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What RFC 4180 asks to quote: the separator, a quote, a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

function cellText(cell: CsvCell): string {
  let value: string;
  if ('number' in cell) {
    if (cell.number === null) return '';
    value = String(cell.number);
  } else {
    if (cell.text === null) return '';
    value = FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text;
  }
  return NEEDS_QUOTES.test(value) ? `"${value.replace(QUOTE, '""')}"` : value;
}

/**
 * Rows as RFC 4180 text: CRLF line ends, a cell quoted when it holds a comma, a quote or a line break (a quote
 * doubled inside). Our own few lines rather than a library: csv-stringify wrote about 40,000 rows a second here,
 * below the export bar on its own (docs/decisions/0062-csv-exports.md).
 */
export function csvLines(rows: readonly CsvCell[][]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) out += (i === 0 ? '' : ',') + cellText(row[i]!);
    out += '\r\n';
  }
  return out;
}

/** The header row: column names are ours and never need neutralising. */
export function csvHeader(columns: readonly string[]): string {
  return csvLines([columns.map((column) => ({ number: column }))]);
}

/** Spreadsheets (Excel above all) read a file as UTF-8 only when it begins with the byte order mark. */
export const UTF8_BOM = '\uFEFF';
