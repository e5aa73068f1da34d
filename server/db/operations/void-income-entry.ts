import { sql } from 'drizzle-orm';
import { text } from '../../../contract/i18n';
import type { ClaimStatus } from '../../../contract/rewards';
import { claimStatusText } from '../../domain/claims';
import { conflict, invalid, notFound } from '../../domain/errors';
import { messages } from './messages';
import { queryRows, type Db } from '../client';
import { NUMERIC_OUT_OF_RANGE, pgErrorCode } from '../errors';
import { appendAudit, type AuditActor } from '../audit';
import { appendEvents } from '../events';
import { lockTierThresholds } from '../locks';
import type { RecordedIncomeEntryRow } from '../queries/income-entries';
import { toRecordedRow, type StoredEntryRow } from './record-income-entry';
import { addingToPeriodRollUps, entryVoidedEvent, peakTotals, thresholdReached, tierReachedEvent } from '../rule-sql';
import { agents, incomeEntries, rewardClaims, tierAchievements, tierSettings } from '../schema';
import { epochMs } from '../time-sql';

export interface VoidRequest {
  entryId: number;
  reason: string;
  /** Who voids it: a user's or an API token's name, kept with the entry. */
  byName: string;
  actor: AuditActor;
  now: Date;
  timeZone: string;
}

export interface VoidedEntry {
  entry: RecordedIncomeEntryRow;
  reversal: RecordedIncomeEntryRow;
  tiersTakenBack: Array<{ tierId: number; tierName: string }>;
  tiersReached: Array<{ tierId: number; tierName: string }>;
}

/** An entry with its void columns read. */
type EntryRow = StoredEntryRow & { voids_entry_id: number | null; voided_at_ms: number | null; voided_by: string | null; void_reason: string | null };

const entryColumns = sql`e.id::float8 as id, e.agent_id, a.name as agent_name, e.amount::text as amount, e.description,
  ${epochMs(sql`e.date`)} as date_ms, e.new_total::text as new_total, e.transaction_type,
  ${epochMs(sql`e.created_at`)} as created_at_ms, e.external_id, e.voids_entry_id::float8 as voids_entry_id,
  ${epochMs(sql`e.voided_at`)} as voided_at_ms, e.voided_by, e.void_reason`;

const readEntry = async (tx: Db, id: number, lock = false) =>
  (await queryRows<EntryRow>(tx, sql`select ${entryColumns} from ${incomeEntries} e join ${agents} a on a.id = e.agent_id
    where e.id = ${id} ${lock ? sql`for update of e` : sql``}`))[0];

const negated = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/** The agent's peak total with its voided entries and their reversals left out: what the agent's tiers rest on. */
const effectivePeak = (agentId: number) =>
  sql`select coalesce((select p.peak from (${peakTotals(sql`e.agent_id = ${agentId}::int`)}) p), 0)::text as peak`;

/**
 * Voids an income entry (docs/product.md §12.11): entries are never edited or deleted, so a void writes a reversal
 * (the opposite amount, on the voided entry's date, `voids_entry_id` naming it) and marks the entry voided, with who
 * and why. In the same transaction the agent's total, entry count and peak, the week, month, quarter and year roll-ups of the
 * entry's date, and the tiers follow: a tier that only the voided entry reached is taken back, unless its reward is
 * claimed (then the void is refused: the claim is rejected first, or a deduction recorded instead); a tier reached
 * once a voided deduction no longer counts is recorded, with its tier.reached event. Refused with 409:
 * a reversal, or an entry already voided (so, of concurrent voids of one entry, exactly one wins).
 *
 * Locks: the tier thresholds shared, then the agent row (the order of claims and threshold edits, server/db/locks.ts),
 * which also orders the void against the agent's new entries.
 */
export async function voidIncomeEntry(db: Db, request: VoidRequest): Promise<VoidedEntry> {
  try {
    return await db.transaction(async (tx) => {
      await lockTierThresholds(tx, 'shared');
      const [found] = await queryRows<{ agent_id: number }>(tx, sql`select agent_id from ${incomeEntries} where id = ${request.entryId}`);
      if (!found) throw notFound('Income entry');
      const [agent] = await queryRows<{ name: string; total_income: string; peak_total: string }>(
        tx,
        sql`select name, total_income::text as total_income, peak_total::text as peak_total from ${agents}
          where id = ${found.agent_id} for update`,
      );
      const entry = await readEntry(tx, request.entryId, true);
      // The agent (and its entries) went between the two reads.
      if (!agent || !entry) throw notFound('Income entry');
      if (entry.voids_entry_id !== null) {
        throw conflict(text(messages, 'entryIsReversal', { id: String(entry.id), of: String(entry.voids_entry_id) }));
      }
      if (entry.voided_at_ms !== null) throw conflict(text(messages, 'entryAlreadyVoided', { id: String(entry.id) }));

      await tx.execute(sql`update ${incomeEntries} set voided_at = ${request.now.toISOString()}::timestamptz,
        voided_by = ${request.byName}, void_reason = ${request.reason} where id = ${entry.id}`);
      const reversalAmount = negated(entry.amount);
      const [reversal] = await queryRows<{ id: number }>(
        tx,
        sql`insert into ${incomeEntries} (agent_id, amount, description, date, new_total, transaction_type, created_at, voids_entry_id)
          select o.agent_id, -o.amount, o.description, o.date, ${agent.total_income}::numeric - o.amount,
            case when o.amount < 0 then 'addition' else 'deduction' end, ${request.now.toISOString()}::timestamptz, o.id
          from ${incomeEntries} o where o.id = ${entry.id}
          returning id::float8 as id`,
      );

      const [{ peak } = { peak: '0' }] = await queryRows<{ peak: string }>(tx, effectivePeak(entry.agent_id));
      const takenBack = await queryRows<{ tier_id: number; tier_name: string; claim_status: ClaimStatus | null }>(
        tx,
        sql`select t.id as tier_id, t.name as tier_name,
            (select c.status from ${rewardClaims} c where c.agent_id = ta.agent_id and c.tier_id = t.id and c.status <> 'rejected' and c.contest_award_id is null) as claim_status
          from ${tierAchievements} ta join ${tierSettings} t on t.id = ta.tier_id
          where ta.agent_id = ${entry.agent_id}
            and ${thresholdReached(sql`t.threshold`, sql`${agent.peak_total}::numeric`)}
            and not ${thresholdReached(sql`t.threshold`, sql`${peak}::numeric`)}
          order by t.tier_order`,
      );
      const claimed = takenBack.find((tier) => tier.claim_status !== null);
      if (claimed) {
        const way = claimed.claim_status === 'pending' || claimed.claim_status === 'processed' ? 'reject' : 'deduct';
        const status = claimStatusText(claimed.claim_status!);
        throw conflict(text(messages, 'voidTakesTierBack', { id: String(entry.id), tier: claimed.tier_name, agent: agent.name, status, way }));
      }
      if (takenBack.length > 0) {
        await tx.execute(sql`delete from ${tierAchievements} where agent_id = ${entry.agent_id}
          and tier_id in (${sql.join(takenBack.map((tier) => sql`${tier.tier_id}::int`), sql`, `)})`);
      }
      // Voiding a deduction can raise the peak: a tier it now reaches is reached now, as by an entry.
      const reached = await queryRows<{ tier_id: number; tier_name: string; tier_color: string }>(
        tx,
        sql`with added as (
            insert into ${tierAchievements} (agent_id, tier_id, achieved_at)
            select ${entry.agent_id}::int, t.id, ${request.now.toISOString()}::timestamptz from ${tierSettings} t
            where ${thresholdReached(sql`t.threshold`, sql`${peak}::numeric`)}
            on conflict do nothing
            returning tier_id
          )
          select t.id as tier_id, t.name as tier_name, t.color as tier_color from added join ${tierSettings} t on t.id = added.tier_id
          order by t.tier_order`,
      );

      await tx.execute(sql`update ${agents} set total_income = total_income + ${reversalAmount}::numeric,
        total_entries = total_entries - 1, peak_total = ${peak}::numeric where id = ${entry.agent_id}`);
      await tx.execute(addingToPeriodRollUps(sql`select agent_id, date, amount from ${incomeEntries} where id = ${reversal!.id}`, request.timeZone));

      const voided = (await readEntry(tx, entry.id))!;
      const written = (await readEntry(tx, reversal!.id))!;
      const tiersTakenBack = takenBack.map((tier) => ({ tierId: tier.tier_id, tierName: tier.tier_name }));
      const tiersReached = reached.map((tier) => ({ tierId: tier.tier_id, tierName: tier.tier_name }));
      await appendAudit(
        tx,
        request.actor,
        {
          action: 'entry.voided',
          targetType: 'income_entry',
          targetId: entry.id,
          before: { agentId: entry.agent_id, amount: entry.amount, agentTotal: agent.total_income },
          after: {
            reversalEntryId: written.id,
            reason: request.reason,
            agentTotal: written.new_total,
            tiersTakenBack: tiersTakenBack.map((tier) => tier.tierId),
            tiersReached: tiersReached.map((tier) => tier.tierId),
          },
        },
        request.now,
      );
      await appendEvents(tx, [
        entryVoidedEvent(entry.agent_id, {
          entryId: entry.id,
          agentId: entry.agent_id,
          agentName: agent.name,
          amount: entry.amount,
          reversalEntryId: written.id,
          newTotal: written.new_total,
          reason: request.reason,
          voidedBy: request.byName,
          tiersTakenBack,
        }),
        ...reached.map((tier) =>
          tierReachedEvent(entry.agent_id, {
            agentId: entry.agent_id,
            agentName: agent.name,
            tierId: tier.tier_id,
            tierName: tier.tier_name,
            tierColor: tier.tier_color,
            achievedAt: request.now.toISOString(),
          }),
        ),
      ]);
      return { entry: toRecordedRow(voided), reversal: toRecordedRow(written), tiersTakenBack, tiersReached };
    });
  } catch (error) {
    if (pgErrorCode(error) === NUMERIC_OUT_OF_RANGE) {
      throw invalid(text(messages, 'voidTotalOutOfRange'));
    }
    throw error;
  }
}
