import { sql } from 'drizzle-orm';
import { TEAM_NAME_TAKEN_TEXT } from './team-changes';
import { text } from '../../../contract/i18n';
import { invalidValue, uniqueness } from '../../domain/scim/errors';
import { messages } from './messages';
import { queryRows, type Db } from '../client';
import { notScimUsers } from '../queries/scim';
import { teams } from '../schema';

// What the SCIM operations on groups share (docs/decisions/0091-scim-provisioning.md): members must be SCIM users, and
// a group's name and externalId are its own.

export const GROUP_EXTERNAL_ID_TAKEN = text(messages, 'groupExternalIdTaken');
/** A unique index's refusal of a write made at the same time as another. */
export const GROUP_TAKEN = text(messages, 'groupTaken');

/** Refuses (400 invalidValue) member ids that name no SCIM user: no such agent, or one the directory deleted. */
export async function assertScimUsers(tx: Db, ids: readonly number[]): Promise<void> {
  const missing = await notScimUsers(tx, ids);
  if (missing.length > 0) throw invalidValue(text(messages, 'membersUnknown', { ids: missing.slice(0, 20).join(', ') }));
}

/** Refuses (409 uniqueness) a name another team has (without regard to case) or an externalId another team has. */
export async function assertGroupFree(tx: Db, id: number | null, group: { name?: string | undefined; externalId?: string | null | undefined }): Promise<void> {
  const others = await queryRows<{ taken: 'name' | 'externalId' }>(
    tx,
    sql`select case when lower(name) = lower(${group.name ?? null}::text) then 'name' else 'externalId' end as taken from ${teams}
      where (lower(name) = lower(${group.name ?? null}::text) or external_id = ${group.externalId ?? null}::text) and id is distinct from ${id}::int`,
  );
  if (others.some((row) => row.taken === 'name')) throw uniqueness(TEAM_NAME_TAKEN_TEXT);
  if (others.length > 0) throw uniqueness(GROUP_EXTERNAL_ID_TAKEN);
}
