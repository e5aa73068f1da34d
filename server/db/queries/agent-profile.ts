import { sql } from 'drizzle-orm';
import type { MyProfile } from '../../../contract/insight';
import { languageOrNull } from '../../../contract/languages';
import { notFound } from '../../domain/errors';
import { queryRows, type Db } from '../client';
import { agents } from '../schema';

export interface ProfileRow {
  id: number;
  name: string;
  email: string;
  position: string;
  public_profile: boolean;
  language: string | null;
}

export const toProfile = (row: ProfileRow): MyProfile => ({
  id: row.id,
  name: row.name,
  email: row.email,
  position: row.position,
  publicProfile: row.public_profile,
  language: languageOrNull(row.language),
});

/** GET /api/agents/me: the agent's own profile. */
export async function readAgentProfile(db: Db, agentId: number): Promise<MyProfile> {
  const [row] = await queryRows<ProfileRow>(db, sql`select id, name, email, position, public_profile, language from ${agents} where id = ${agentId}::int`);
  if (!row) throw notFound('Agent');
  return toProfile(row);
}

/** The agents not shown on public boards (the event hub hides their names from other readers). */
export async function readHiddenAgentIds(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from ${agents} where not public_profile`);
  return rows.map((row) => row.id);
}

/** The agents off the boards (pending or inactive): the event hub sends their events to staff (and themselves) only. */
export async function readOffBoardAgentIds(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from ${agents} where status <> 'active'`);
  return rows.map((row) => row.id);
}
