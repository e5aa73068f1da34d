import { eq, sql } from 'drizzle-orm';
import type { GoalPeriod } from '../../../contract/goal-periods';
import { centsToMoneyString } from '../../../contract/cents';
import { text } from '../../../contract/i18n';
import { conflict, notFound } from '../../domain/errors';
import { messages } from './messages';
import { spansOverlap, type GoalSpan } from '../../domain/goals';
import { appendAudit, type AuditActor } from '../audit';
import type { Db } from '../client';
import { appendEvents } from '../events';
import { findGoal, goalSpansOf, type GoalRow } from '../queries/goals';
import { goalChangedEvent } from '../rule-sql';
import { goals } from '../schema';

/** A goal to set: whose, on which metric (null: profit), per which period, from which period on, and its target in hundredths. */
export interface NewGoal {
  holder: { agentId: number } | { teamId: number };
  metricId: number | null;
  period: GoalPeriod;
  startsOn: string;
  recurring: boolean;
  target: bigint;
}

/** Goal writes take this lock (and only they): two set at once cannot both pass the one-in-force check. */
const lockGoals = (tx: Db) => tx.execute(sql`lock table ${goals} in share row exclusive mode`);

async function assertNoOverlap(tx: Db, goal: NewGoal, span: GoalSpan, exceptId?: number): Promise<void> {
  const others = (await goalSpansOf(tx, goal.holder, goal.metricId, goal.period)).filter((other) => other.id !== exceptId);
  const clash = others.find((other) => spansOverlap(other, span));
  if (clash) {
    const holder = 'agentId' in goal.holder ? 'agent' : 'team';
    throw conflict(text(messages, 'goalClash', { holder, period: goal.period, id: String(clash.id) }));
  }
}

const auditAfter = (goal: NewGoal) => ({
  ...goal.holder,
  metricId: goal.metricId,
  period: goal.period,
  startsOn: goal.startsOn,
  recurring: goal.recurring,
  target: centsToMoneyString(goal.target),
});

/**
 * Sets goals (docs/decisions/0074-goals.md), all or none: each must be the only goal of its holder, metric and period
 * kind in force in any period. Audited, one goal.changed event each. Returns the new ids in the order given.
 */
export async function createGoals(db: Db, list: readonly NewGoal[], actor: AuditActor, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockGoals(tx);
    const ids: number[] = [];
    for (const goal of list) {
      await assertNoOverlap(tx, goal, goal);
      const [row] = await tx
        .insert(goals)
        .values({
          metricId: goal.metricId,
          agentId: 'agentId' in goal.holder ? goal.holder.agentId : null,
          teamId: 'teamId' in goal.holder ? goal.holder.teamId : null,
          periodKind: goal.period,
          startsOn: goal.startsOn,
          recurring: goal.recurring,
          target: centsToMoneyString(goal.target),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: goals.id });
      ids.push(row!.id);
    }
    await appendAudit(
      tx,
      actor,
      list.map((goal, i) => ({ action: 'goal.created', targetType: 'goal', targetId: ids[i]!, after: auditAfter(goal) })),
      now,
    );
    await appendEvents(
      tx,
      list.map((goal, i) => goalChangedEvent({ goalId: ids[i]!, agentId: 'agentId' in goal.holder ? goal.holder.agentId : null, teamId: 'teamId' in goal.holder ? goal.holder.teamId : null })),
    );
    return ids;
  });
}

const holderOf = (goal: GoalRow): NewGoal['holder'] => (goal.agentId !== null ? { agentId: goal.agentId } : { teamId: goal.teamId! });

/**
 * Changes a goal's target or whether it renews (`mayChange` refuses a goal outside the caller's scope, before
 * anything is written). Making a one-off goal recurring is checked against the holder's other goals. Audited, with
 * its event.
 */
export async function updateGoal(
  db: Db,
  id: number,
  change: { target?: bigint; recurring?: boolean },
  mayChange: (goal: GoalRow) => Promise<void>,
  actor: AuditActor,
  now: Date,
): Promise<GoalRow> {
  return db.transaction(async (tx) => {
    await lockGoals(tx);
    const before = await findGoal(tx, id);
    if (!before) throw notFound('Goal');
    await mayChange(before);
    const after: GoalRow = { ...before, ...(change.target !== undefined ? { target: change.target } : {}), ...(change.recurring !== undefined ? { recurring: change.recurring } : {}) };
    if (after.recurring && !before.recurring) {
      await assertNoOverlap(tx, { holder: holderOf(before), metricId: before.metricId, period: before.period, startsOn: before.startsOn, recurring: true, target: after.target }, after, id);
    }
    await tx
      .update(goals)
      .set({ target: centsToMoneyString(after.target), recurring: after.recurring, updatedAt: now })
      .where(eq(goals.id, id));
    const fields = (goal: GoalRow) => ({
      ...(change.target !== undefined ? { target: centsToMoneyString(goal.target) } : {}),
      ...(change.recurring !== undefined ? { recurring: goal.recurring } : {}),
    });
    await appendAudit(tx, actor, { action: 'goal.updated', targetType: 'goal', targetId: id, before: fields(before), after: fields(after) }, now);
    await appendEvents(tx, [goalChangedEvent({ goalId: id, agentId: before.agentId, teamId: before.teamId })]);
    return after;
  });
}

/** Removes a goal (its marks go with it). Audited, with its event. */
export async function deleteGoal(db: Db, id: number, mayChange: (goal: GoalRow) => Promise<void>, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockGoals(tx);
    const before = await findGoal(tx, id);
    if (!before) throw notFound('Goal');
    await mayChange(before);
    await tx.delete(goals).where(eq(goals.id, id));
    await appendAudit(
      tx,
      actor,
      {
        action: 'goal.deleted',
        targetType: 'goal',
        targetId: id,
        before: { ...holderOf(before), metric: before.metric, period: before.period, startsOn: before.startsOn, recurring: before.recurring, target: centsToMoneyString(before.target) },
      },
      now,
    );
    await appendEvents(tx, [goalChangedEvent({ goalId: id, agentId: before.agentId, teamId: before.teamId, deleted: true })]);
  });
}
