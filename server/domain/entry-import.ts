import { setImmediate as turn } from 'node:timers/promises';
import { centsToMoneyString, MAX_ENTRY_CENTS, parseMoneyToCents } from '../../contract/cents';
import { DESCRIPTION_MAX, EXTERNAL_ID_MAX } from '../../contract/income-entries';
import { entryColumnNamed } from '../../contract/csv-columns';
import {
  ENTRY_IMPORT_COLUMNS,
  IMPORT_DATE_AUTO,
  type EntryImportColumn,
  type ImportColumnReading,
  type ImportDateChoice,
  type ImportDateFormat,
  type ImportDateReading,
  type ImportError,
} from '../../contract/imports';
import type { CsvTable } from './csv-file';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';
import { DateOrderEvidence, ISO_INSTANT, readGuessedDate, TIME_AFTER_DAY, type GuessedDates } from './import-dates';
import { mapColumns, RowErrors, wholeRows } from './import-rows';
import { entryDateOutsideWindow } from './income-entries';
import { isCalendarDate, startOfLocalDay } from './periods';

/** An entry row that passed every check, ready to write (in file order): its value is the amount, its text the description. */
export type ImportedEntry = ImportedRow;

/** What the checks need from the database, asked once for the whole file. */
export interface EntryImportLookups {
  /** The agents with these emails (lower case) or ids. */
  agents(emails: string[], ids: number[]): Promise<{ id: number; email: string }[]>;
  /** The agents whose names, lower case with single spaces, are these (a CRM's owner column names people). */
  agentsNamed(names: string[]): Promise<{ id: number; name: string }[]>;
  /** Which of these external ids an entry already has. */
  takenExternalIds(externalIds: string[]): Promise<Set<string>>;
}

/** What checking a file of rows found, beside the rows it accepted. */
export interface CheckedRows {
  rows: number;
  duplicates: number;
  errorCount: number;
  errors: ImportError[];
  /** Every row with an error, in file order. */
  invalidRows: number[];
  /** Each header column and the field it was read as (null: left out). */
  columns: ImportColumnReading[];
  /** How the dates were read (a file with a date column). */
  dates?: ImportDateReading;
}

export interface CheckedEntryImport extends CheckedRows {
  entries: ImportedEntry[];
}

/** An amount cell: two decimals at most, thousands separated by commas or not ("1,000.00"), not zero. */
export function parseImportAmount(cell: string): { amount: string } | { error: string } {
  const text = cell.trim();
  if (text === '') return { error: 'Amount is empty' };
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text) ? text.replace(/,/g, '') : text;
  const cents = parseMoneyToCents(plain);
  if (cents === null) return { error: `Amount "${text}" is not a number with at most two decimals (write 1234.50 or 1,234.50)` };
  if (cents === 0n) return { error: 'Amount cannot be zero' };
  if ((cents < 0n ? -cents : cents) > MAX_ENTRY_CENTS) return { error: 'Amount must be at most 999,999,999,999.99 in absolute value' };
  return { amount: centsToMoneyString(cents) };
}

const dayPattern = (source: string) => new RegExp(`^${source}${TIME_AFTER_DAY}$`);
const DAY_PATTERNS: Record<ImportDateFormat, { pattern: RegExp; order: [number, number, number] }> = {
  // Capture groups: the positions of year, month and day. A time after the day is read as that day.
  'YYYY-MM-DD': { pattern: dayPattern(String.raw`(\d{4})-(\d{1,2})-(\d{1,2})`), order: [1, 2, 3] },
  'MM/DD/YYYY': { pattern: dayPattern(String.raw`(\d{1,2})\/(\d{1,2})\/(\d{4})`), order: [3, 1, 2] },
  'DD/MM/YYYY': { pattern: dayPattern(String.raw`(\d{1,2})\/(\d{1,2})\/(\d{4})`), order: [3, 2, 1] },
  'DD.MM.YYYY': { pattern: dayPattern(String.raw`(\d{1,2})\.(\d{1,2})\.(\d{4})`), order: [3, 2, 1] },
};

/**
 * A date cell in the chosen format (a day starts at midnight in `timeZone`; a time after it is read as that day), or an
 * ISO timestamp with an offset.
 */
export function parseImportDate(cell: string, format: ImportDateFormat, timeZone: string, now: Date): { date: Date } | { error: string } {
  const text = cell.trim();
  if (text === '') return { error: 'Date is empty' };
  let date: Date | undefined;
  if (format === 'YYYY-MM-DD' && ISO_INSTANT.test(text)) {
    date = new Date(text);
    if (Number.isNaN(date.getTime())) return { error: `Date "${text}" does not exist` };
  } else {
    const { pattern, order } = DAY_PATTERNS[format];
    const match = pattern.exec(text);
    if (!match) return { error: `Date "${text}" is not written ${format}` };
    const [year, month, day] = order.map((group) => Number(match[group]));
    if (!isCalendarDate(year!, month!, day!)) return { error: `Date "${text}" does not exist (read as ${format})` };
    date = startOfLocalDay(year!, month!, day!, timeZone);
  }
  const outside = entryDateOutsideWindow(date, now);
  return outside ? { error: `Date "${text}" is ${outside}` } : { date };
}

/** Optional text: trimmed, empty is null; too long is an error. */
function optionalCell(cell: string | undefined, max: number, label: string): { value: string | null } | { error: string } {
  const text = (cell ?? '').trim();
  if (text === '') return { value: null };
  if ([...text].length > max) return { error: `${label} must be at most ${max} characters` };
  return { value: text };
}

/**
 * What a kind of row import (income entries, activities) reads: its columns, which one holds the value and how it is
 * read, which optional text it has. Everything else (agents by email or id, dates, external ids repeated in the file or
 * already recorded) is checked the same way for every kind.
 */
export interface RowImportKind<Column extends string> {
  columns: readonly Column[];
  columnNamed: (name: string) => Column | undefined;
  /** The value's column (required) and how a cell becomes the stored decimal text, or an error. */
  value: { column: Column; parse: (cell: string) => { value: string } | { error: string } };
  /** The optional text's column, its limit and its label in messages. */
  text: { column: Column; max: number; label: string };
  /** "entry", "activity": in "Whose entry this is is missing". */
  noun: 'entry' | 'activity';
}

/** A row that passed every check, ready to write (in file order). */
export interface ImportedRow {
  row: number;
  agentId: number;
  /** The stored decimal text. */
  value: string;
  date: Date;
  text: string | null;
  externalId: string | null;
}

/** Which column of the file is which field; 400 for unknown (not ignored), repeated or missing columns. */
function rowColumns<Column extends string>(kind: RowImportKind<Column>, header: string[], ignore: string[]): Partial<Record<Column, number>> {
  const columns = mapColumns(header, ignore, kind.columns, kind.columnNamed);
  if (columns[kind.value.column] === undefined) throw invalid(text(messages, 'fileNeedsValueColumn', { column: kind.value.column }), 'file');
  const named = columns as Partial<Record<string, number>>;
  if (named.agentEmail === undefined && named.agentId === undefined && named.agentName === undefined) {
    const byName = kind.columns.includes('agentName' as Column) ? 'yes' : 'no';
    throw invalid(text(messages, 'fileNeedsAgentColumn', { byName, noun: kind.noun }), 'file');
  }
  return columns;
}

/** A person's name as names are compared: trimmed, lower case, spaces single. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
/** An email inside an owner's name, as some exports write it: "Elena Petrova (elena@example.com)", "Elena <elena@...>". */
const EMAIL_IN_NAME = /[<(]\s*([^\s<>()]+@[^\s<>()]+)\s*[>)]/;

export interface RowImportOptions {
  ignore: string[];
  dateFormat: ImportDateChoice;
  timeZone: string;
  now: Date;
  /** The organisation's locale: the order of ambiguous days (01/02/2026) when the file does not show it. */
  locale: string;
}

/**
 * Checks every row of a file of `kind`: cells against the header, agents (by email, id or name), values, dates, texts,
 * external ids repeated in the file (errors) or already recorded (duplicates, skipped). The event loop turns every few
 * thousand rows.
 */
export async function checkRowImport<Column extends string>(
  kind: RowImportKind<Column>,
  table: CsvTable,
  options: RowImportOptions,
  lookups: EntryImportLookups,
): Promise<CheckedRows & { accepted: ImportedRow[] }> {
  const columns = rowColumns(kind, table.header, options.ignore) as Partial<Record<string, number>>;
  const name = (column: string) => table.header[columns[column]!]!;
  const errors = new RowErrors();
  const fail = (row: number, column: string, message: string) => errors.fail(row, column, message);
  const readAs = new Map(Object.entries(columns).map(([column, index]) => [index!, column]));
  const columnReadings = table.header.map((header, index) => ({ name: header, readAs: readAs.get(index) ?? null }));

  // The agents and external ids the file names, looked up at once; the date cells, to guess their format.
  const emails = new Set<string>();
  const ids = new Set<number>();
  const names = new Set<string>();
  const externalIds = new Set<string>();
  const dateEvidence = options.dateFormat === IMPORT_DATE_AUTO && columns.date !== undefined ? new DateOrderEvidence() : undefined;
  for (const [index, { row, cells }] of table.rows.entries()) {
    if (index % 5_000 === 4_999) await turn();
    if (columns.agentEmail !== undefined) emails.add((cells[columns.agentEmail] ?? '').trim().toLowerCase());
    if (columns.agentId !== undefined && /^\d{1,9}$/.test((cells[columns.agentId] ?? '').trim())) ids.add(Number(cells[columns.agentId]!.trim()));
    if (columns.agentName !== undefined) {
      const text = cells[columns.agentName] ?? '';
      const inside = EMAIL_IN_NAME.exec(text);
      if (inside) emails.add(inside[1]!.toLowerCase());
      else names.add(nameKey(text));
    }
    if (columns.externalId !== undefined) externalIds.add((cells[columns.externalId] ?? '').trim());
    if (dateEvidence && cells.length === table.header.length) dateEvidence.add(row, (cells[columns.date!] ?? '').trim());
  }
  emails.delete('');
  names.delete('');
  externalIds.delete('');
  const agents = await lookups.agents([...emails], [...ids]);
  const agentByEmail = new Map(agents.map((agent) => [agent.email, agent.id]));
  const agentIds = new Set(agents.map((agent) => agent.id));
  const agentsByName = new Map<string, number[]>();
  if (names.size > 0) {
    for (const agent of await lookups.agentsNamed([...names])) {
      const key = nameKey(agent.name);
      agentsByName.set(key, [...(agentsByName.get(key) ?? []), agent.id]);
    }
  }
  const taken = await lookups.takenExternalIds([...externalIds]);

  let guessed: GuessedDates | undefined;
  let dates: ImportDateReading | undefined;
  if (columns.date !== undefined) {
    if (dateEvidence) {
      guessed = dateEvidence.decide(options.locale);
      dates = guessed.reading;
    } else {
      dates = { format: options.dateFormat, how: 'chosen', note: `Dates are read as ${options.dateFormat}, as chosen.` };
    }
  }
  const explicitFormat = options.dateFormat === IMPORT_DATE_AUTO ? undefined : options.dateFormat;

  const accepted: ImportedRow[] = [];
  const seenExternalIds = new Map<string, number>();
  let duplicates = 0;
  for await (const { row, cells } of wholeRows(table, errors)) {
    const before = errors.count;

    let agentId: number | undefined;
    const email = columns.agentEmail !== undefined ? cells[columns.agentEmail]!.trim().toLowerCase() : '';
    const idText = columns.agentId !== undefined ? cells[columns.agentId]!.trim() : '';
    const nameText = columns.agentName !== undefined ? cells[columns.agentName]!.trim() : '';
    if (idText !== '') {
      if (!/^\d{1,9}$/.test(idText) || !agentIds.has(Number(idText))) fail(row, name('agentId'), `No agent has the id "${idText}"`);
      else agentId = Number(idText);
    }
    if (email !== '') {
      const byEmail = agentByEmail.get(email);
      if (byEmail === undefined) fail(row, name('agentEmail'), `No agent has the email "${email}"`);
      else if (agentId !== undefined && agentId !== byEmail) fail(row, name('agentEmail'), `The email "${email}" is another agent's than the id ${agentId}`);
      else agentId = byEmail;
    }
    // A name is read only when the row gives no email or id: a CRM's display name may differ from ours.
    if (email === '' && idText === '' && nameText !== '') {
      const inside = EMAIL_IN_NAME.exec(nameText);
      const matches = inside ? [agentByEmail.get(inside[1]!.toLowerCase())].filter((id) => id !== undefined) : (agentsByName.get(nameKey(nameText)) ?? []);
      if (matches.length === 1) agentId = matches[0];
      else if (matches.length === 0) fail(row, name('agentName'), inside ? `No agent has the email "${inside[1]!.toLowerCase()}"` : `No agent is named "${nameText}"`);
      else fail(row, name('agentName'), `${matches.length} agents are named "${nameText}": add a column with their emails to tell them apart`);
    }
    if (email === '' && idText === '' && nameText === '') {
      const whose = ['agentEmail', 'agentId', 'agentName'].find((column) => columns[column] !== undefined)!;
      fail(row, name(whose), `Whose ${kind.noun} this is is missing: give an agent`);
    }

    const value = kind.value.parse(cells[columns[kind.value.column]!]!);
    if ('error' in value) fail(row, name(kind.value.column), value.error);

    let date: Date = options.now;
    if (columns.date !== undefined) {
      const cell = cells[columns.date]!;
      const parsed = explicitFormat ? parseImportDate(cell, explicitFormat, options.timeZone, options.now) : readGuessedDate(cell, guessed!, options.timeZone, options.now);
      if ('error' in parsed) fail(row, name('date'), parsed.error);
      else date = parsed.date;
    }

    const textColumn = columns[kind.text.column];
    const text = optionalCell(textColumn === undefined ? undefined : cells[textColumn], kind.text.max, kind.text.label);
    if ('error' in text) fail(row, name(kind.text.column), text.error);

    const externalId = optionalCell(columns.externalId === undefined ? undefined : cells[columns.externalId], EXTERNAL_ID_MAX, 'externalId');
    let duplicate = false;
    if ('error' in externalId) fail(row, name('externalId'), externalId.error);
    else if (externalId.value !== null) {
      const first = seenExternalIds.get(externalId.value);
      if (first !== undefined) fail(row, name('externalId'), `externalId "${externalId.value}" is also on row ${first}`);
      else seenExternalIds.set(externalId.value, row);
      duplicate = taken.has(externalId.value);
    }

    if (errors.count > before) continue;
    if (duplicate) {
      duplicates++;
      continue;
    }
    accepted.push({
      row,
      agentId: agentId!,
      value: (value as { value: string }).value,
      date,
      text: (text as { value: string | null }).value,
      externalId: (externalId as { value: string | null }).value,
    });
  }
  return {
    rows: table.rows.length,
    accepted,
    duplicates,
    errorCount: errors.count,
    errors: errors.listed,
    invalidRows: errors.invalidRows,
    columns: columnReadings,
    ...(dates ? { dates } : {}),
  };
}

/** The income entry file: an amount (a deduction negative) and a description. */
const ENTRY_IMPORT: RowImportKind<EntryImportColumn> = {
  columns: ENTRY_IMPORT_COLUMNS,
  columnNamed: entryColumnNamed,
  value: {
    column: 'amount',
    parse: (cell) => {
      const amount = parseImportAmount(cell);
      return 'error' in amount ? amount : { value: amount.amount };
    },
  },
  text: { column: 'description', max: DESCRIPTION_MAX, label: 'Description' },
  noun: 'entry',
};

/** Checks every row of an entry file (checkRowImport). */
export async function checkEntryImport(
  table: CsvTable,
  options: RowImportOptions,
  lookups: EntryImportLookups,
): Promise<CheckedEntryImport> {
  // The rows as they are: mapping 100,000 of them to other field names held the event loop for about 100 ms.
  const { accepted, ...checked } = await checkRowImport(ENTRY_IMPORT, table, options, lookups);
  return { ...checked, entries: accepted };
}
