import { sql } from 'drizzle-orm';
import type { EntryImportLookups } from '../../domain/entry-import';
import { queryRows, type Db } from '../client';
import { agents, incomeEntries } from '../schema';

/** The database lookups an entry import checks its rows with (server/domain/entry-import.ts). */
export function entryImportLookups(db: Db): EntryImportLookups {
  return {
    agents: (emails, ids) =>
      queryRows<{ id: number; email: string }>(
        db,
        sql`select id, email from ${agents} where email = any(${sql.param(emails)}::text[]) or id = any(${sql.param(ids)}::int[])`,
      ),
    takenExternalIds: async (externalIds) => {
      if (externalIds.length === 0) return new Set();
      const rows = await queryRows<{ external_id: string }>(
        db,
        sql`select external_id from ${incomeEntries} where external_id = any(${sql.param(externalIds)}::text[])`,
      );
      return new Set(rows.map((row) => row.external_id));
    },
  };
}
