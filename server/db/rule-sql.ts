import { sql, type SQL } from 'drizzle-orm';
import { incomeEntries } from './schema';

/**
 * The business rules that SQL applies, each written once. Entry writes, threshold edits, the consistency check
 * and the bulk loader all decide with these fragments, so they cannot disagree (docs/product.md §9.3).
 */

/**
 * Whether a total reaches a tier's threshold: at or above it, to the cent (server/domain/claims.ts `isTierReached`
 * is the same rule in TypeScript). An achievement is recorded the first time an agent's running total does this;
 * since totals can fall, "has reached" is judged on the agent's peak total.
 */
export function thresholdReached(threshold: SQL, total: SQL): SQL {
  return sql`${threshold} <= ${total}`;
}

/**
 * Every (agent, week/month/quarter/year) roll-up computed from the income entries with PostgreSQL's own calendar in the
 * organisation's time zone (weeks start on Monday), as columns agent_id, period_kind, period_start, income.
 * Entry writes keep the same roll-ups one entry at a time (server/domain/periods.ts computes the same starts).
 */
export function periodRollUpsFromEntries(timeZone: string): SQL {
  return sql`
    select e.agent_id, k.kind as period_kind, date_trunc(k.kind, e.date at time zone ${timeZone})::date as period_start,
      sum(e.amount) as income
    from ${incomeEntries} e cross join (values ('week'), ('month'), ('quarter'), ('year')) as k(kind)
    group by 1, 2, 3`;
}
