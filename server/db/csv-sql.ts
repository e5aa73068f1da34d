import { sql, type SQL } from 'drizzle-orm';

/**
 * The CSV cell rules of contract/csv.ts, in SQL, for the exports whose text the database writes (the 1,000,000
 * entry export: docs/performance.md, imports and exports). Keep the two in step: tests/integration/exports.test.ts
 * checks the same file on both engines, contract/csv.test.ts the JavaScript side.
 *
 * A text cell beginning with =, +, -, @, tab or CR gets a leading ' (a spreadsheet would run it as a formula); a cell
 * holding a comma, a quote, CR or LF is quoted, its quotes doubled. Null is the empty cell.
 */
export function csvTextSql(value: SQL): SQL {
  return sql`case
    when ${value} is null then ''
    when ${value} ~ E'[",\\r\\n]' then '"' || case when ${value} ~ E'^[-=+@\\t\\r]' then '''' else '' end || replace(${value}, '"', '""') || '"'
    when ${value} ~ E'^[-=+@\\t]' then '''' || ${value}
    else ${value}
  end`;
}
