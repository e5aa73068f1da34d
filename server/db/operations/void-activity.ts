import { sql } from 'drizzle-orm';
import type { Activity } from '../../../contract/metrics';
import { activityValueOut } from '../../domain/metrics';
import { text } from '../../../contract/i18n';
import { conflict, notFound } from '../../domain/errors';
import { messages } from './messages';
import { appendAudit, type AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { appendEvents } from '../events';
import type { MetricRow } from '../queries/metrics';
import { activityVoidedEvent, addingToMetricRollUps } from '../rule-sql';
import { activities, agents, metrics } from '../schema';
import { storedActivityColumns, toActivity, type StoredActivityRow } from '../queries/activities';

export interface VoidActivityRequest {
  activityId: number;
  reason: string;
  /** Who voids it, as the activity will say (a user's or a token's name). */
  byName: string;
  actor: AuditActor;
  now: Date;
  timeZone: string;
  /**
   * Whether the caller may void this agent's activities (team scope): throws when not. Called before the transaction
   * begins, as it reads through the app's database, not the transaction's connection.
   */
  mayVoid: (agentId: number) => Promise<void>;
}

const readActivity = async (tx: Db, id: number, lock = false) =>
  (
    await queryRows<StoredActivityRow & { metric_id: number }>(
      tx,
      sql`select ${storedActivityColumns}, a.metric_id from ${activities} a join ${agents} g on g.id = a.agent_id
        where a.id = ${id} ${lock ? sql`for update of a` : sql``}`,
    )
  )[0];

/**
 * Voids an activity as an income entry is voided (docs/product.md §12.11): a reversal with the opposite value on the
 * activity's date, `voids_activity_id` naming it, and the activity marked voided with who and why; the roll-ups
 * follow, and the audit row and activity.voided event commit with it. 409 for a reversal, or an activity already
 * voided (of concurrent voids, exactly one wins: the row is locked).
 */
export async function voidActivity(db: Db, request: VoidActivityRequest): Promise<{ activity: Activity; reversal: Activity }> {
  // The scope is checked first, outside the transaction: mayVoid reads through the app's database, and on PGlite, whose
  // one connection holds every other query while a transaction is open, a read from inside it would wait for ever (on
  // PostgreSQL it would hold a second pooled connection per void). An activity's agent never changes.
  const target = await readActivity(db, request.activityId);
  if (!target) throw notFound('Activity');
  await request.mayVoid(target.agent_id);
  return db.transaction(async (tx) => {
    const found = await readActivity(tx, request.activityId, true);
    if (!found) throw notFound('Activity');
    if (found.voids_activity_id !== null) throw conflict(text(messages, 'activityIsReversal', { id: String(found.id), of: String(found.voids_activity_id) }));
    if (found.voided_at_ms !== null) throw conflict(text(messages, 'activityAlreadyVoided', { id: String(found.id) }));
    const [metric] = await queryRows<Pick<MetricRow, 'id' | 'key' | 'name' | 'unit'>>(tx, sql`select id, key, name, unit from ${metrics} where id = ${found.metric_id}`);

    await tx.execute(sql`update ${activities} set voided_at = ${request.now.toISOString()}::timestamptz,
      voided_by = ${request.byName}, void_reason = ${request.reason} where id = ${found.id}`);
    const [reversal] = await queryRows<{ id: number }>(
      tx,
      sql`insert into ${activities} (metric_id, agent_id, value, date, note, self_reported, created_at, voids_activity_id)
        select o.metric_id, o.agent_id, -o.value, o.date, o.note, o.self_reported, ${request.now.toISOString()}::timestamptz, o.id
        from ${activities} o where o.id = ${found.id}
        returning id::float8 as id`,
    );
    await tx.execute(addingToMetricRollUps(sql`select metric_id, agent_id, date, value from ${activities} where id = ${reversal!.id}`, request.timeZone));
    const voided = toActivity(metric!, (await readActivity(tx, found.id))!);
    const written = toActivity(metric!, (await readActivity(tx, reversal!.id))!);
    await appendAudit(
      tx,
      request.actor,
      {
        action: 'activity.voided',
        targetType: 'activity',
        targetId: found.id,
        before: { metric: metric!.key, agentId: found.agent_id, value: found.value },
        after: { reversalActivityId: written.id, reason: request.reason },
      },
      request.now,
    );
    await appendEvents(tx, [
      activityVoidedEvent(found.agent_id, {
        activityId: found.id,
        agentId: found.agent_id,
        agentName: found.agent_name,
        metric: metric!.key,
        metricName: metric!.name,
        value: activityValueOut(metric!.unit, found.value),
        reversalActivityId: written.id,
        reason: request.reason,
        voidedBy: request.byName,
      }),
    ]);
    return { activity: voided, reversal: written };
  });
}
