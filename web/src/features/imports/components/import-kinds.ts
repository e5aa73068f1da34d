import {
  AGENT_IMPORT_COLUMNS,
  agentColumnNamed,
  ENTRY_IMPORT_COLUMNS,
  entryColumnMatch,
  entryColumnNamed,
  guessHeaderColumns,
  type AgentImportColumn,
  type EntryImportColumn,
} from '@contract/csv-columns';
import { DEFAULT_IMPORTED_POSITION, IMPORT_PASSWORD_ROWS_MAX } from '@contract/imports';
import { OWNER_RESET_LINK_DAYS } from '@contract/limits';
import { formatCount } from '../../../lib/format';

/**
 * What a file can hold (docs/product.md §12.9): income entries, or agents. Everything the Import tab does differently
 * for the two is here: the fields a column can be, what is required, the template, the help and the words used.
 */
export type ImportField = EntryImportColumn | AgentImportColumn;
/** What a column becomes: one of the kind's fields, or left out. */
export type ColumnChoice = ImportField | 'ignore';

export interface ImportKind {
  id: 'entries' | 'agents';
  /** The choice's name, and what it is for. */
  label: string;
  hint: string;
  /** One and many of what a row becomes. */
  one: string;
  many: string;
  fields: readonly ImportField[];
  fieldLabel: (field: ImportField) => string;
  /** The field a header name stands for, as the server reads it. */
  columnNamed: (name: string) => ImportField | undefined;
  /** The field each column of a header is guessed to be: of two columns of one field, the better named one. */
  guessColumns: (names: readonly string[]) => ColumnChoice[];
  /** What the chosen columns lack, in words. */
  missing: (choices: readonly ColumnChoice[]) => string[];
  /** Entries are dated; agents are not. */
  dated: boolean;
  /** Entries can repeat an externalId (skipped); agents cannot repeat an email (an error). */
  skipsDuplicates: boolean;
  template: { fileName: string; csv: string };
  /** The columns a file can have, for the help beside the import. */
  help: { name: string; text: string }[];
  /** What else to know before importing. */
  notes: string[];
}

const ENTRY_FIELD_LABELS: Partial<Record<ImportField, string>> = {
  agentEmail: "agentEmail (agent's email)",
  agentId: "agentId (agent's id)",
  agentName: "agentName (agent's name)",
  externalId: "externalId (your system's id)",
};

export const ENTRY_IMPORT: ImportKind = {
  id: 'entries',
  label: 'Income entries',
  hint: 'Profit for agents who already have an account, one entry per line.',
  one: 'entry',
  many: 'entries',
  fields: ENTRY_IMPORT_COLUMNS,
  fieldLabel: (field) => ENTRY_FIELD_LABELS[field] ?? field,
  columnNamed: entryColumnNamed,
  guessColumns: (names) => guessHeaderColumns(names, entryColumnMatch).map((column) => column ?? 'ignore'),
  missing: (choices) => [
    ...(choices.includes('amount') ? [] : ['Choose the column that holds the amount.']),
    ...(choices.includes('agentEmail') || choices.includes('agentId') || choices.includes('agentName')
      ? []
      : ['Choose the column that says whose entry it is: agentEmail, agentId or agentName.']),
  ],
  dated: true,
  skipsDuplicates: true,
  template: {
    fileName: 'income-entries-template.csv',
    csv: 'agentEmail,amount,date,description,externalId\r\nagent@example.com,1250.00,2026-11-02,Annual renewal,CRM-10001\r\n',
  },
  help: [
    { name: 'agentEmail, agentId or agentName', text: "whose entry it is (one of them is required; a name must be one agent's only)" },
    { name: 'amount', text: 'required; at most two decimals, 1234.50 or 1,234.50; negative for a deduction' },
    { name: 'date', text: 'the day of the entry; today when the column is left out' },
    { name: 'description', text: 'optional' },
    { name: 'externalId', text: "optional: your system's id for the entry" },
  ],
  notes: [
    'Deal exports of HubSpot, Salesforce and Pipedrive are read as they are: Deal owner or Owner Email is the agent, Close Date the date, Deal Name the description, Deal ID or Record ID the externalId.',
    'Dates may be written YYYY-MM-DD, MM/DD/YYYY, DD/MM/YYYY or DD.MM.YYYY, with or without a time. Whether 01/02/2026 is January or February is guessed from the other dates of the file, else from the organisation\'s locale; the check says which, and you can choose.',
    'A row whose externalId an entry already has is skipped, so importing the same file twice counts it once.',
  ],
};

export const AGENT_IMPORT: ImportKind = {
  id: 'agents',
  label: 'Agents',
  hint: 'New agent accounts, one per line. Each gets a link to set a password, unless the file gives one.',
  one: 'agent',
  many: 'agents',
  fields: AGENT_IMPORT_COLUMNS,
  fieldLabel: (field) => (field === 'password' ? 'password (optional)' : field),
  columnNamed: agentColumnNamed,
  guessColumns: (names) => names.map((name) => agentColumnNamed(name) ?? 'ignore'),
  missing: (choices) => [
    ...(choices.includes('name') ? [] : ["Choose the column that holds the agent's name."]),
    ...(choices.includes('email') ? [] : ["Choose the column that holds the agent's email."]),
  ],
  dated: false,
  skipsDuplicates: false,
  template: {
    fileName: 'agents-template.csv',
    csv: 'name,email,position\r\nJamie Rivera,jamie.rivera@example.com,Account Executive\r\n',
  },
  help: [
    { name: 'name', text: 'required' },
    { name: 'email', text: 'required; the agent signs in with it, so no account may have it yet' },
    { name: 'position', text: `optional; ${DEFAULT_IMPORTED_POSITION} when empty` },
    {
      name: 'password',
      text: `optional, at most ${formatCount(IMPORT_PASSWORD_ROWS_MAX)} per file; without one the agent gets a link to set their own`,
    },
  ],
  notes: [
    `The links are listed once, when the import is done: hand each to its agent (or download them all as a CSV file). A link works once, for ${OWNER_RESET_LINK_DAYS} days.`,
    'An email that an account already has, or that the file repeats, is an error.',
  ],
};

export const IMPORT_KINDS = [ENTRY_IMPORT, AGENT_IMPORT] as const;
