import { setImmediate as turn } from 'node:timers/promises';
import { newPasswordField } from '../../contract/auth';
import { agentColumnNamed } from '../../contract/csv-columns';
import { emailField, displayName } from '../../contract/fields';
import { AGENT_IMPORT_COLUMNS, DEFAULT_IMPORTED_POSITION, IMPORT_PASSWORD_ROWS_MAX, type AgentImportColumn, type ImportError } from '../../contract/imports';
import { COMMON_PASSWORD, isCommonPassword } from './password-policy';
import type { CsvTable } from './csv-file';
import { text } from '../../contract/i18n';
import { invalid } from './errors';
import { messages } from './messages';
import { mapColumns, RowErrors, wholeRows } from './import-rows';

/** An agent row that passed every check, ready to write (in file order). */
export interface ImportedAgent {
  row: number;
  name: string;
  /** Lower case. */
  email: string;
  position: string;
  /** Null: the agent gets a one-time link to set one. */
  password: string | null;
}

export interface CheckedAgentImport {
  rows: number;
  agents: ImportedAgent[];
  errorCount: number;
  errors: ImportError[];
}

/**
 * What the checks need from the database: which of these emails (lower case) an account has that an imported agent's
 * may not match (server/domain/agent-emails.ts: another agent's, not a staff account's).
 */
export type TakenEmails = (emails: string[]) => Promise<Set<string>>;

const NAME_MAX = 100;
const nameField = displayName('Name is empty', NAME_MAX, 'Name');
const positionField = displayName('Position is empty', NAME_MAX, 'Position');

/** Which column of the file is which field; 400 for unknown (not ignored), repeated or missing columns. */
export function agentColumns(header: string[], ignore: string[]): Partial<Record<AgentImportColumn, number>> {
  const columns = mapColumns(header, ignore, AGENT_IMPORT_COLUMNS, agentColumnNamed);
  if (columns.name === undefined) throw invalid(text(messages, 'fileNeedsName'), 'file');
  if (columns.email === undefined) throw invalid(text(messages, 'fileNeedsEmail'), 'file');
  return columns;
}

/**
 * Checks every row of an agent file (docs/product.md §12.9): a name, an email that is valid, not repeated in the file
 * and no agent's yet (a staff account may use it: server/domain/agent-emails.ts), a position (or Sales Agent), and a
 * password that follows the rules, or none (a link is made). At most IMPORT_PASSWORD_ROWS_MAX rows may give a password. The event loop turns every 1,000 rows.
 */
export async function checkAgentImport(table: CsvTable, options: { ignore: string[] }, takenEmails: TakenEmails): Promise<CheckedAgentImport> {
  const columns = agentColumns(table.header, options.ignore);
  const nameAt = columns.name!;
  const emailAt = columns.email!;
  const name = (column: AgentImportColumn) => table.header[columns[column]!]!;
  const errors = new RowErrors();
  const fail = (row: number, column: string, message: string) => errors.fail(row, column, message);

  const candidates: string[] = [];
  for (const [index, { cells }] of table.rows.entries()) {
    if (index % 5_000 === 4_999) await turn();
    const parsed = emailField.safeParse(cells[emailAt] ?? '');
    if (parsed.success) candidates.push(parsed.data);
  }
  const taken = await takenEmails([...new Set(candidates)]);

  const agents: ImportedAgent[] = [];
  const seen = new Map<string, number>();
  let passwords = 0;
  for await (const { row, cells } of wholeRows(table, errors)) {
    const before = errors.count;
    const agentName = nameField.safeParse(cells[nameAt]!);
    if (!agentName.success) fail(row, name('name'), agentName.error.issues[0]!.message);

    const email = emailField.safeParse(cells[emailAt]!);
    if (!email.success) fail(row, name('email'), `Email "${cells[emailAt]!.trim()}" is not a valid address`);
    else if (taken.has(email.data)) fail(row, name('email'), `An account with the email ${email.data} already exists`);
    else if (seen.has(email.data)) fail(row, name('email'), `The email ${email.data} is on row ${seen.get(email.data)} too`);
    else seen.set(email.data, row);

    let position = DEFAULT_IMPORTED_POSITION;
    const positionCell = columns.position !== undefined ? cells[columns.position]! : '';
    if (positionCell.trim() !== '') {
      const parsed = positionField.safeParse(positionCell);
      if (parsed.success) position = parsed.data;
      else fail(row, name('position'), parsed.error.issues[0]!.message);
    }

    let password: string | null = null;
    const passwordCell = columns.password !== undefined ? cells[columns.password]! : '';
    if (passwordCell !== '') {
      passwords++;
      const parsed = newPasswordField.safeParse(passwordCell);
      if (!parsed.success) fail(row, name('password'), parsed.error.issues[0]!.message);
      else if (isCommonPassword(passwordCell)) fail(row, name('password'), COMMON_PASSWORD);
      else password = passwordCell;
    }

    if (errors.count === before) agents.push({ row, name: agentName.data!, email: email.data!, position, password });
  }
  if (passwords > IMPORT_PASSWORD_ROWS_MAX) {
    throw invalid(text(messages, 'tooManyPasswords', { count: passwords, max: IMPORT_PASSWORD_ROWS_MAX }), 'file');
  }
  return { rows: table.rows.length, agents, errorCount: errors.count, errors: errors.listed };
}
