import { detectDelimiter, normaliseColumnName } from '@contract/csv-columns';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import type { ColumnChoice, ImportKind } from './import-kinds';

/**
 * The browser's part of an import: only the header line of the file is read here. The server matches columns by their
 * header names (server/domain/import-rows.ts), so a column the person maps to a field is renamed in the header line
 * before sending, and a column left out is named in `ignore`; the rows are sent as they are.
 */

export interface CsvHeader {
  delimiter: ',' | ';';
  /** The header's cells as the file writes them. */
  names: string[];
  /** Bytes of the file up to the end of the header line (byte order mark included): the rows start there. */
  byteLength: number;
}

/** How much of the file is read to find its header line. */
const HEADER_READ_BYTES = 1024 * 1024;

/** The field a header name stands for, as the server would read it; "ignore" when it names none. */
export function guessColumn(kind: ImportKind, name: string): ColumnChoice {
  return kind.columnNamed(name) ?? 'ignore';
}

/** The field each column of a header is guessed to be (a CRM export's two date columns: the better one, the other left out). */
export function guessColumns(kind: ImportKind, names: readonly string[]): ColumnChoice[] {
  return kind.guessColumns(names);
}

/** What a chosen file that changed on disk since it was chosen says when read (Chromium, Firefox: NotReadableError). */
export const fileChangedMessage = () => translate(messages, 'fileChanged');

/**
 * The chosen file's bytes as they are now, kept in memory: what is checked, imported and offered back as rejected rows
 * is then one and the same. A browser refuses to read a chosen file that was saved again (or moved) since it was
 * chosen; that is told as such, not as the failed upload it would otherwise become.
 */
export async function readChosenFile(file: Blob): Promise<Blob> {
  try {
    return new Blob([await file.arrayBuffer()], { type: file.type });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'NotReadableError' || error.name === 'NotFoundError')) throw new Error(fileChangedMessage(), { cause: error });
    throw new Error(translate(messages, 'fileUnreadableAgain'), { cause: error });
  }
}

/**
 * Reads CSV text (RFC 4180 quoting: doubled quotes inside quotes, delimiters and line ends quoted) a record at a time:
 * `each` gets its cells, whether the line held nothing at all, and where its line end is (undefined for the last,
 * unended record); it answers whether to go on.
 */
function scanRecords(text: string, delimiter: string, each: (cells: string[], empty: boolean, end: number | undefined) => boolean): void {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let empty = true;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') {
      quoted = true;
      empty = false;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
      empty = false;
    } else if (char === '\r' || char === '\n') {
      const end = index;
      if (char === '\r' && text[index + 1] === '\n') index++;
      cells.push(cell);
      if (!each(cells, empty, end)) return;
      cells = [];
      cell = '';
      empty = true;
    } else {
      cell += char;
      empty = false;
    }
  }
  cells.push(cell);
  each(cells, empty, undefined);
}

/**
 * The records of CSV text after its header line, numbered as the server numbers them (the header being row 1; a line
 * with nothing on it is skipped, as csv-parse's skip_empty_lines does).
 */
export function csvRecords(text: string, delimiter: string): { row: number; cells: string[] }[] {
  const records: string[][] = [];
  scanRecords(text, delimiter, (cells, empty) => {
    if (!empty) records.push(cells);
    return true;
  });
  // The first record is the header; the rows after it are numbered from 2.
  return records.slice(1).map((cells, index) => ({ row: index + 2, cells }));
}

/** The first record of CSV text and where it ends; `end` is undefined when no line end follows it. */
export function parseHeaderLine(text: string, delimiter: string): { names: string[]; end: number | undefined } {
  let header: { names: string[]; end: number | undefined } = { names: [''], end: undefined };
  scanRecords(text, delimiter, (names, _empty, end) => {
    header = { names, end };
    return false;
  });
  return header;
}

/** Reads the header line of a chosen file; throws an Error with a readable message when it cannot. */
export async function readCsvHeader(file: Blob): Promise<CsvHeader> {
  const bytes = new Uint8Array(await file.slice(0, HEADER_READ_BYTES).arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let text: string;
  try {
    // `stream`: a character cut in two at the end of the slice is not an error.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(bom), { stream: true });
  } catch {
    throw new Error(translate(messages, 'notUtf8'));
  }
  if (text.trim() === '') throw new Error(translate(messages, 'fileEmpty'));
  const delimiter = detectDelimiter(text);
  const { names, end } = parseHeaderLine(text, delimiter);
  if (end === undefined && file.size > HEADER_READ_BYTES) throw new Error(translate(messages, 'firstLineTooLong'));
  if (names.every((name) => name.trim() === '')) throw new Error(translate(messages, 'headerMissing'));
  const headerText = end === undefined ? text : text.slice(0, end);
  return { delimiter, names, byteLength: bom + new TextEncoder().encode(headerText).length };
}

/** What is wrong with a mapping, if anything: the server's rules, told before sending. */
export function mappingProblems(kind: ImportKind, choices: ColumnChoice[], names: string[]): string[] {
  const problems = kind.missing(choices);
  for (const field of kind.fields) {
    const columns = choices.flatMap((choice, index) => (choice === field ? [columnLabel(names, index)] : []));
    if (columns.length > 1) problems.push(translate(messages, 'chosenTwice', { field, columns: columns.join(', ') }));
  }
  return problems;
}

/** A column's name for people: its header, or its position when the header leaves it unnamed. */
export function columnLabel(names: string[], index: number): string {
  const name = names[index]?.trim();
  return name ? name : translate(messages, 'columnNumber', { position: index + 1 });
}

/** The longest name `ignore` takes (contract/imports.ts). */
const IGNORED_NAME_MAX = 200;

const quoteCell = (cell: string, delimiter: string) =>
  cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;

export interface PreparedFile {
  body: Blob;
  /** Header names of the columns left out, as sent. */
  ignore: string[];
  /** The original header of each name sent, to show errors in the person's own words. */
  originalNames: Map<string, string>;
}

/**
 * The file to send: the header line rewritten (mapped columns named by their field; a left-out column keeps its name
 * unless that name would be read as a field, then it is named by its position), the rest of the bytes untouched.
 */
export function prepareFile(kind: ImportKind, file: Blob, header: CsvHeader, choices: ColumnChoice[]): PreparedFile {
  const originalNames = new Map<string, string>();
  const ignore: string[] = [];
  const sent = header.names.map((name, index) => {
    const choice = choices[index] ?? 'ignore';
    if (choice !== 'ignore') {
      originalNames.set(choice, columnLabel(header.names, index));
      return choice;
    }
    const usable = normaliseColumnName(name) !== '' && kind.columnNamed(name) === undefined && name.length <= IGNORED_NAME_MAX;
    const kept = usable ? name : `Left out ${index + 1}`;
    if (!ignore.includes(kept)) ignore.push(kept);
    return kept;
  });
  const line = sent.map((name) => quoteCell(name, header.delimiter)).join(header.delimiter);
  return { body: new Blob([line, file.slice(header.byteLength)], { type: 'text/csv' }), ignore, originalNames };
}
