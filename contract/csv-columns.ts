// How an import file's separator and columns are read, the same on both sides: the server reads the file with it
// (server/domain/csv-file.ts, entry-import.ts) and the Import screen guesses the columns with it. No zod here.

/** The columns of an entry file. */
export const ENTRY_IMPORT_COLUMNS = ['agentEmail', 'agentId', 'amount', 'date', 'description', 'externalId'] as const;
export type EntryImportColumn = (typeof ENTRY_IMPORT_COLUMNS)[number];

/** Header names match case-, space-, dash- and underscore-insensitively: "Agent Email" is agentEmail. */
export const normaliseColumnName = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

const ENTRY_COLUMN_BY_NAME = new Map<string, EntryImportColumn>(ENTRY_IMPORT_COLUMNS.map((column) => [normaliseColumnName(column), column]));

/** The entry column a header name stands for, or undefined. */
export const entryColumnNamed = (name: string): EntryImportColumn | undefined => ENTRY_COLUMN_BY_NAME.get(normaliseColumnName(name));

/** The columns of an activity file (POST /api/imports/activities?metric=key: one metric per file). */
export const ACTIVITY_IMPORT_COLUMNS = ['agentEmail', 'agentId', 'value', 'date', 'note', 'externalId'] as const;
export type ActivityImportColumn = (typeof ACTIVITY_IMPORT_COLUMNS)[number];

const ACTIVITY_COLUMN_BY_NAME = new Map<string, ActivityImportColumn>(ACTIVITY_IMPORT_COLUMNS.map((column) => [normaliseColumnName(column), column]));

/** The activity column a header name stands for, or undefined. */
export const activityColumnNamed = (name: string): ActivityImportColumn | undefined => ACTIVITY_COLUMN_BY_NAME.get(normaliseColumnName(name));

/** The columns of an agent file: name and email required; position defaults to Sales Agent; password optional. */
export const AGENT_IMPORT_COLUMNS = ['name', 'email', 'position', 'password'] as const;
export type AgentImportColumn = (typeof AGENT_IMPORT_COLUMNS)[number];

const AGENT_COLUMN_BY_NAME = new Map<string, AgentImportColumn>(AGENT_IMPORT_COLUMNS.map((column) => [normaliseColumnName(column), column]));

/** The agent column a header name stands for, or undefined. */
export const agentColumnNamed = (name: string): AgentImportColumn | undefined => AGENT_COLUMN_BY_NAME.get(normaliseColumnName(name));

/** `,` or `;`: whichever the header line (outside quotes) holds more of; `,` when it holds neither. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}
