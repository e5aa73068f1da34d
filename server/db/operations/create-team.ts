import { sql } from 'drizzle-orm';
import type { CreateTeamInput, Team } from '../../../contract/teams';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { refusedAs, UNIQUE_VIOLATION } from '../errors';
import { findTeam } from '../queries/teams';
import { teams } from '../schema';
import { announce, announceLosers, assertMembers, membership, nameTaken, setMembers, teamsLosingAgents } from './team-changes';

/** POST /api/teams: the team, its managers and agents, its audit row and event, in one transaction. */
export async function createTeam(db: Db, input: CreateTeamInput, actor: AuditActor, now: Date): Promise<Team> {
  return refusedAs(UNIQUE_VIOLATION, nameTaken, () =>
    db.transaction(async (tx) => {
      await assertMembers(tx, input);
      const [made] = await queryRows<{ id: number }>(tx, sql`insert into ${teams} (name, created_at) values (${input.name}, ${now.toISOString()}::timestamptz) returning id`);
      const losers = await teamsLosingAgents(tx, made!.id, input.agentIds);
      await setMembers(tx, made!.id, input);
      const team = (await findTeam(tx, made!.id))!;
      await appendAudit(tx, actor, { action: 'team.created', targetType: 'team', targetId: team.id, after: membership(team) }, now);
      await announce(tx, team);
      await announceLosers(tx, losers);
      return team;
    }),
  );
}
