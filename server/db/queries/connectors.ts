import { sql } from 'drizzle-orm';
import { PROFIT_METRIC } from '../../../contract/limits';
import {
  type Connector,
  type ConnectorAgentBy,
  type ConnectorDelivery,
  type ConnectorDeliveryPage,
  type ConnectorDeliveryStatus,
  type ConnectorProvider,
  type UnmatchedOwnerList,
} from '../../../contract/connectors';
import { queryRows, type Db } from '../client';
import { connectorDeals, connectorDeliveries, connectorOwners, connectors, metrics } from '../schema';
import { epochMs } from '../time-sql';
import { millis } from './webhooks';

/** A connector as the server uses it: its settings and the credentials its deliveries are checked with. */
export interface ConnectorRow {
  id: number;
  provider: ConnectorProvider;
  name: string;
  agentBy: ConnectorAgentBy;
  /** Null: profit (income entries). */
  metricId: number | null;
  metricKey: string;
  amountField: string;
  stage: string;
  secret: string | null;
  username: string | null;
  credentialHash: string | null;
  organizationId: string | null;
  active: boolean;
  createdAt: Date;
}

interface StoredConnector {
  id: number;
  provider: ConnectorProvider;
  name: string;
  agent_by: ConnectorAgentBy;
  metric_id: number | null;
  metric_key: string | null;
  amount_field: string;
  stage: string;
  secret: string | null;
  username: string | null;
  credential_hash: string | null;
  organization_id: string | null;
  active: boolean;
  created_ms: number;
}

const connectorColumns = sql`c.id, c.provider, c.name, c.agent_by, c.metric_id, m.key as metric_key, c.amount_field, c.stage, c.secret,
  c.username, c.credential_hash, c.organization_id, c.active, ${epochMs(sql`c.created_at`)} as created_ms`;

const toRow = (row: StoredConnector): ConnectorRow => ({
  id: row.id,
  provider: row.provider,
  name: row.name,
  agentBy: row.agent_by,
  metricId: row.metric_id,
  metricKey: row.metric_key ?? PROFIT_METRIC,
  amountField: row.amount_field,
  stage: row.stage,
  secret: row.secret,
  username: row.username,
  credentialHash: row.credential_hash,
  organizationId: row.organization_id,
  active: row.active,
  createdAt: new Date(row.created_ms),
});

export const inboundPathOf = (id: number) => `/api/connectors/${id}/inbound`;

/** What the owner reads of a connector: never its credentials. */
export function toConnector(row: ConnectorRow, counts: { unmatched: number; lastDeliveryMs: number | null }): Connector {
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    mapping: { agentBy: row.agentBy, metric: row.metricKey, amountField: row.amountField, stage: row.stage },
    organizationId: row.organizationId,
    active: row.active,
    inboundPath: inboundPathOf(row.id),
    unmatched: counts.unmatched,
    lastDeliveryAt: counts.lastDeliveryMs === null ? null : new Date(counts.lastDeliveryMs).toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function countConnectors(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${connectors}`);
  return row?.n ?? 0;
}

export async function findConnector(db: Db, id: number): Promise<ConnectorRow | undefined> {
  const [row] = await queryRows<StoredConnector>(db, sql`select ${connectorColumns} from ${connectors} c left join ${metrics} m on m.id = c.metric_id where c.id = ${id}`);
  return row && toRow(row);
}

export interface NewConnector {
  provider: ConnectorProvider;
  name: string;
  agentBy: ConnectorAgentBy;
  metricId: number | null;
  amountField: string;
  stage: string;
  secret: string | null;
  username: string | null;
  credentialHash: string | null;
  organizationId: string | null;
  createdBy: number;
  createdAt: Date;
}

export async function insertConnector(db: Db, made: NewConnector): Promise<Connector> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into ${connectors} (provider, name, agent_by, metric_id, amount_field, stage, secret, username, credential_hash, organization_id, created_by, created_at)
      values (${made.provider}, ${made.name}, ${made.agentBy}, ${made.metricId}, ${made.amountField}, ${made.stage}, ${made.secret}, ${made.username},
        ${made.credentialHash}, ${made.organizationId}, ${made.createdBy}, ${made.createdAt.toISOString()}::timestamptz)
      returning id`,
  );
  const found = await findConnector(db, row!.id);
  return toConnector(found!, { unmatched: 0, lastDeliveryMs: null });
}

/** Every connector (or the one `id` names) with its unmatched deals and its last delivery, oldest first. */
export async function listConnectors(db: Db, id?: number): Promise<Connector[]> {
  const rows = await queryRows<StoredConnector & { unmatched: number; last_ms: number | null }>(
    db,
    sql`select ${connectorColumns},
        (select count(*)::int from ${connectorDeals} d where d.connector_id = c.id and d.waiting_since is not null) as unmatched,
        (select ${epochMs(sql`max(l.received_at)`)} from ${connectorDeliveries} l where l.connector_id = c.id) as last_ms
      from ${connectors} c left join ${metrics} m on m.id = c.metric_id ${id === undefined ? sql`` : sql`where c.id = ${id}`} order by c.id`,
  );
  return rows.map((row) => toConnector(toRow(row), { unmatched: row.unmatched, lastDeliveryMs: row.last_ms }));
}

export async function readConnector(db: Db, id: number): Promise<Connector | undefined> {
  return (await listConnectors(db, id))[0];
}

export interface ConnectorChange {
  name?: string;
  agentBy?: ConnectorAgentBy;
  metricId?: number | null;
  amountField?: string;
  stage?: string;
  active?: boolean;
}

/** Changes a connector; its row before and after, or undefined when there is none. */
export async function updateConnector(db: Db, id: number, change: ConnectorChange): Promise<{ before: ConnectorRow; after: ConnectorRow } | undefined> {
  const before = await findConnector(db, id);
  if (!before) return undefined;
  await queryRows(
    db,
    sql`update ${connectors} set
        name = ${change.name ?? before.name},
        agent_by = ${change.agentBy ?? before.agentBy},
        metric_id = ${change.metricId === undefined ? before.metricId : change.metricId},
        amount_field = ${change.amountField ?? before.amountField},
        stage = ${change.stage ?? before.stage},
        active = ${change.active ?? before.active}
      where id = ${id}`,
  );
  return { before, after: (await findConnector(db, id))! };
}

/** Deletes a connector with its log, deals and owner mappings; what it recorded stays (entries are never deleted). */
export async function deleteConnector(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`delete from ${connectors} where id = ${id} returning id`);
  return rows.length > 0;
}

export interface NewDelivery {
  connectorId: number;
  receivedAt: Date;
  status: ConnectorDeliveryStatus;
  statusCode: number;
  body: string | null;
  updates: unknown;
  outcome: string;
}

/**
 * Keeps a delivery (pending ones are the worker's queue); its id, or undefined when the connector is gone (or, with
 * `whileActive`, switched off) by the time of the insert: the caller checked it from a cache a moment older.
 */
export async function insertConnectorDelivery(db: Db, delivery: NewDelivery, options: { whileActive: boolean }): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into ${connectorDeliveries} (connector_id, received_at, status, status_code, body, updates, outcome, processed_at)
      select ${delivery.connectorId}, ${delivery.receivedAt.toISOString()}::timestamptz, ${delivery.status}, ${delivery.statusCode}, ${delivery.body},
        ${delivery.updates === null ? null : JSON.stringify(delivery.updates)}::jsonb, ${delivery.outcome},
        ${delivery.status === 'pending' ? null : delivery.receivedAt.toISOString()}::timestamptz
      where exists (select 1 from ${connectors} c where c.id = ${delivery.connectorId} ${options.whileActive ? sql`and c.active` : sql``})
      returning id::float8 as id`,
  );
  return row?.id;
}

interface StoredDelivery {
  id: number;
  received_ms: number;
  status: ConnectorDeliveryStatus;
  status_code: number;
  outcome: string;
  body: string | null;
  processed_ms: number | null;
}

const toDelivery = (row: StoredDelivery): ConnectorDelivery => ({
  id: row.id,
  receivedAt: new Date(row.received_ms).toISOString(),
  status: row.status,
  statusCode: row.status_code,
  outcome: row.outcome,
  body: row.body,
  processedAt: row.processed_ms === null ? null : new Date(row.processed_ms).toISOString(),
});

/** A page of a connector's delivery log, newest first. */
export async function listConnectorDeliveries(db: Db, connectorId: number, offset: number, limit: number): Promise<ConnectorDeliveryPage> {
  const rows = await queryRows<StoredDelivery>(
    db,
    sql`select id::float8 as id, ${epochMs(sql`received_at`)} as received_ms, status, status_code, outcome, body, ${epochMs(sql`processed_at`)} as processed_ms
      from ${connectorDeliveries} where connector_id = ${connectorId} order by id desc offset ${offset} limit ${limit + 1}`,
  );
  return { deliveries: rows.slice(0, limit).map(toDelivery), nextOffset: rows.length > limit ? offset + limit : null };
}

export interface ClaimedDelivery {
  id: number;
  connectorId: number;
  updates: unknown;
  receivedAt: Date;
}

/**
 * Takes up to `limit` pending deliveries, oldest first, for `leaseMs`: another instance skips them meanwhile, and takes
 * them again if this one dies before finishing (the lease runs out). Times are the database's.
 */
export async function claimConnectorDeliveries(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const rows = await queryRows<{ id: number; connector_id: number; updates: unknown; received_ms: number }>(
    db,
    sql`with picked as (
        select id from ${connectorDeliveries}
        where status = 'pending' and (claimed_until is null or claimed_until < now())
        order by id limit ${limit} for update skip locked
      )
      update ${connectorDeliveries} l set claimed_until = now() + ${millis(leaseMs)}
      from picked where l.id = picked.id
      returning l.id::float8 as id, l.connector_id, l.updates, ${epochMs(sql`l.received_at`)} as received_ms`,
  );
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ id: row.id, connectorId: row.connector_id, updates: row.updates, receivedAt: new Date(row.received_ms) }));
}

/**
 * A delivery whose processing failed: taken again after `retryInMs` (its lease moved on), with why in its outcome;
 * or, `givenUp`, done with for good (processed, its updates dropped, the reason kept).
 */
export async function deferConnectorDelivery(db: Db, id: number, outcome: string, next: { retryInMs: number } | 'givenUp'): Promise<void> {
  await queryRows(
    db,
    next === 'givenUp'
      ? sql`update ${connectorDeliveries} set status = 'processed', outcome = ${outcome}, updates = null, claimed_until = null, processed_at = now()
          where id = ${id} and status = 'pending'`
      : sql`update ${connectorDeliveries} set outcome = ${outcome}, claimed_until = now() + ${millis(next.retryInMs)} where id = ${id} and status = 'pending'`,
  );
}

/** A delivery processed: what it became. The parsed updates are dropped (the body stays in the log). */
export async function finishConnectorDelivery(db: Db, id: number, outcome: string): Promise<void> {
  await queryRows(db, sql`update ${connectorDeliveries} set status = 'processed', outcome = ${outcome}, updates = null, claimed_until = null, processed_at = now() where id = ${id}`);
}

/** Whether deliveries wait to be processed (tests and the bench wait for none). */
export async function countPendingConnectorDeliveries(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${connectorDeliveries} where status = 'pending'`);
  return row?.n ?? 0;
}

/** Deletes log rows received before `before` (the log is kept 7 days); pending ones stay. */
export async function pruneConnectorDeliveries(db: Db, before: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${connectorDeliveries} where received_at < ${before.toISOString()}::timestamptz and status <> 'pending' returning id::float8 as id`,
  );
  return rows.length;
}

/** The CRM users whose won deals wait for an agent, the most deals first. */
export async function listUnmatchedOwners(db: Db, connectorId: number): Promise<UnmatchedOwnerList> {
  const rows = await queryRows<{ owner_key: string | null; deals: number; amount: string; first_ms: number }>(
    db,
    sql`select owner_key, count(*)::int as deals, coalesce(sum(amount), 0)::numeric(16, 2)::text as amount, ${epochMs(sql`min(waiting_since)`)} as first_ms
      from ${connectorDeals} where connector_id = ${connectorId} and waiting_since is not null
      group by owner_key order by count(*) desc, owner_key`,
  );
  return {
    owners: rows.map((row) => ({ ownerKey: row.owner_key ?? '', deals: row.deals, amount: row.amount, firstSeenAt: new Date(row.first_ms).toISOString() })),
  };
}

/** The agent a CRM user was mapped to on this connector, if any. */
export async function mappedAgentOf(db: Db, connectorId: number, ownerKey: string): Promise<number | undefined> {
  const [row] = await queryRows<{ agent_id: number }>(db, sql`select agent_id from ${connectorOwners} where connector_id = ${connectorId} and owner_key = ${ownerKey}`);
  return row?.agent_id;
}

/** Remembers that a CRM user is an agent (the latest mapping wins). */
export async function saveOwnerMapping(db: Db, connectorId: number, ownerKey: string, agentId: number, now: Date): Promise<void> {
  await queryRows(
    db,
    sql`insert into ${connectorOwners} (connector_id, owner_key, agent_id, created_at) values (${connectorId}, ${ownerKey}, ${agentId}, ${now.toISOString()}::timestamptz)
      on conflict (connector_id, owner_key) do update set agent_id = excluded.agent_id, created_at = excluded.created_at`,
  );
}

/** The deals of a CRM user waiting for an agent. */
export async function waitingDealsOf(db: Db, connectorId: number, ownerKey: string): Promise<string[]> {
  const rows = await queryRows<{ deal_id: string }>(
    db,
    sql`select deal_id from ${connectorDeals} where connector_id = ${connectorId} and owner_key = ${ownerKey} and waiting_since is not null order by waiting_since, deal_id`,
  );
  return rows.map((row) => row.deal_id);
}
