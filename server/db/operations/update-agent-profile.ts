import { sql } from 'drizzle-orm';
import type { AgentStatus } from '../../../contract/agents';
import type { MyProfile, UpdateMyProfileInput } from '../../../contract/insight';
import { notFound } from '../../domain/errors';
import { assertAgentActing } from '../../domain/sign-up';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { appendEvents } from '../events';
import { toProfile, type ProfileRow } from '../queries/agent-profile';
import { agents } from '../schema';

/**
 * PATCH /api/agents/me (docs/product.md §12.14, §12.22): the agent changes its name, position, whether it is shown on
 * public boards or its language (audited apart: no event, nothing on a board changes). In one transaction with its audit row and an agent.updated event (boards and screens read again;
 * the event hubs hide or show its name in events from then on).
 */
export async function updateAgentProfile(db: Db, agentId: number, input: UpdateMyProfileInput, actor: AuditActor, now: Date): Promise<MyProfile> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<ProfileRow & { status: AgentStatus }>(
      tx,
      sql`select id, name, email, position, public_profile, language, status from ${agents} where id = ${agentId}::int for update`,
    );
    if (!before) throw notFound('Agent');
    // The agent edits its own profile: not once it has been made inactive (docs/decisions/0034-sessions-follow-the-account.md).
    assertAgentActing(before);
    const [after] = await queryRows<ProfileRow>(
      tx,
      sql`update ${agents} set
          name = ${input.name ?? before.name},
          first_name = ${input.name === undefined ? sql`first_name` : sql`null`},
          last_name = ${input.name === undefined ? sql`last_name` : sql`null`},
          position = ${input.position ?? before.position},
          public_profile = ${input.publicProfile ?? before.public_profile},
          language = ${input.language === undefined ? before.language : input.language}
        where id = ${agentId}::int
        returning id, name, email, position, public_profile, language`,
    );
    if (before.language !== after!.language) {
      await appendAudit(tx, actor, { action: 'language.changed', targetType: 'agent', targetId: agentId, before: { language: before.language }, after: { language: after!.language } }, now);
    }
    const changed = (['name', 'position', 'public_profile'] as const).filter((key) => before[key] !== after![key]);
    if (changed.length > 0) {
      const pick = (row: ProfileRow) => Object.fromEntries(changed.map((key) => [key === 'public_profile' ? 'publicProfile' : key, row[key]]));
      await appendAudit(tx, actor, { action: 'agent.updated', targetType: 'agent', targetId: agentId, before: pick(before), after: pick(after!) }, now);
      await appendEvents(tx, [
        {
          type: 'agent.updated',
          agentId,
          public: { agentId, publicProfile: after!.public_profile },
          private: { name: after!.name, position: after!.position },
        },
      ]);
    }
    return toProfile(after!);
  });
}
