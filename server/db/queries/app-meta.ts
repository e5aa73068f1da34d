import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { agents, appMeta, users } from '../schema';

export async function readMeta(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return row?.value;
}

/** Sets a key only if it is not set yet; returns whether this call set it. */
export async function claimMeta(db: Db, key: string, value: string): Promise<boolean> {
  const rows = await db.insert(appMeta).values({ key, value }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** True when no account of any kind exists yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from ${users}) and not exists (select 1 from ${agents}) as empty`,
  );
  return row?.empty === true;
}
