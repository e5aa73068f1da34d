import { eq, sql } from 'drizzle-orm';
import { BADGE_RULES_KEPT_MAX, BADGE_RULES_MAX, type BadgeKind, type BadgeParams } from '../../../contract/badges';
import { text } from '../../../contract/i18n';
import { conflict, notFound } from '../../domain/errors';
import { messages } from './messages';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { badgeRules } from '../schema';

/** 409 when one more rule switched on would pass BADGE_RULES_MAX (the rules are locked by the caller). */
async function assertRoomSwitchedOn(tx: Db): Promise<void> {
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from ${badgeRules} where active`);
  if (count >= BADGE_RULES_MAX) throw conflict(text(messages, 'badgesOnMax', { max: BADGE_RULES_MAX }));
}

/**
 * Makes a badge rule (docs/decisions/0078-achievements.md), audited; 409 beyond BADGE_RULES_MAX rules switched on or
 * BADGE_RULES_KEPT_MAX in all. Its id.
 */
export async function createBadgeRule(
  db: Db,
  rule: { kind: BadgeKind; name: string; description: string | null; params: BadgeParams; active: boolean },
  actor: AuditActor,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Rules are made one at a time, so that two at once cannot both pass the count.
    await tx.execute(sql`lock table ${badgeRules} in share row exclusive mode`);
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(tx, sql`select count(*)::int as count from ${badgeRules}`);
    if (count >= BADGE_RULES_KEPT_MAX) throw conflict(text(messages, 'badgesKeptMax', { max: BADGE_RULES_KEPT_MAX }));
    if (rule.active) await assertRoomSwitchedOn(tx);
    const [row] = await tx.insert(badgeRules).values({ ...rule, createdAt: now, updatedAt: now }).returning({ id: badgeRules.id });
    await appendAudit(tx, actor, { action: 'badge_rule.created', targetType: 'badge_rule', targetId: row!.id, after: rule }, now);
    return row!.id;
  });
}

/** Changes a rule's name, description or whether it is on (its kind and settings never change), audited. */
export async function updateBadgeRule(
  db: Db,
  id: number,
  change: { name?: string; description?: string | null; active?: boolean },
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // As when a rule is made: one switched on at a time, so that two at once cannot both pass the count.
    if (change.active) await tx.execute(sql`lock table ${badgeRules} in share row exclusive mode`);
    const [before] = await tx.select().from(badgeRules).where(eq(badgeRules.id, id)).for('update');
    if (!before) throw notFound('Badge');
    if (change.active && !before.active) await assertRoomSwitchedOn(tx);
    await tx.update(badgeRules).set({ ...change, updatedAt: now }).where(eq(badgeRules.id, id));
    const named = Object.keys(change) as (keyof typeof change)[];
    await appendAudit(
      tx,
      actor,
      {
        action: 'badge_rule.updated',
        targetType: 'badge_rule',
        targetId: id,
        before: Object.fromEntries(named.map((key) => [key, before[key]])),
        after: change,
      },
      now,
    );
  });
}
