import { setImmediate as turn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { detectDelimiter } from '../../contract/csv-columns';
import { IMPORT_MAX_ROWS, IMPORT_ROW_MAX_BYTES } from '../../contract/imports';
import { text, type LocalText } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';

/** A CSV file as read: its header, its rows (each with its row number, the header being row 1), its separator. */
export interface CsvTable {
  delimiter: ',' | ';';
  header: string[];
  rows: { row: number; cells: string[] }[];
}

/**
 * The file is handed to the parser this many bytes at a time, the event loop turning in between. Bytes, not
 * characters: the parser joins a character split between two chunks, where a split string would break it.
 */
const CHUNK_BYTES = 64 * 1024;
/** The UTF-8 check reads this many bytes between turns of the event loop. */
const DECODE_BYTES = 1024 * 1024;

const fileError = (message: LocalText) => invalid(message, 'file');

/** A header cell quoted in a message: at most 60 characters of it. */
const shortName = (name: string) => (name.length > 60 ? `${[...name].slice(0, 57).join('')}...` : name);

/**
 * The message of a row longer than IMPORT_ROW_MAX_BYTES, naming where the parser stopped: the row as a spreadsheet
 * numbers it (the header is row 1; csv-parse counts the records it finished) and the column it was reading.
 */
function rowTooLong(failure: CsvError & { records?: number; column?: number | string | null }, header: string[] | undefined): LocalText {
  const row = String((failure.records ?? 0) + 1);
  const kb = IMPORT_ROW_MAX_BYTES / 1024;
  const index = typeof failure.column === 'number' ? failure.column : undefined;
  const name = index !== undefined && row !== '1' ? header?.[index] : undefined;
  if (index === undefined) return text(messages, 'rowTooLong', { row, kb });
  const column = String(index + 1);
  if (name === undefined) return text(messages, 'rowTooLongInColumn', { row, kb, column });
  return text(messages, 'rowTooLongInNamedColumn', { row, kb, column, name: shortName(name) });
}

/**
 * Reads an uploaded CSV file: UTF-8 with or without a byte order mark, separated by `,` or `;`, RFC 4180 quoting,
 * blank lines skipped. Refuses (400, on the field `file`) what is not such a file: empty, binary, another encoding,
 * broken quoting, a header without rows, more than IMPORT_MAX_ROWS rows, a row longer than IMPORT_ROW_MAX_BYTES. Rows are not checked against the header
 * here: a row with too many or too few cells is the caller's to report.
 */
export async function readCsvFile(bytes: Buffer): Promise<CsvTable> {
  if (bytes.length === 0) throw fileError(text(messages, 'fileEmpty'));
  if (bytes.includes(0)) throw fileError(text(messages, 'fileBinary'));
  // The decoder drops a byte order mark; the parser is given the bytes after it.
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  // Checked a piece at a time, the event loop turning in between (a 20 MB file at once would hold it ~50 ms).
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let head = '';
  let blank = true;
  try {
    for (let start = 0; start < body.length; start += DECODE_BYTES) {
      const piece = decoder.decode(body.subarray(start, start + DECODE_BYTES), { stream: true });
      if (start === 0) head = piece;
      if (blank && /\S/.test(piece)) blank = false;
      if (start + DECODE_BYTES < body.length) await turn();
    }
    decoder.decode();
  } catch {
    throw fileError(text(messages, 'fileNotUtf8'));
  }
  if (blank) throw fileError(text(messages, 'fileEmpty'));
  const delimiter = detectDelimiter(head);

  // Any line end, even mixed in one file (a row added in another editor). A row is bounded while it is parsed: one
  // huge quoted cell would otherwise be built in full, then checked, looked up and quoted back in the report.
  const options = { delimiter, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, skip_empty_lines: true, max_record_size: IMPORT_ROW_MAX_BYTES };
  const parser = parse(options);
  let header: string[] | undefined;
  // Rows numbered as a spreadsheet shows them, the header being row 1.
  const rows: CsvTable['rows'] = [];
  let failure: unknown;
  parser.on('readable', () => {
    let record: string[] | null;
    while ((record = parser.read() as string[] | null) !== null) {
      if (header === undefined) header = record;
      else rows.push({ row: rows.length + 2, cells: record });
    }
  });
  parser.on('error', (error) => {
    failure = error;
  });
  const ended = new Promise<void>((resolve) => parser.on('end', resolve).on('error', () => resolve()));
  for (let start = 0; start < body.length && failure === undefined; start += CHUNK_BYTES) {
    parser.write(body.subarray(start, start + CHUNK_BYTES));
    if (rows.length > IMPORT_MAX_ROWS) break;
    await turn();
  }
  if (failure === undefined) parser.end();
  await ended;
  if (failure instanceof CsvError && failure.code === 'CSV_MAX_RECORD_SIZE') {
    // The header, read again from the start of the file for the message only (the rows' records may not have been
    // handed over when the parser failed): one record, within the bound, or none when the header is the long row.
    let firstRecord: string[] | undefined;
    try {
      firstRecord = (parseSync(body.subarray(0, 2 * IMPORT_ROW_MAX_BYTES), { ...options, to: 1 }) as string[][])[0];
    } catch {
      firstRecord = undefined;
    }
    throw fileError(rowTooLong(failure, firstRecord));
  }
  if (failure !== undefined) {
    const line = failure instanceof CsvError && typeof (failure as CsvError & { lines?: number }).lines === 'number' ? (failure as CsvError & { lines: number }).lines : undefined;
    // The parser's own words (English) say what it found; "unreadable" when it gave none.
    const detail = failure instanceof Error ? failure.message.replace(/^Invalid Record Length: /, '') : text(messages, 'unreadable');
    throw fileError(line === undefined ? text(messages, 'fileNotCsv', { detail }) : text(messages, 'fileNotCsvNearLine', { line: String(line), detail }));
  }
  if (rows.length > IMPORT_MAX_ROWS) {
    throw fileError(text(messages, 'fileTooManyRows', { max: IMPORT_MAX_ROWS }));
  }
  if (!header) throw fileError(text(messages, 'fileEmpty'));
  if (rows.length === 0) throw fileError(text(messages, 'fileNoRows'));
  return { delimiter, header, rows };
}
