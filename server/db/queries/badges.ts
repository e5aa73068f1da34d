import { sql } from 'drizzle-orm';
import type { AgentBadge, BadgeKind, BadgeParams, BadgeRule } from '../../../contract/badges';
import { badgeDescription } from '../../domain/badges';
import { queryRows, type Db } from '../client';
import { agentBadges, agents, badgeRules, metrics, tierSettings } from '../schema';

// Badge rules and the badges agents hold (docs/decisions/0078-achievements.md).

/** A rule as stored, with the names its description may need. */
export interface BadgeRuleRow {
  id: number;
  kind: BadgeKind;
  name: string;
  description: string | null;
  params: BadgeParams;
  active: boolean;
  createdAt: Date;
  awarded: number;
  metricName: string | null;
  tierName: string | null;
}

interface StoredRule {
  id: number;
  kind: BadgeKind;
  name: string;
  description: string | null;
  params: BadgeParams;
  active: boolean;
  created_at: string;
  awarded: number;
  metric_name: string | null;
  tier_name: string | null;
}

const ruleColumns = sql`r.id, r.kind, r.name, r.description, r.params, r.active, r.created_at::text as created_at,
  (select count(*)::int from ${agentBadges} b where b.rule_id = r.id) as awarded,
  (select m.name from ${metrics} m where m.key = r.params->>'metric') as metric_name,
  (select t.name from ${tierSettings} t where t.id = (r.params->>'tierId')::int) as tier_name`;

const toRule = (row: StoredRule): BadgeRuleRow => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  description: row.description,
  params: row.params,
  active: row.active,
  createdAt: new Date(row.created_at),
  awarded: row.awarded,
  metricName: row.metric_name,
  tierName: row.tier_name,
});

/** The rules, oldest first (only the active ones with `activeOnly`). */
export async function listBadgeRules(db: Db, activeOnly = false): Promise<BadgeRuleRow[]> {
  const rows = await queryRows<StoredRule>(db, sql`select ${ruleColumns} from ${badgeRules} r ${activeOnly ? sql`where r.active` : sql``} order by r.id`);
  return rows.map(toRule);
}

export async function findBadgeRule(db: Db, id: number): Promise<BadgeRuleRow | undefined> {
  const [row] = await queryRows<StoredRule>(db, sql`select ${ruleColumns} from ${badgeRules} r where r.id = ${id}::int`);
  return row ? toRule(row) : undefined;
}

/** A rule as the API gives it (`awarded` only for staff). */
export function badgeRuleOut(rule: BadgeRuleRow, staff: boolean): BadgeRule {
  return {
    id: rule.id,
    kind: rule.kind,
    name: rule.name,
    description: badgeDescription(rule.kind, rule.params, rule.description, { metricName: rule.metricName ?? undefined, tierName: rule.tierName ?? undefined }),
    params: rule.params,
    active: rule.active,
    awarded: staff ? rule.awarded : 0,
    createdAt: rule.createdAt.toISOString(),
  };
}

/** The badges an agent holds, newest first. */
export async function listAgentBadges(db: Db, agentId: number): Promise<AgentBadge[]> {
  const rows = await queryRows<{ badge_id: number; rule_id: number; awarded_at: string; detail: string } & StoredRule>(
    db,
    sql`select b.id as badge_id, b.rule_id, b.awarded_at::text as awarded_at, b.detail, ${ruleColumns}
      from ${agentBadges} b join ${badgeRules} r on r.id = b.rule_id
      where b.agent_id = ${agentId}::int order by b.awarded_at desc, b.id desc`,
  );
  return rows.map((row) => {
    const rule = toRule(row);
    return {
      id: row.badge_id,
      ruleId: row.rule_id,
      kind: rule.kind,
      name: rule.name,
      description: badgeRuleOut(rule, false).description,
      awardedAt: new Date(row.awarded_at).toISOString(),
      detail: row.detail,
    };
  });
}

/** One badge an agent holds (undefined: none of its, by that id), with what its credential needs. */
export async function findAgentBadge(db: Db, agentId: number, badgeId: number): Promise<(AgentBadge & { agentName: string; email: string }) | undefined> {
  const [badge] = (await listAgentBadges(db, agentId)).filter((held) => held.id === badgeId);
  if (!badge) return undefined;
  const [agent] = await queryRows<{ name: string; email: string }>(db, sql`select name, email from ${agents} where id = ${agentId}::int`);
  return agent ? { ...badge, agentName: agent.name, email: agent.email } : undefined;
}
