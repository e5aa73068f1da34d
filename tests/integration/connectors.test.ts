// Connectors (DESIGN §8, docs/decisions/0089-connectors.md): won deals come in from a CRM, checked as each provider
// documents it, kept and answered at once, then recorded by the connector worker exactly once whatever the retries,
// duplicates and order of the deliveries; a deal whose owner matches no agent waits until the owner maps it.
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  connectorDeliveryPage,
  connectorList,
  createdConnector,
  unmatchedOwnerList,
  type ConnectorDelivery,
  type CreatedConnector,
} from '../../contract/connectors';
import { queryRows } from '../../server/db/client';
import { insertConnectorDelivery } from '../../server/db/queries/connectors';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { describeEachEngine } from '../support/test-app';
import { UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE } from '../../server/connectors/refusal-budget';
import { until } from '../support/until';

const NOW = new Date('2026-11-24T15:00:00Z');

const fixture = (name: string) => readFileSync(new URL(`../fixtures/connectors/${name}`, import.meta.url), 'utf8');

interface EntryRow {
  id: number;
  agent_id: number;
  amount: string;
  external_id: string | null;
  voided: boolean;
  reversal: boolean;
}

describeEachEngine('connectors', (get) => {
  let owner = '';
  beforeEach(async () => {
    get().clock.now = NOW;
    owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
  });

  const make = async (body: Record<string, unknown>): Promise<CreatedConnector> => {
    const res = await get().request({ method: 'POST', url: '/api/connectors', headers: { cookie: owner }, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return createdConnector.parse(res.json());
  };
  const deliveries = async (id: number): Promise<ConnectorDelivery[]> => {
    const res = await get().request({ method: 'GET', url: `/api/connectors/${id}/deliveries?limit=200`, headers: { cookie: owner } });
    expect(res.statusCode, res.body).toBe(200);
    return connectorDeliveryPage.parse(res.json()).deliveries;
  };
  /** Waits until no delivery of the connector is pending; its log, newest first. */
  const settled = (id: number) =>
    until(`connector ${id}'s deliveries to be processed`, async () => {
      const log = await deliveries(id);
      return log.some((delivery) => delivery.status === 'pending') ? undefined : log;
    });
  const entriesOf = (prefix: string) =>
    queryRows<EntryRow>(
      get().database.db,
      sql`select id::float8 as id, agent_id, amount::text as amount, external_id, voided_at is not null as voided, voids_entry_id is not null as reversal
        from income_entries where external_id like ${`${prefix}%`} or voids_entry_id in (select id from income_entries where external_id like ${`${prefix}%`})
        order by id`,
    );
  const rowCount = async (table: string) => (await queryRows<{ n: number }>(get().database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

  /** A generic delivery, signed as our TierTrack-Signature says: t=<seconds>,v1=<HMAC-SHA256 of "t.body">. */
  const sendGeneric = (made: CreatedConnector, body: unknown, options: { secret?: string; at?: Date } = {}) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const t = Math.floor((options.at ?? get().clock.now).getTime() / 1000);
    const v1 = createHmac('sha256', options.secret ?? made.secret!).update(`${t}.${raw}`).digest('hex');
    return get().request({
      method: 'POST',
      url: made.inboundUrl,
      headers: { 'content-type': 'application/json', 'tiertrack-signature': `t=${t},v1=${v1}` },
      payload: raw,
    });
  };
  const deal = (id: string, fields: Record<string, unknown>) => ({ id, occurredAt: NOW.toISOString(), ...fields });

  it('records a won deal once, ignores its replays, re-records a changed amount and voids a deal that is lost, in any order', async () => {
    const t = get();
    const agent = await createAgent(t.database.db, { email: 'elena.generic@example.test' });
    const made = await make({ provider: 'generic', name: 'Our CRM', mapping: { agentBy: 'email' } });
    expect(made.secret).toMatch(/^ttc_/);
    expect(made.inboundUrl).toBe(`/api/connectors/${made.id}/inbound`);
    // The list never shows the secret.
    const list = await t.request({ method: 'GET', url: '/api/connectors', headers: { cookie: owner } });
    expect(connectorList.parse(list.json()).connectors.find((found) => found.id === made.id)).toMatchObject({ provider: 'generic', mapping: { agentBy: 'email', metric: 'profit', amountField: 'amount', stage: 'true' } });
    expect(list.body).not.toContain(made.secret!);

    const won = deal('G-1', { amount: '1500.00', won: true, owner: { email: 'Elena.Generic@example.test' }, occurredAt: '2026-11-24T10:00:00Z' });
    const first = await sendGeneric(made, won);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ deals: 1 });
    await settled(made.id);
    expect(await entriesOf('generic:G-1')).toEqual([expect.objectContaining({ agent_id: agent.id, amount: '1500.00', external_id: 'generic:G-1', voided: false })]);

    // The CRM's retry and a duplicate: answered, logged, nothing more recorded.
    expect((await sendGeneric(made, won)).statusCode).toBe(202);
    expect((await sendGeneric(made, { deals: [won, won] })).statusCode).toBe(202);
    const log = await settled(made.id);
    expect(log[0]!.outcome).toContain('deal G-1: already recorded');
    expect(await entriesOf('generic:G-1')).toHaveLength(1);

    // An older state arriving late changes nothing; a newer amount voids and records again.
    await sendGeneric(made, { ...won, amount: '900.00', occurredAt: '2026-11-24T09:00:00Z' });
    await sendGeneric(made, { ...won, amount: '1750.50', occurredAt: '2026-11-24T11:00:00Z' });
    await settled(made.id);
    const changed = await entriesOf('generic:G-1');
    expect(changed.filter((row) => !row.voided && !row.reversal)).toEqual([expect.objectContaining({ amount: '1750.50', external_id: 'generic:G-1:2' })]);
    expect(changed.filter((row) => row.voided).map((row) => row.amount)).toEqual(['1500.00']);

    // Lost afterwards: voided, nothing standing.
    await sendGeneric(made, { ...won, won: false, occurredAt: '2026-11-24T12:00:00Z' });
    const lostLog = await settled(made.id);
    expect(lostLog[0]!.outcome).toMatch(/deal G-1: not in the won stage: voided entry \d+/);
    expect((await entriesOf('generic:G-1')).filter((row) => !row.voided && !row.reversal)).toEqual([]);

    // Every recording and void is the connector's in the audit trail.
    const actors = await queryRows<{ actor_kind: string; actor_name: string; action: string }>(
      t.database.db,
      sql`select actor_kind, actor_name, action from audit_log where actor_kind = 'connector' and actor_id = ${made.id}
        union all select actor_kind, actor_name, action from audit_inbox where actor_kind = 'connector' and actor_id = ${made.id}`,
    );
    expect(actors.map((row) => row.action).sort()).toEqual(['entry.created', 'entry.created', 'entry.voided', 'entry.voided']);
    expect(new Set(actors.map((row) => row.actor_name))).toEqual(new Set(['Our CRM']));
  });

  it('logs at most a minute\'s budget of unauthenticated refusals per connector, refusing the rest all the same', async () => {
    const t = get();
    const made = await make({ provider: 'generic', name: 'Flooded', mapping: { agentBy: 'email' } });
    const other = await make({ provider: 'generic', name: 'Quiet', mapping: { agentBy: 'email' } });
    const unsigned = (connector: CreatedConnector) =>
      t.request({ method: 'POST', url: connector.inboundUrl, headers: { 'content-type': 'application/json' }, payload: '{"id":"F-1"}' });
    const statuses: number[] = [];
    for (let i = 0; i < UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE + 5; i++) statuses.push((await unsigned(made)).statusCode);
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect((await deliveries(made.id)).length).toBe(UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE);
    // Another connector's log is not affected, and a delivery that proves its sender is always logged.
    expect((await unsigned(other)).statusCode).toBe(401);
    expect((await deliveries(other.id)).length).toBe(1);
    expect((await sendGeneric(made, '{"id": "F-2", "amount": ')).statusCode).toBe(400);
    expect((await deliveries(made.id)).length).toBe(UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE + 1);
    // A minute later the budget is whole again.
    t.clock.now = new Date(NOW.getTime() + 60_000);
    expect((await unsigned(made)).statusCode).toBe(401);
    expect((await deliveries(made.id)).length).toBe(UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE + 2);
  });

  it('tries a delivery whose processing fails again after a backoff, says why in its log, and gives it up after three days', async () => {
    const t = get();
    const made = await make({ provider: 'generic', name: 'Poisoned', mapping: { agentBy: 'email' } });
    const entries = await rowCount('income_entries');
    // An update the database cannot take (no such amount): its processing throws every time.
    const id = await insertConnectorDelivery(
      t.database.db,
      {
        connectorId: made.id,
        receivedAt: NOW,
        status: 'pending',
        statusCode: 202,
        body: '{}',
        updates: { updates: [{ dealId: 'P-1', occurredAt: NOW.getTime(), amount: 'not an amount', won: true }], notes: [] },
        outcome: '',
      },
      { whileActive: true },
    );
    const row = async () =>
      (
        await queryRows<{ status: string; outcome: string; wait_s: number | null }>(
          t.database.db,
          sql`select status, outcome, extract(epoch from claimed_until - now())::float8 as wait_s from connector_deliveries where id = ${id}`,
        )
      )[0]!;
    const deferred = await until('the failed delivery to be put off', async () => {
      const current = await row();
      return current.outcome.startsWith('not processed yet') ? current : undefined;
    });
    expect(deferred.status).toBe('pending');
    expect(deferred.outcome).toMatch(/tried again in 1 min/);
    // Put off by its backoff (a minute at least), not taken again at every pass.
    expect(deferred.wait_s).toBeGreaterThan(50);
    expect((await deliveries(made.id)).find((delivery) => delivery.id === id)?.outcome).toMatch(/^not processed yet/);

    // Three days later (the wait over): given up, its reason kept.
    t.clock.now = new Date(NOW.getTime() + 3 * 24 * 60 * 60 * 1000);
    await t.database.db.execute(sql`update connector_deliveries set claimed_until = null where id = ${id}`);
    const givenUp = await until('the failed delivery to be given up', async () => {
      const current = await row();
      return current.status === 'processed' ? current : undefined;
    });
    expect(givenUp.outcome).toMatch(/^given up after three days of failures: /);
    expect(await rowCount('income_entries')).toBe(entries);
  });

  it('refuses bad signatures, stale timestamps and malformed bodies with 401 or 400, records nothing and logs why', async () => {
    const t = get();
    await createAgent(t.database.db, { email: 'refused@example.test' });
    const made = await make({ provider: 'generic', name: 'Refusals', mapping: { agentBy: 'email' } });
    const body = deal('R-1', { amount: '100', won: true, owner: { email: 'refused@example.test' } });
    const entries = await rowCount('income_entries');

    const forged = await sendGeneric(made, body, { secret: 'ttc_not-the-secret' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/signature/i);
    const stale = await sendGeneric(made, body, { at: new Date(NOW.getTime() - 6 * 60 * 1000) });
    expect(stale.statusCode).toBe(401);
    const unsigned = await t.request({ method: 'POST', url: made.inboundUrl, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(unsigned.statusCode).toBe(401);
    const malformed = await sendGeneric(made, '{"id": "R-1", "amount": ');
    expect(malformed.statusCode).toBe(400);
    const noDate = await sendGeneric(made, { id: 'R-2', amount: '5', won: true, owner: { email: 'refused@example.test' } });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toContain('occurredAt');
    const unknown = await sendGeneric({ ...made, inboundUrl: '/api/connectors/999999/inbound' }, body);
    expect(unknown.statusCode).toBe(404);

    const log = await settled(made.id);
    expect(log.map((delivery) => [delivery.status, delivery.statusCode])).toEqual([
      ['rejected', 400],
      ['rejected', 400],
      ['rejected', 401],
      ['rejected', 401],
      ['rejected', 401],
    ]);
    // The body of a sender that was not who it said is not kept; a malformed body of an authenticated one is.
    expect(log.filter((delivery) => delivery.statusCode === 401).every((delivery) => delivery.body === null)).toBe(true);
    expect(log[1]!.body).toContain('"amount": ');
    expect(await rowCount('income_entries')).toBe(entries);

    // Switched off or on by another instance (straight in the database, while this one's read of the connector is
    // still fresh): a delivery is kept only while the connector is on, whatever this instance last read.
    const accepted = async () => (await sendGeneric(made, deal('R-9', { amount: '1', won: false }))).statusCode;
    expect(await accepted()).toBe(202);
    await t.database.db.execute(sql`update connectors set active = false where id = ${made.id}`);
    expect(await accepted()).toBe(403);
    await t.database.db.execute(sql`update connectors set active = true where id = ${made.id}`);
    expect(await accepted()).toBe(202);
    await settled(made.id);
    expect((await deliveries(made.id)).slice(0, 3).map((delivery) => [delivery.status, delivery.statusCode])).toEqual([
      ['processed', 202],
      ['rejected', 403],
      ['processed', 202],
    ]);

    // Switched off: refused (403) and logged, nothing recorded.
    const off = await t.request({ method: 'PATCH', url: `/api/connectors/${made.id}`, headers: { cookie: owner }, payload: { active: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await sendGeneric(made, body)).statusCode).toBe(403);
    expect(await rowCount('income_entries')).toBe(entries);
  });

  it('keeps a deal whose owner matches no agent waiting until the owner maps that CRM user, then records it and remembers', async () => {
    const t = get();
    const agent = await createAgent(t.database.db, { email: 'mapped.agent@example.test' });
    const made = await make({ provider: 'generic', name: 'By CRM user', mapping: { agentBy: 'externalUserId' } });
    await sendGeneric(made, { deals: [deal('U-1', { amount: '300', won: true, owner: { id: 'crm-77' } }), deal('U-2', { amount: '200.25', won: true, owner: { id: 'crm-77' } })] });
    const log = await settled(made.id);
    expect(log[0]!.outcome).toContain('deal U-1: owner crm-77 matches no agent: waiting to be mapped');
    const waiting = await t.request({ method: 'GET', url: `/api/connectors/${made.id}/unmatched`, headers: { cookie: owner } });
    expect(unmatchedOwnerList.parse(waiting.json()).owners).toEqual([{ ownerKey: 'crm-77', deals: 2, amount: '500.25', firstSeenAt: NOW.toISOString() }]);
    expect(await entriesOf('generic:U-')).toEqual([]);

    const refused = await t.request({ method: 'POST', url: `/api/connectors/${made.id}/unmatched/map`, headers: { cookie: owner }, payload: { ownerKey: 'crm-77', agentId: 99999999 } });
    expect(refused.statusCode).toBe(400);
    const mapped = await t.request({ method: 'POST', url: `/api/connectors/${made.id}/unmatched/map`, headers: { cookie: owner }, payload: { ownerKey: 'crm-77', agentId: agent.id } });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toEqual({ ownerKey: 'crm-77', agentId: agent.id, recorded: 2 });
    expect((await entriesOf('generic:U-')).map((row) => [row.external_id, row.amount, row.agent_id])).toEqual([
      ['generic:U-1', '300.00', agent.id],
      ['generic:U-2', '200.25', agent.id],
    ]);
    const none = await t.request({ method: 'GET', url: `/api/connectors/${made.id}/unmatched`, headers: { cookie: owner } });
    expect(unmatchedOwnerList.parse(none.json()).owners).toEqual([]);

    // Remembered: the next deal of that CRM user is recorded at once.
    await sendGeneric(made, deal('U-3', { amount: '10', won: true, owner: { id: 'crm-77' } }));
    await settled(made.id);
    expect((await entriesOf('generic:U-3')).map((row) => row.agent_id)).toEqual([agent.id]);

    // The agent leaves: its recorded deals stay while they do not change (a later delivery of another field: nothing
    // voided); a new deal of that CRM user waits, as deals are recorded for active agents only.
    await t.database.db.execute(sql`update agents set status = 'inactive' where id = ${agent.id}`);
    await sendGeneric(made, deal('U-3', { amount: '10', won: true, owner: { id: 'crm-77' }, closedAt: '2026-11-20', occurredAt: '2026-11-24T15:10:00Z' }));
    await sendGeneric(made, deal('U-4', { amount: '20', won: true, owner: { id: 'crm-77' } }));
    const left = await settled(made.id);
    expect(left.slice(0, 2).map((delivery) => delivery.outcome)).toEqual([
      expect.stringMatching(/^deal U-4: owner crm-77 is .+, who is not active: waiting to be mapped$/),
      expect.stringMatching(/^deal U-3: already recorded \(entry \d+\), nothing changed$/),
    ]);
    expect((await entriesOf('generic:U-3')).map((row) => [row.agent_id, row.voided])).toEqual([[agent.id, false]]);
  });

  it('records nothing for a deal whose external id an entry recorded another way already holds', async () => {
    const t = get();
    const agent = await createAgent(t.database.db, { email: 'taken.id@example.test' });
    const earlier = await t.request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner }, payload: { agentId: agent.id, amount: '70.00', externalId: 'generic:X-1' } });
    expect(earlier.statusCode, earlier.body).toBe(201);
    const made = await make({ provider: 'generic', name: 'Taken ids', mapping: { agentBy: 'email' } });
    await sendGeneric(made, deal('X-1', { amount: '70.00', won: true, owner: { email: 'taken.id@example.test' } }));
    const log = await settled(made.id);
    expect(log[0]!.outcome).toBe(`deal X-1: entry ${earlier.json<{ id: number }>().id} already has the external id generic:X-1: nothing recorded`);
    expect((await entriesOf('generic:X-1')).map((row) => row.amount)).toEqual(['70.00']);
  });

  it('feeds a count metric: a won deal is one activity, whatever its amount', async () => {
    const t = get();
    const agent = await createAgent(t.database.db, { email: 'deals.metric@example.test' });
    const metric = await t.request({ method: 'POST', url: '/api/metrics', headers: { cookie: owner }, payload: { key: 'won_deals', name: 'Won deals', unit: 'count' } });
    expect(metric.statusCode, metric.body).toBe(201);
    const made = await make({ provider: 'generic', name: 'Deals counted', mapping: { agentBy: 'email', metric: 'won_deals' } });
    await sendGeneric(made, deal('M-1', { amount: '12000', won: true, owner: { email: 'deals.metric@example.test' } }));
    await sendGeneric(made, deal('M-1', { amount: '12500', won: true, owner: { email: 'deals.metric@example.test' }, occurredAt: '2026-11-24T15:30:00Z' }));
    await settled(made.id);
    const activities = await queryRows<{ agent_id: number; value: string; external_id: string }>(
      t.database.db,
      sql`select agent_id, value::text as value, external_id from activities where external_id like 'generic:M-1%' and voided_at is null and voids_activity_id is null`,
    );
    // A count does not change with the amount: still the one activity.
    expect(activities).toEqual([{ agent_id: agent.id, value: '1.00', external_id: 'generic:M-1' }]);
    expect(await entriesOf('generic:M-1')).toEqual([]);
  });

  it('takes HubSpot property changes signed with X-HubSpot-Signature-v3, assembling the deal from several deliveries', async () => {
    const t = get();
    const agent = await createAgent(t.database.db, { email: 'hubspot.owner@example.test' });
    const clientSecret = 'hubspot-client-secret-0123456789';
    const made = await make({ provider: 'hubspot', name: 'HubSpot', mapping: { agentBy: 'externalUserId' }, clientSecret });
    expect(made.secret).toBeUndefined();
    const send = (events: unknown[], options: { at?: number; secret?: string } = {}) => {
      const body = JSON.stringify(events);
      const timestamp = String(options.at ?? t.clock.now.getTime());
      const uri = `http://localhost${made.inboundUrl}`;
      const signature = createHmac('sha256', options.secret ?? clientSecret).update(`POST${uri}${body}${timestamp}`).digest('base64');
      return t.request({
        method: 'POST',
        url: made.inboundUrl,
        headers: { host: 'localhost', 'content-type': 'application/json', 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp },
        payload: body,
      });
    };
    const change = (eventId: number, propertyName: string, propertyValue: string, occurredAt: number) => ({
      eventId,
      subscriptionId: 2881778,
      portalId: 62515,
      appId: 1160452,
      occurredAt,
      subscriptionType: 'deal.propertyChange',
      attemptNumber: 0,
      objectId: 1246965,
      propertyName,
      propertyValue,
      changeSource: 'CRM',
      sourceId: 'userId:1234567',
    });
    const base = NOW.getTime() - 60_000;
    // The stage arrives first, the amount last: nothing until the deal is whole.
    expect((await send([change(1, 'dealstage', 'closedwon', base + 3)])).statusCode).toBe(202);
    expect((await send([change(2, 'hubspot_owner_id', '4411', base + 1)])).statusCode).toBe(202);
    await settled(made.id);
    await t.request({ method: 'POST', url: `/api/connectors/${made.id}/unmatched/map`, headers: { cookie: owner }, payload: { ownerKey: '4411', agentId: agent.id } });
    expect((await send([change(3, 'amount', '2500.75', base + 2)])).statusCode).toBe(202);
    await settled(made.id);
    expect((await entriesOf('hubspot:1246965')).map((row) => [row.amount, row.agent_id, row.voided])).toEqual([['2500.75', agent.id, false]]);

    // HubSpot's retry of the same event (attemptNumber 1): nothing more.
    expect((await send([{ ...change(3, 'amount', '2500.75', base + 2), attemptNumber: 1 }])).statusCode).toBe(202);
    await settled(made.id);
    expect(await entriesOf('hubspot:1246965')).toHaveLength(1);

    // Refusals: another secret, a timestamp older than 5 minutes.
    expect((await send([change(4, 'amount', '1', base + 9)], { secret: 'someone-else-secret' })).statusCode).toBe(401);
    expect((await send([change(5, 'amount', '1', base + 9)], { at: NOW.getTime() - 5 * 60 * 1000 - 1 })).statusCode).toBe(401);
    expect((await entriesOf('hubspot:1246965')).filter((row) => !row.voided && !row.reversal).map((row) => row.amount)).toEqual(['2500.75']);

    // Deleted in HubSpot: voided.
    expect((await send([{ ...change(6, 'dealstage', 'closedwon', base + 10), subscriptionType: 'deal.deletion', propertyName: undefined, propertyValue: undefined }])).statusCode).toBe(202);
    await settled(made.id);
    expect((await entriesOf('hubspot:1246965')).filter((row) => !row.voided && !row.reversal)).toEqual([]);
  });

  it("takes Pipedrive's webhooks with its HTTP auth, and Salesforce's Outbound Messages from the connector's organisation, acknowledged", async () => {
    const t = get();
    const agent = await createAgent(t.database.db, { email: 'pipedrive.owner@example.test' });
    const pipedrive = await make({ provider: 'pipedrive', name: 'Pipedrive', mapping: { agentBy: 'externalUserId' } });
    expect(pipedrive.username).toBe('tiertrack');
    expect(pipedrive.password).toBeDefined();
    const v2 = JSON.stringify({
      meta: { action: 'change', entity: 'deal', entity_id: '77', id: 'f3a3c3c1-0000-4000-8000-000000000001', timestamp: '2026-11-24T14:00:00.000Z', version: '2.0', company_id: '123', user_id: '18487521', correlation_id: 'c1', type: 'general', change_source: 'app', is_bulk_edit: false, webhook_id: '99', webhook_owner_id: '18487521', host: 'company.pipedrive.com', attempt: 1 },
      data: { id: 77, title: 'Acme renewal', value: 4200.5, currency: 'USD', status: 'won', stage_id: 5, pipeline_id: 1, owner_id: 18487521, person_id: 3, org_id: 2, add_time: '2026-11-01T09:00:00Z', update_time: '2026-11-24T14:00:00Z', won_time: '2026-11-24T14:00:00Z', close_time: '2026-11-24T14:00:00Z' },
      previous: { status: 'open' },
    });
    const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const wrong = await t.request({ method: 'POST', url: pipedrive.inboundUrl, headers: { 'content-type': 'application/json', authorization: basic('tiertrack', 'guess') }, payload: v2 });
    expect(wrong.statusCode).toBe(401);
    await t.request({ method: 'POST', url: `/api/connectors/${pipedrive.id}/unmatched/map`, headers: { cookie: owner }, payload: { ownerKey: '18487521', agentId: agent.id } });
    const taken = await t.request({ method: 'POST', url: pipedrive.inboundUrl, headers: { 'content-type': 'application/json', authorization: basic(pipedrive.username!, pipedrive.password!) }, payload: v2 });
    expect(taken.statusCode, taken.body).toBe(202);
    await settled(pipedrive.id);
    expect((await entriesOf('pipedrive:77')).map((row) => [row.amount, row.agent_id])).toEqual([['4200.50', agent.id]]);

    const orgId = '00DDn00000AbCdEMAV';
    const salesforce = await make({ provider: 'salesforce', name: 'Salesforce', mapping: { agentBy: 'externalUserId' }, organizationId: orgId.slice(0, 15) });
    expect(salesforce.inboundUrl).toMatch(new RegExp(`^/api/connectors/${salesforce.id}/inbound\\?token=[\\w-]{20,}$`));
    await t.request({ method: 'POST', url: `/api/connectors/${salesforce.id}/unmatched/map`, headers: { cookie: owner }, payload: { ownerKey: '005Dn000001AbCdIAK', agentId: agent.id } });
    const message = fixture('salesforce-opportunity-notifications.xml');
    const soap = await t.request({ method: 'POST', url: salesforce.inboundUrl, headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' }, payload: message });
    expect(soap.statusCode, soap.body).toBe(200);
    expect(soap.headers['content-type']).toMatch(/^text\/xml/);
    expect(soap.body).toMatch(/<Ack>true<\/Ack>/);
    const otherOrg = await t.request({ method: 'POST', url: salesforce.inboundUrl, headers: { 'content-type': 'text/xml' }, payload: message.replaceAll(orgId, '00D000000000001EAA') });
    expect(otherOrg.statusCode).toBe(401);
    const noToken = await t.request({ method: 'POST', url: salesforce.inboundUrl.replace(/token=.*/, 'token=guess'), headers: { 'content-type': 'text/xml' }, payload: message });
    expect(noToken.statusCode).toBe(401);
    await settled(salesforce.id);
    // The won opportunity is recorded on its close date; the lost one (another owner) is not.
    const recorded = await queryRows<{ external_id: string; amount: string; day: string }>(
      t.database.db,
      sql`select external_id, amount::text as amount, to_char(date at time zone 'UTC', 'YYYY-MM-DD') as day from income_entries where external_id like 'salesforce:%'`,
    );
    expect(recorded).toEqual([{ external_id: 'salesforce:006Dn00000ZkM3hIAF', amount: '4500.50', day: '2026-11-03' }]);
    // The stored credentials are hashes: neither the password nor the token is in the database as given.
    const stored = await queryRows<{ credential_hash: string }>(t.database.db, sql`select credential_hash from connectors where id in (${pipedrive.id}, ${salesforce.id}) order by id`);
    expect(stored.map((row) => row.credential_hash)).toEqual([
      createHash('sha256').update(pipedrive.password!).digest('hex'),
      createHash('sha256').update(new URL(salesforce.inboundUrl, 'http://x').searchParams.get('token')!).digest('hex'),
    ]);
  });

  it('refuses bad connector settings with a clear message and writes nothing', async () => {
    const t = get();
    const before = await rowCount('connectors');
    const cases: [Record<string, unknown>, string][] = [
      [{ provider: 'hubspot', name: 'H', mapping: { agentBy: 'externalUserId' } }, 'clientSecret is required for HubSpot'],
      [{ provider: 'salesforce', name: 'S', mapping: { agentBy: 'externalUserId' } }, 'organizationId is required for Salesforce'],
      [{ provider: 'salesforce', name: 'S', mapping: { agentBy: 'externalUserId' }, organizationId: '12345' }, 'organizationId must be your Salesforce organisation id'],
      [{ provider: 'generic', name: 'G', mapping: { agentBy: 'email' }, clientSecret: 'abcdefghij' }, 'clientSecret is only for HubSpot'],
      [{ provider: 'zoho', name: 'Z', mapping: { agentBy: 'email' } }, 'provider must be one of'],
      [{ provider: 'generic', name: 'G', mapping: { agentBy: 'phone' } }, 'mapping.agentBy must be'],
      [{ provider: 'generic', name: 'G', mapping: { agentBy: 'email', metric: 'no_such_metric' } }, 'there is no metric "no_such_metric"'],
      [{ provider: 'generic', name: '', mapping: { agentBy: 'email' } }, 'A connector needs a name'],
    ];
    for (const [body, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/connectors', headers: { cookie: owner }, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await rowCount('connectors')).toBe(before);
  });
});
