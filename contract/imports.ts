import { z } from 'zod';
import { text, zodText } from './i18n';
import { messages } from './messages';

/**
 * CSV imports (docs/product.md §12.9): POST /api/imports/income-entries with a `text/csv` body and a
 * header row. `?dryRun=1` checks every row and writes nothing; without it every valid row is written in one
 * transaction, or nothing when any row has an error (422 with the same report).
 */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/**
 * A row (every cell of one line, as parsed) may hold at most this many bytes: the longest field an import takes is a
 * 500-character description, so a longer row is a mistake (a quote left open) or an attack, refused while parsing.
 */
export const IMPORT_ROW_MAX_BYTES = 32 * 1024;
/** A report lists at most this many errors; `errorCount` counts them all. */
export const IMPORT_ERRORS_LISTED = 1_000;
export const IMPORT_CONTENT_TYPE = 'text/csv';

/**
 * How the `date` column writes a day (a full ISO timestamp with an offset is also taken in the iso format; a time after
 * a day is read as that day).
 */
export const IMPORT_DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY'] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];
/**
 * The default `dateFormat`: ISO days as they are, and days written 01/02/2026 read month or day first as the file's
 * own dates show (a part above 12), else as the organisation's locale writes them (docs/decisions/0080).
 */
export const IMPORT_DATE_AUTO = 'auto';
export type ImportDateChoice = ImportDateFormat | typeof IMPORT_DATE_AUTO;

/**
 * `all` (the default): any row with an error and nothing is written. `valid-rows`: the rows without errors are written,
 * those with errors left out and counted (`skipped`); a file with no valid row still writes nothing.
 */
export const IMPORT_MODES = ['all', 'valid-rows'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export { ACTIVITY_IMPORT_COLUMNS, AGENT_IMPORT_COLUMNS, ENTRY_IMPORT_COLUMNS, type ActivityImportColumn, type AgentImportColumn, type EntryImportColumn } from './csv-columns';

/**
 * POST /api/imports/agents: rows with a password are hashed one by one (Argon2id, deliberately slow), so a file may
 * give at most this many passwords; the others get a one-time link to set their own.
 */
export const IMPORT_PASSWORD_ROWS_MAX = 1_000;
/** The position of an imported agent whose file has no position column, or an empty cell. */
export const DEFAULT_IMPORTED_POSITION = 'Sales Agent';

const flag = z
  .enum(['1', '0', 'true', 'false'], zodText(text(messages, 'dryRunFlag')))
  .optional()
  .transform((value) => value === '1' || value === 'true');

/**
 * The query of an import. `dateFormat` (default auto); `mode` (default all); `ignore`: header names of columns to leave out (a
 * spreadsheet's other columns); a column that is neither known nor ignored is an error.
 */
export const importQuery = z.object({
  dryRun: flag,
  dateFormat: z
    .enum([IMPORT_DATE_AUTO, ...IMPORT_DATE_FORMATS], zodText(text(messages, 'mustBeOneOf', { field: 'dateFormat', options: [IMPORT_DATE_AUTO, ...IMPORT_DATE_FORMATS].join(', ') })))
    .default(IMPORT_DATE_AUTO),
  mode: z.enum(IMPORT_MODES, zodText(text(messages, 'mustBeOneOf', { field: 'mode', options: IMPORT_MODES.join(', ') }))).default('all'),
  ignore: z
    .union([z.string(), z.array(z.string())], zodText(text(messages, 'ignoreColumns')))
    .optional()
    .transform((value) => (value === undefined ? [] : [value].flat()))
    .pipe(z.array(z.string().max(200, zodText(text(messages, 'ignoreColumnLength', { max: 200 })))).max(100, zodText(text(messages, 'ignoreAtMost', { max: 100 })))),
});
export type ImportQuery = z.output<typeof importQuery>;

export const importError = z.object({
  /** The line of the file, the header being row 1 (as a spreadsheet numbers it). */
  row: z.number(),
  /** The column's name as the header writes it; empty for an error about the whole row. */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

/** How a column of the file was read: the field it is (`readAs`), or null when it was left out. */
export const importColumnReading = z.object({ name: z.string(), readAs: z.string().nullable() });
export type ImportColumnReading = z.infer<typeof importColumnReading>;

/** How the file's dates were read (a file with a date column): the format, why, and the same in words. */
export const importDateReading = z.object({
  /** YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY or DD.MM.YYYY (the separator as the file writes it). */
  format: z.string(),
  /** chosen: the request named it; iso: every date is year first; file: a date of the file shows it; locale: assumed. */
  how: z.enum(['chosen', 'iso', 'file', 'locale']),
  note: z.string(),
});
export type ImportDateReading = z.infer<typeof importDateReading>;

/**
 * The report of an import (dry run: 200; committed: 201 with `created`; refused: 422). The fields after `dryRun` came
 * later (docs/decisions/0080-crm-import-files.md): answers have them, older readers may ignore them.
 */
export const importReport = z.object({
  rows: z.number(),
  valid: z.number(),
  /** Rows whose externalId an entry already has: skipped, never counted twice. */
  duplicates: z.number(),
  errorCount: z.number(),
  errors: z.array(importError),
  /** Entries written (0 on a dry run). */
  created: z.number(),
  dryRun: z.boolean(),
  mode: z.enum(IMPORT_MODES).optional(),
  /** Every row with an error (not only the listed ones), in file order: what a valid-rows import leaves out. */
  invalidRows: z.array(z.number()).optional(),
  /** Rows with errors a valid-rows import left out (0 otherwise). */
  skipped: z.number().optional(),
  /** Each column of the header and what it was read as. */
  columns: z.array(importColumnReading).optional(),
  dates: importDateReading.optional(),
});
export type ImportReport = z.infer<typeof importReport>;

/** The query of an agent import: `dryRun` and `ignore` as for entries. */
export const agentImportQuery = importQuery.pick({ dryRun: true, ignore: true });
export type AgentImportQuery = z.output<typeof agentImportQuery>;

/** A one-time link for an imported agent without a password, shown once (in the committed import's answer). */
export const agentSetupLink = z.object({
  agentId: z.number(),
  name: z.string(),
  email: z.string(),
  /** /reset-password#token=...: the agent sets a password with it. */
  url: z.string(),
  expiresAt: z.string(),
});
export type AgentSetupLink = z.infer<typeof agentSetupLink>;

/**
 * The report of an agent import: as for entries (`duplicates` is always 0: an email already taken is an error), with
 * `created` agents and, once committed, `links` for those without a password.
 */
export const agentImportReport = importReport.extend({ links: z.array(agentSetupLink) });
export type AgentImportReport = z.infer<typeof agentImportReport>;
