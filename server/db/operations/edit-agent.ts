import { sql } from 'drizzle-orm';
import { text } from '../../../contract/i18n';
import { emailTaken, invalid, notFound } from '../../domain/errors';
import { messages } from './messages';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { appendEvents } from '../events';
import { voidUnusedResets } from '../queries/password-resets';
import { findTeam } from '../queries/teams';
import { agents, teams } from '../schema';
import { announce } from './team-changes';

/** The fields of an agent the owner edits, as the audit names them. */
interface EditableRow {
  name: string;
  email: string;
  position: string;
  teamId: number | null;
}

type AgentEdit = Partial<EditableRow>;

/**
 * The owner changes an agent's name, email, position or team (PATCH /api/agents/{id} without `active`; docs/product.md
 * §11.8). Only the fields given change. An email another agent has is a 409 (also under concurrent requests: the
 * unique index); emailed password links sent to the old address stop working. A move between teams is sent as a
 * team.changed of each team concerned, as a team edit is, so managers' scopes follow it. One audit row
 * (`agent.updated`, naming the fields that changed, with before and after of the position and team) and one agent.updated event, in the same
 * transaction; nothing at all when nothing changed.
 */
export async function editAgent(db: Db, id: number, edit: AgentEdit, actor: AuditActor, now: Date): Promise<void> {
  await refusedAs(UNIQUE_VIOLATION, emailTaken, () =>
    db.transaction(async (tx) => {
      // The team joined first, then the agent: the order of a team edit (update-team.ts), so the two cannot deadlock; and
      // the team cannot be deleted under the move.
      if (typeof edit.teamId === 'number') {
        const [team] = await queryRows<{ id: number }>(tx, sql`select id from ${teams} where id = ${edit.teamId}::int for update`);
        if (!team) throw invalid(text(messages, 'noTeamWithId', { id: String(edit.teamId) }), 'teamId');
      }
      const [before] = await queryRows<EditableRow & { publicProfile: boolean }>(
        tx,
        sql`select name, email, position, team_id as "teamId", public_profile as "publicProfile" from ${agents} where id = ${id}::int for update`,
      );
      if (!before) throw notFound('Agent');
      const after: EditableRow = {
        name: edit.name ?? before.name,
        email: edit.email ?? before.email,
        position: edit.position ?? before.position,
        teamId: edit.teamId === undefined ? before.teamId : edit.teamId,
      };
      const changed = (['name', 'email', 'position', 'teamId'] as const).filter((key) => before[key] !== after[key]);
      if (changed.length === 0) return;

      if (after.email !== before.email) {
        const [holder] = await queryRows<{ id: number }>(tx, sql`select id from ${agents} where email = ${after.email} and id <> ${id}::int`);
        if (holder) throw emailTaken();
      }
      await tx.execute(
        sql`update ${agents} set
            name = ${after.name},
            first_name = ${after.name === before.name ? sql`first_name` : sql`null`},
            last_name = ${after.name === before.name ? sql`last_name` : sql`null`},
            email = ${after.email},
            position = ${after.position},
            team_id = ${after.teamId}::int
          where id = ${id}::int`,
      );
      // A link emailed to the old address is for the person who had it; one the owner handed over stays.
      if (after.email !== before.email) await voidUnusedResets(tx, 'agent', id, now, { emailedOnly: true });

      // The trail names every field that changed, with the values of those that are no personal data (position, team):
      // never a name or an email, which it could not erase with the agent (docs/decisions/0022-audit-trail.md).
      const kept = changed.filter((key) => key === 'position' || key === 'teamId');
      const pick = (row: EditableRow) => Object.fromEntries(kept.map((key) => [key, row[key]]));
      await appendAudit(
        tx,
        actor,
        { action: 'agent.updated', targetType: 'agent', targetId: id, before: kept.length > 0 ? pick(before) : null, after: { ...pick(after), attributes: changed } },
        now,
      );
      await appendEvents(tx, [
        {
          type: 'agent.updated',
          agentId: id,
          public: { agentId: id, publicProfile: before.publicProfile },
          private: { name: after.name, position: after.position },
        },
      ]);
      if (after.teamId !== before.teamId) {
        for (const teamId of [before.teamId, after.teamId]) {
          const team = teamId === null ? undefined : await findTeam(tx, teamId);
          if (team) await announce(tx, team);
        }
      }
    }),
  );
}
