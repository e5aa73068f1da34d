import { sql } from 'drizzle-orm';
import { centsToMoneyString, MAX_ENTRY_CENTS, parseMoneyToCents } from '../../../contract/cents';
import { formatMoney } from '../../../contract/money-format';
import type { DealUpdate } from '../../domain/connectors/types';
import { AppError } from '../../domain/errors';
import { entryDateOutsideWindow } from '../../domain/income-entries';
import type { AuditActor } from '../audit';
import { queryRows, type Db } from '../client';
import { activities, agents, connectorDeals, incomeEntries } from '../schema';
import { mappedAgentOf, type ConnectorRow } from '../queries/connectors';
import { findMetric, type MetricRow } from '../queries/metrics';
import { recordActivity } from './record-activity';
import { recordIncomeEntry } from './record-income-entry';
import { voidActivity } from './void-activity';
import { voidIncomeEntry } from './void-income-entry';

/** A deal as the connector knows it (connector_deals), read under its row lock. */
interface DealRow {
  deal_id: string;
  amount: string | null;
  amount_at: number | null;
  won: boolean | null;
  won_at: number | null;
  owner_key: string | null;
  owner_at: number | null;
  deleted: boolean;
  deleted_at: number | null;
  closed_ms: number | null;
  closed_at_at: number | null;
  record_id: number | null;
  recorded_agent_id: number | null;
  recorded_amount: string | null;
  revision: number;
  waiting: boolean;
}

export interface DealContext {
  now: Date;
  timeZone: string;
  /** The metric the connector feeds: null for profit (income entries). */
  metric: MetricRow | null;
  /** How money is written in the outcome lines. */
  money: { currency: string; locale: string };
}

/** The audit trail's actor for what a connector records and voids. */
export const connectorActor = (connector: Pick<ConnectorRow, 'id' | 'name'>): AuditActor => ({
  kind: 'connector',
  id: connector.id,
  name: connector.name,
  ip: null,
  userAgent: null,
});

const dealColumns = sql`deal_id, amount::text as amount, amount_at::float8 as amount_at, won, won_at::float8 as won_at, owner_key,
  owner_at::float8 as owner_at, deleted, deleted_at::float8 as deleted_at, (extract(epoch from closed_at) * 1000)::float8 as closed_ms,
  closed_at_at::float8 as closed_at_at, record_id::float8 as record_id, recorded_agent_id, recorded_amount::text as recorded_amount, revision,
  waiting_since is not null as waiting`;

async function lockDeal(tx: Db, connectorId: number, dealId: string, now: Date): Promise<DealRow> {
  await queryRows(
    tx,
    sql`insert into ${connectorDeals} (connector_id, deal_id, updated_at) values (${connectorId}, ${dealId}, ${now.toISOString()}::timestamptz)
      on conflict (connector_id, deal_id) do nothing`,
  );
  const [row] = await queryRows<DealRow>(tx, sql`select ${dealColumns} from ${connectorDeals} where connector_id = ${connectorId} and deal_id = ${dealId} for update`);
  return row!;
}

/** A field takes the update's value when the update is at least as recent as the value it has (ties: the later arrival). */
const newer = (told: unknown, at: number | null, occurredAt: number) => told !== undefined && (at === null || occurredAt >= at);

/**
 * Applies one deal update of a connector's delivery and records, voids or re-records what the deal now means; returns
 * the delivery log's line for it. One transaction, the deal's row locked: two instances given the same deal at once
 * take turns, and the second finds it recorded. Each field keeps the value told with the latest `occurredAt`, so
 * deliveries in any order end in the same state.
 */
export async function applyDealUpdate(db: Db, connector: ConnectorRow, update: DealUpdate, context: DealContext): Promise<string> {
  return db.transaction(async (tx) => {
    const deal = await lockDeal(tx, connector.id, update.dealId, context.now);
    const at = update.occurredAt;
    const merged: DealRow = { ...deal };
    if (newer(update.amount, deal.amount_at, at)) Object.assign(merged, { amount: update.amount ?? null, amount_at: at });
    if (newer(update.won, deal.won_at, at)) Object.assign(merged, { won: update.won, won_at: at });
    if (newer(update.ownerKey, deal.owner_at, at)) Object.assign(merged, { owner_key: update.ownerKey ?? null, owner_at: at });
    if (newer(update.deleted, deal.deleted_at, at)) Object.assign(merged, { deleted: update.deleted, deleted_at: at });
    if (newer(update.closedAt, deal.closed_at_at, at)) Object.assign(merged, { closed_ms: update.closedAt ?? null, closed_at_at: at });
    await queryRows(
      tx,
      sql`update ${connectorDeals} set amount = ${merged.amount}::numeric, amount_at = ${merged.amount_at}, won = ${merged.won}, won_at = ${merged.won_at},
          owner_key = ${merged.owner_key}, owner_at = ${merged.owner_at}, deleted = ${merged.deleted}, deleted_at = ${merged.deleted_at},
          closed_at = ${merged.closed_ms === null ? null : new Date(merged.closed_ms).toISOString()}::timestamptz, closed_at_at = ${merged.closed_at_at},
          updated_at = ${context.now.toISOString()}::timestamptz
        where connector_id = ${connector.id} and deal_id = ${update.dealId}`,
    );
    return reconcile(tx, connector, merged, context);
  });
}

/**
 * Records again the deals of a CRM user just mapped to an agent (the unmatched screen): each under its own row lock, as
 * a delivery would. Their log lines.
 */
export async function reconcileDeals(db: Db, connector: ConnectorRow, dealIds: readonly string[], context: DealContext): Promise<string[]> {
  const lines: string[] = [];
  for (const dealId of dealIds) {
    lines.push(await db.transaction(async (tx) => reconcile(tx, connector, await lockDeal(tx, connector.id, dealId, context.now), context)));
  }
  return lines;
}

/** What the deal should have recorded now: the value (money as a decimal, a count as 1), or why nothing. */
function wanted(deal: DealRow, metric: DealContext['metric']): { value: string } | { nothing: string } {
  if (deal.deleted) return { nothing: 'deleted in the CRM' };
  if (deal.won !== true) return { nothing: deal.won === false ? 'not in the won stage' : 'not known to be won yet' };
  if (metric?.unit === 'count') return { value: '1' };
  const cents = deal.amount === null ? null : parseMoneyToCents(deal.amount);
  if (cents === null) return { nothing: 'won, with no amount yet' };
  if (cents <= 0n) return { nothing: 'won, with an amount of zero or less' };
  if (cents > MAX_ENTRY_CENTS) return { nothing: 'won, with an amount larger than the tracker can hold' };
  return { value: centsToMoneyString(cents) };
}

/** The agent a deal's owner is, active or not: mapped on this connector, else (by email) the agent with that email. */
async function agentOf(tx: Db, connector: ConnectorRow, ownerKey: string): Promise<{ id: number; name: string; active: boolean } | undefined> {
  const mapped = await mappedAgentOf(tx, connector.id, ownerKey);
  const condition =
    mapped !== undefined ? sql`id = ${mapped}` : connector.agentBy === 'email' ? sql`email = ${ownerKey.trim().toLowerCase()}` : undefined;
  if (!condition) return undefined;
  const [row] = await queryRows<{ id: number; name: string; active: boolean }>(tx, sql`select id, name, status = 'active' as active from ${agents} where ${condition}`);
  return row;
}

async function reconcile(tx: Db, connector: ConnectorRow, deal: DealRow, context: DealContext): Promise<string> {
  const label = `deal ${deal.deal_id}`;
  const want = wanted(deal, context.metric);
  const owner = 'value' in want && deal.owner_key !== null ? await agentOf(tx, connector, deal.owner_key) : undefined;
  // Deals are recorded for active agents; one recorded before its agent left stays theirs while it does not change.
  const agent = owner?.active ? owner : undefined;
  const written = (value: string) => (context.metric?.unit === 'count' ? `${value} ${context.metric.name}` : formatMoney(value, context.money));

  // Already what it should be: a replay, a duplicate, or a change of a field that records nothing (a rename).
  const recordedNow = deal.record_id !== null;
  if ('value' in want && owner && recordedNow && deal.recorded_agent_id === owner.id && deal.recorded_amount !== null && sameValue(deal.recorded_amount, want.value)) {
    await setWaiting(tx, connector.id, deal.deal_id, false, context.now);
    return `${label}: already recorded (${recordKind(context)} ${deal.record_id}), nothing changed`;
  }

  const parts: string[] = [];
  if (recordedNow) {
    const reason = 'value' in want ? `changed in ${connectorProviderName(connector)}` : `${want.nothing} in ${connectorProviderName(connector)}`;
    try {
      await voidRecord(tx, connector, deal.record_id!, `Deal ${deal.deal_id} ${reason}`, context);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return `${label}: ${reason}, but ${recordKind(context)} ${deal.record_id} could not be voided: ${error.message}`;
    }
    await queryRows(tx, sql`update ${connectorDeals} set record_id = null, recorded_agent_id = null, recorded_amount = null where connector_id = ${connector.id} and deal_id = ${deal.deal_id}`);
    parts.push(`voided ${recordKind(context)} ${deal.record_id}`);
  }

  if (!('value' in want)) {
    await setWaiting(tx, connector.id, deal.deal_id, false, context.now);
    return `${label}: ${want.nothing}${parts.length ? `: ${parts.join(', ')}` : ', nothing recorded'}`;
  }
  if (!agent) {
    await setWaiting(tx, connector.id, deal.deal_id, true, context.now);
    const who =
      deal.owner_key === null ? 'has no owner'
      : owner ? `owner ${deal.owner_key} is ${owner.name}, who is not active`
      : `owner ${deal.owner_key} matches no agent`;
    return `${label}: ${who}: waiting to be mapped${parts.length ? ` (${parts.join(', ')})` : ''}`;
  }

  const revision = deal.revision + 1;
  const externalId = `${connector.provider}:${deal.deal_id}${revision > 1 ? `:${revision}` : ''}`;
  // An entry recorded another way (the API, an import) with this external id: the deal is that entry, not a second.
  const taken = await externalIdTaken(tx, context.metric, externalId);
  if (taken !== undefined) {
    await setWaiting(tx, connector.id, deal.deal_id, false, context.now);
    return `${label}: ${recordKind(context)} ${taken} already has the external id ${externalId}: nothing recorded${parts.length ? ` (${parts.join(', ')})` : ''}`;
  }
  const date = dealDate(deal, context.now);
  const description = `${connector.name}: deal ${deal.deal_id}`;
  const actor = connectorActor(connector);
  const options = { timeZone: context.timeZone, now: context.now, actor };
  const recordId = context.metric
    ? (await recordActivity(tx, context.metric, { agentId: agent.id, value: want.value, date, note: description, externalId, selfReported: false }, options)).id
    : (await recordIncomeEntry(tx, { agentId: agent.id, amount: want.value, date, description, externalId }, options)).id;
  await queryRows(
    tx,
    sql`update ${connectorDeals} set record_id = ${recordId}, recorded_agent_id = ${agent.id}, recorded_amount = ${want.value}::numeric, revision = ${revision},
        waiting_since = null
      where connector_id = ${connector.id} and deal_id = ${deal.deal_id}`,
  );
  parts.push(`recorded ${written(want.value)} for ${agent.name} (${recordKind(context)} ${recordId})`);
  return `${label}: ${parts.join(', ')}`;
}

/** The entry (or the metric's activity) holding an external id, if any. */
async function externalIdTaken(tx: Db, metric: DealContext['metric'], externalId: string): Promise<number | undefined> {
  const [row] = metric
    ? await queryRows<{ id: number }>(tx, sql`select id::float8 as id from ${activities} where metric_id = ${metric.id} and external_id = ${externalId}`)
    : await queryRows<{ id: number }>(tx, sql`select id::float8 as id from ${incomeEntries} where external_id = ${externalId}`);
  return row?.id;
}

const sameValue = (a: string, b: string) => parseMoneyToCents(a) === parseMoneyToCents(b);
const recordKind = (context: DealContext) => (context.metric ? 'activity' : 'entry');
const connectorProviderName = (connector: ConnectorRow) =>
  ({ hubspot: 'HubSpot', pipedrive: 'Pipedrive', salesforce: 'Salesforce', generic: 'the CRM' })[connector.provider];

/** The deal's close day when the CRM tells one inside the entries' window, else now. */
function dealDate(deal: DealRow, now: Date): Date {
  if (deal.closed_ms === null) return now;
  const closed = new Date(deal.closed_ms);
  return entryDateOutsideWindow(closed, now) ? now : closed;
}

async function setWaiting(tx: Db, connectorId: number, dealId: string, waiting: boolean, now: Date) {
  await queryRows(
    tx,
    sql`update ${connectorDeals} set waiting_since = ${waiting ? sql`coalesce(waiting_since, ${now.toISOString()}::timestamptz)` : sql`null`}
      where connector_id = ${connectorId} and deal_id = ${dealId}`,
  );
}

async function voidRecord(tx: Db, connector: ConnectorRow, recordId: number, reason: string, context: DealContext) {
  const request = { reason, byName: `Connector "${connector.name}"`, actor: connectorActor(connector), now: context.now, timeZone: context.timeZone };
  if (context.metric) await voidActivity(tx, { ...request, activityId: recordId, mayVoid: async () => {} });
  else await voidIncomeEntry(tx, { ...request, entryId: recordId });
}

/** The metric a connector feeds, as deals are recorded on it; null for profit. */
export async function dealMetricOf(db: Db, connector: ConnectorRow): Promise<DealContext['metric']> {
  if (connector.metricId === null) return null;
  return (await findMetric(db, connector.metricKey)) ?? null;
}
