import { sql, type SQL } from 'drizzle-orm';

/** A timestamp column as milliseconds since 1970 (a float8 node-postgres returns as a number). */
export const epochMs = (column: SQL) => sql`round(extract(epoch from ${column}) * 1000)::float8`;

/** A timestamp column as JavaScript's `toISOString()` writes it (UTC, milliseconds). */
export const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
