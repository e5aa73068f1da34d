import { sql } from 'drizzle-orm';
import type { EntryImportLookups } from '../../domain/entry-import';
import { queryRows, type Db } from '../client';
import { activities, agents, incomeEntries } from '../schema';

const LOOKUP_BATCH = 5_000;

/** The database lookups an entry import checks its rows with (server/domain/entry-import.ts). */
export function entryImportLookups(db: Db): EntryImportLookups {
  return {
    agents: (emails, ids) =>
      queryRows<{ id: number; email: string }>(
        db,
        sql`select id, email from ${agents} where email = any(${sql.param(emails)}::text[]) or id = any(${sql.param(ids)}::int[])`,
      ),
    // As nameKey (server/domain/entry-import.ts) compares them: lower case, spaces single. Asked only for a file with
    // an owner name column: no index serves it, and one scan of the agents per import is cheap.
    agentsNamed: (names) =>
      queryRows<{ id: number; name: string }>(
        db,
        sql`select id, name from ${agents} where lower(btrim(regexp_replace(name, '\\s+', ' ', 'g'))) = any(${sql.param(names)}::text[])`,
      ),
    takenExternalIds: async (externalIds) => {
      const taken = new Set<string>();
      // A few thousand at a time: one array of 100,000 would be written into the query in one go, holding the event
      // loop for tens of milliseconds (docs/performance.md, imports and exports).
      for (let start = 0; start < externalIds.length; start += LOOKUP_BATCH) {
        const rows = await queryRows<{ external_id: string }>(
          db,
          sql`select external_id from ${incomeEntries} where external_id = any(${sql.param(externalIds.slice(start, start + LOOKUP_BATCH))}::text[])`,
        );
        for (const row of rows) taken.add(row.external_id);
      }
      return taken;
    },
  };
}

/** What an activity import of one metric looks up: the agents, as for entries, and the metric's external ids taken. */
export function activityImportLookups(db: Db, metricId: number): EntryImportLookups {
  return {
    agents: entryImportLookups(db).agents,
    agentsNamed: entryImportLookups(db).agentsNamed,
    takenExternalIds: async (externalIds) => {
      const taken = new Set<string>();
      for (let start = 0; start < externalIds.length; start += LOOKUP_BATCH) {
        const rows = await queryRows<{ external_id: string }>(
          db,
          sql`select external_id from ${activities} where metric_id = ${metricId}::int
            and external_id = any(${sql.param(externalIds.slice(start, start + LOOKUP_BATCH))}::text[])`,
        );
        for (const row of rows) taken.add(row.external_id);
      }
      return taken;
    },
  };
}
