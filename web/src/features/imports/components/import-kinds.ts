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
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * What a file can hold (docs/product.md §12.9): income entries, or agents. Everything the Import tab does differently
 * for the two is here: the fields a column can be, what is required, the template, the help and the words used (in the
 * language shown when read: the kinds' words are getters).
 */
export type ImportField = EntryImportColumn | AgentImportColumn;
/** What a column becomes: one of the kind's fields, or left out. */
export type ColumnChoice = ImportField | 'ignore';

export interface ImportKind {
  id: 'entries' | 'agents';
  /** The choice's name, and what it is for (in the language shown: read them while rendering). */
  readonly label: string;
  readonly hint: string;
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
  readonly help: { name: string; text: string }[];
  /** What else to know before importing. */
  readonly notes: string[];
}

/** An entry field's name with what it holds; the others are their own names. */
function entryFieldLabel(field: ImportField): string {
  switch (field) {
    case 'agentEmail':
      return translate(messages, 'fieldAgentEmail');
    case 'agentId':
      return translate(messages, 'fieldAgentId');
    case 'agentName':
      return translate(messages, 'fieldAgentName');
    case 'externalId':
      return translate(messages, 'fieldExternalId');
    default:
      return field;
  }
}

export const ENTRY_IMPORT: ImportKind = {
  id: 'entries',
  get label() {
    return translate(messages, 'entriesLabel');
  },
  get hint() {
    return translate(messages, 'entriesHint');
  },
  fields: ENTRY_IMPORT_COLUMNS,
  fieldLabel: entryFieldLabel,
  columnNamed: entryColumnNamed,
  guessColumns: (names) => guessHeaderColumns(names, entryColumnMatch).map((column) => column ?? 'ignore'),
  missing: (choices) => [
    ...(choices.includes('amount') ? [] : [translate(messages, 'missingAmount')]),
    ...(choices.includes('agentEmail') || choices.includes('agentId') || choices.includes('agentName') ? [] : [translate(messages, 'missingAgent')]),
  ],
  dated: true,
  skipsDuplicates: true,
  template: {
    fileName: 'income-entries-template.csv',
    csv: 'agentEmail,amount,date,description,externalId\r\nagent@example.com,1250.00,2026-11-02,Annual renewal,CRM-10001\r\n',
  },
  get help() {
    return [
      { name: translate(messages, 'helpAgentColumns'), text: translate(messages, 'helpAgentText') },
      { name: 'amount', text: translate(messages, 'helpAmount') },
      { name: 'date', text: translate(messages, 'helpDate') },
      { name: 'description', text: translate(messages, 'helpOptional') },
      { name: 'externalId', text: translate(messages, 'helpExternalId') },
    ];
  },
  get notes() {
    return [translate(messages, 'noteCrm'), translate(messages, 'noteDates'), translate(messages, 'noteDuplicates')];
  },
};

export const AGENT_IMPORT: ImportKind = {
  id: 'agents',
  get label() {
    return translate(messages, 'agentsLabel');
  },
  get hint() {
    return translate(messages, 'agentsHint');
  },
  fields: AGENT_IMPORT_COLUMNS,
  fieldLabel: (field) => (field === 'password' ? translate(messages, 'fieldPassword') : field),
  columnNamed: agentColumnNamed,
  guessColumns: (names) => names.map((name) => agentColumnNamed(name) ?? 'ignore'),
  missing: (choices) => [
    ...(choices.includes('name') ? [] : [translate(messages, 'missingName')]),
    ...(choices.includes('email') ? [] : [translate(messages, 'missingEmail')]),
  ],
  dated: false,
  skipsDuplicates: false,
  template: {
    fileName: 'agents-template.csv',
    csv: 'name,email,position\r\nJamie Rivera,jamie.rivera@example.com,Account Executive\r\n',
  },
  get help() {
    return [
      { name: 'name', text: translate(messages, 'helpRequired') },
      { name: 'email', text: translate(messages, 'helpEmail') },
      // The position the server gives is stored as it is, in English.
      { name: 'position', text: translate(messages, 'helpPosition', { position: DEFAULT_IMPORTED_POSITION }) },
      { name: 'password', text: translate(messages, 'helpPassword', { max: formatCount(IMPORT_PASSWORD_ROWS_MAX) }) },
    ];
  },
  get notes() {
    return [translate(messages, 'noteLinks', { days: OWNER_RESET_LINK_DAYS }), translate(messages, 'noteTakenEmail')];
  },
};

export const IMPORT_KINDS = [ENTRY_IMPORT, AGENT_IMPORT] as const;
