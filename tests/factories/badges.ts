// Badge rules for tests (docs/decisions/0078-achievements.md).
import { sql } from 'drizzle-orm';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { queryRows, type Db } from '../../server/db/client';
import { createBadgeRule } from '../../server/db/operations/save-badge-rule';

/**
 * The first-sale badge rule named `name`, made the first time it is asked for (fixtures made again and again share
 * it: an organisation has at most BADGE_RULES_MAX rules). Its id.
 */
export async function badgeRuleNamed(db: Db, name: string, now = new Date()): Promise<number> {
  const [found] = await queryRows<{ id: number }>(db, sql`select id from badge_rules where name = ${name} order by id limit 1`);
  return found?.id ?? createBadgeRule(db, { kind: 'first_entry', name, description: null, params: {}, active: true }, SYSTEM_ACTOR, now);
}

/** The agent's badge of the rule, awarded now unless it holds it already. Its id. */
export async function badgeHeld(db: Db, ruleId: number, agentId: number, now = new Date()): Promise<number> {
  await db.execute(
    sql`insert into agent_badges (rule_id, agent_id, awarded_at, detail, event_id) values (${ruleId}, ${agentId}, ${now.toISOString()}::timestamptz, 'Made for a test', 0)
      on conflict do nothing`,
  );
  const [row] = await queryRows<{ id: number }>(db, sql`select id from agent_badges where rule_id = ${ruleId} and agent_id = ${agentId}`);
  return row!.id;
}
