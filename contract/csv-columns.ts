// How an import file's separator and columns are read, the same on both sides: the server reads the file with it
// (server/domain/csv-file.ts, entry-import.ts) and the Import screen guesses the columns with it. No zod here.

/** The columns of an entry file: whose entry (email, id or name), the amount, the day, a description, your system's id. */
export const ENTRY_IMPORT_COLUMNS = ['agentEmail', 'agentId', 'agentName', 'amount', 'date', 'description', 'externalId'] as const;
export type EntryImportColumn = (typeof ENTRY_IMPORT_COLUMNS)[number];

/**
 * Header names match whatever their case, spacing and punctuation: "Agent Email", "agent_email" and "AGENT-EMAIL" are
 * agentEmail, "Deal - Title" is "Deal Title", "Opportunity Owner: Email" is "Opportunity Owner Email".
 */
export const normaliseColumnName = (name: string) => name.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Other names of the entry columns: the spellings of the deal exports of HubSpot, Salesforce and Pipedrive
 * (docs/decisions/0080-crm-import-files.md says which are documented and which assumed). Earlier names are preferred:
 * when a file has two columns of one field (Pipedrive's won time and expected close date), the Import screen reads the
 * first and leaves the other out; the API asks the caller to leave one out (?ignore=).
 */
const ENTRY_COLUMN_ALIASES: Record<EntryImportColumn, readonly string[]> = {
  agentEmail: ['Owner Email', 'Deal Owner Email', 'Opportunity Owner: Email', 'Owner: Email', 'Opportunity Owner Email', 'Sales Rep Email', 'Rep Email'],
  agentId: [],
  // A CRM names its users, not our agents: a name is matched against the agents' names (docs/decisions/0080).
  agentName: ['Deal Owner', 'Opportunity Owner', 'Owner', 'Owner Name', 'Deal Owner Name', 'Opportunity Owner Name', 'Agent', 'Sales Rep'],
  amount: ['Deal - Value', 'Deal Value', 'Deal Amount', 'Opportunity Amount', 'Value'],
  date: ['Deal - Won time', 'Won time', 'Deal - Deal closed on', 'Deal closed on', 'Close Date', 'Closed Date', 'Date Closed', 'Deal - Expected close date', 'Expected close date'],
  description: ['Deal Name', 'Opportunity Name', 'Deal - Title', 'Deal Title'],
  externalId: ['Deal ID', 'Record ID', 'Opportunity ID', 'Deal - ID', 'hs_object_id'],
};

/** How a header name is read: the field, and its preference (0: the field's own name; then the aliases in order). */
export interface ColumnMatch<Column extends string> {
  column: Column;
  rank: number;
}

const ENTRY_COLUMN_BY_NAME = new Map<string, ColumnMatch<EntryImportColumn>>();
for (const column of ENTRY_IMPORT_COLUMNS) {
  ENTRY_COLUMN_BY_NAME.set(normaliseColumnName(column), { column, rank: 0 });
  ENTRY_COLUMN_ALIASES[column].forEach((alias, index) => {
    const key = normaliseColumnName(alias);
    if (!ENTRY_COLUMN_BY_NAME.has(key)) ENTRY_COLUMN_BY_NAME.set(key, { column, rank: index + 1 });
  });
}

/** The entry column a header name stands for (its own name or a CRM's spelling of it), and how preferred it is. */
export const entryColumnMatch = (name: string): ColumnMatch<EntryImportColumn> | undefined => ENTRY_COLUMN_BY_NAME.get(normaliseColumnName(name));

/** The entry column a header name stands for, or undefined. */
export const entryColumnNamed = (name: string): EntryImportColumn | undefined => entryColumnMatch(name)?.column;

/** Whether a header name is the column's own name rather than another spelling of it. */
export const isOwnColumnName = (name: string, column: string) => normaliseColumnName(name) === normaliseColumnName(column);

/**
 * The field each column of a header is read as: as `match` names it, except that of two columns read as one field only
 * the preferred (lowest rank; the first of equals) is kept, the other left out (undefined).
 */
export function guessHeaderColumns<Column extends string>(header: readonly string[], match: (name: string) => ColumnMatch<Column> | undefined): (Column | undefined)[] {
  const matches = header.map(match);
  const best = new Map<Column, number>();
  matches.forEach((found, index) => {
    if (!found) return;
    const held = best.get(found.column);
    if (held === undefined || matches[held]!.rank > found.rank) best.set(found.column, index);
  });
  return matches.map((found, index) => (found && best.get(found.column) === index ? found.column : undefined));
}

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
