import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_DEFAULTS } from '../../../contract/connectors';
import { parsePipedrive, verifyPipedrive } from './pipedrive';
import type { ConnectorSettings, InboundRequest } from './types';

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/connectors/${name}`, import.meta.url), 'utf8');
const json = (name: string) => JSON.parse(fixture(name)) as Record<string, Record<string, unknown>>;
const USER = 'hook-user';
const PASSWORD = 'Pa55:word';
// sha256sum of "Pa55:word", computed apart from node:crypto.
const PASSWORD_SHA256 = 'dc9dcd9d2f17326fffbaf8529235de8ea0c0d0e790c208eb538c9939b7757326';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const request = (authorization: string | undefined): InboundRequest => ({
  method: 'POST',
  url: 'https://hooks.example.com/api/connectors/5/inbound',
  headers: authorization === undefined ? {} : { authorization },
  rawBody: '{}',
  now: Date.UTC(2026, 10, 3),
});
const settings = (changes: Partial<ConnectorSettings> = {}): ConnectorSettings => ({
  provider: 'pipedrive',
  agentBy: 'externalUserId',
  amountField: CONNECTOR_DEFAULTS.pipedrive.amountField,
  stage: CONNECTOR_DEFAULTS.pipedrive.stage,
  organizationId: null,
  ...changes,
});
const REFUSED = { ok: false, statusCode: 401, message: "Pipedrive's HTTP auth username and password do not match this connector" };
const bad = (message: string) => ({ ok: false, statusCode: 400, message });

describe('verifyPipedrive', () => {
  it('passes the webhook’s HTTP auth username and password, sent as Basic authorization', () => {
    expect(createHash('sha256').update(PASSWORD).digest('hex')).toBe(PASSWORD_SHA256);
    expect(verifyPipedrive(request('Basic aG9vay11c2VyOlBhNTU6d29yZA=='), USER, PASSWORD_SHA256)).toEqual({ ok: true });
    expect(verifyPipedrive(request(basic(USER, PASSWORD).replace('Basic', 'basic')), USER, PASSWORD_SHA256)).toEqual({ ok: true });
  });

  it('refuses another username or password, and anything but Basic credentials', () => {
    for (const authorization of [
      undefined,
      '',
      basic(USER, 'Pa55:wor'),
      basic('hook-use', PASSWORD),
      basic(USER.toUpperCase(), PASSWORD),
      basic('', ''),
      `Bearer ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`,
      `Basic ${Buffer.from(`${USER}${PASSWORD}`).toString('base64')}`, // no colon
      'Basic !!!',
      basic(USER, PASSWORD).slice(6), // no scheme
    ]) {
      expect(verifyPipedrive(request(authorization), USER, PASSWORD_SHA256), String(authorization)).toEqual(REFUSED);
    }
    expect(verifyPipedrive(request(basic(USER, PASSWORD)), USER, 'not-a-hash')).toEqual(REFUSED);
  });
});

describe('parsePipedrive, webhooks v2', () => {
  it('reads a changed deal’s whole state, its value rounded in decimal digits (1234.565 → 1234.57)', () => {
    expect(parsePipedrive(fixture('pipedrive-v2-deal-change.json'), settings())).toEqual({
      ok: true,
      updates: [
        {
          dealId: '1203',
          occurredAt: Date.UTC(2026, 10, 3, 14, 22, 5),
          won: true,
          deleted: false,
          closedAt: Date.UTC(2026, 10, 3, 14, 22, 5),
          amount: '1234.57',
          ownerKey: '13219342',
        },
      ],
      notes: [],
    });
  });

  it('reads a lost deal as not won, closed when it was lost', () => {
    const body = json('pipedrive-v2-deal-change.json');
    body.data = { ...body.data, status: 'lost', won_time: null, first_won_time: null, lost_time: '2026-11-04T10:00:00Z', close_time: '2026-11-04T10:00:00Z', value: 800 };
    expect(parsePipedrive(JSON.stringify(body), settings())).toEqual({
      ok: true,
      updates: [{ dealId: '1203', occurredAt: Date.UTC(2026, 10, 3, 14, 22, 5), won: false, deleted: false, closedAt: Date.UTC(2026, 10, 4, 10), amount: '800', ownerKey: '13219342' }],
      notes: [],
    });
  });

  it('reads won from the stage id when the connector’s stage is not "won"', () => {
    const fields = (stage: string) => {
      const parsed = parsePipedrive(fixture('pipedrive-v2-deal-change.json'), settings({ stage }));
      return parsed.ok ? parsed.updates[0]?.won : parsed;
    };
    expect(fields('5')).toBe(true);
    expect(fields('4')).toBe(false);
  });

  it('reads a deleted deal from previous, at the time of the deletion', () => {
    expect(parsePipedrive(fixture('pipedrive-v2-deal-delete.json'), settings())).toEqual({
      ok: true,
      updates: [{ dealId: '1203', occurredAt: Date.UTC(2026, 10, 4, 9, 5), deleted: true }],
      notes: [],
    });
  });

  it('skips other entities with a note', () => {
    expect(parsePipedrive(fixture('pipedrive-v2-person-create.json'), settings())).toEqual({ ok: true, updates: [], notes: ['person create: not a deal: skipped'] });
  });

  it('reads the amount from a custom field by its key', () => {
    const body = json('pipedrive-v2-deal-change.json');
    const key = 'd4de1c1518b4531717c676029a45911c340390a6';
    body.data = { ...body.data, custom_fields: { [key]: { value: 999.999, currency: 'USD' }, plain: '42.10' } };
    const amount = (field: string) => {
      const parsed = parsePipedrive(JSON.stringify(body), settings({ amountField: field }));
      return parsed.ok ? parsed.updates[0]?.amount : parsed;
    };
    expect(amount(key)).toBe('1000');
    expect(amount('plain')).toBe('42.1');
  });

  it('falls back on meta.timestamp, as an ISO string or unix seconds', () => {
    const body = json('pipedrive-v2-deal-change.json');
    body.data = { ...body.data, update_time: null };
    const occurredAt = (timestamp: unknown) => {
      body.meta = { ...body.meta, timestamp };
      const parsed = parsePipedrive(JSON.stringify(body), settings());
      return parsed.ok ? parsed.updates[0]?.occurredAt : parsed;
    };
    expect(occurredAt('2026-11-03T14:22:06.381Z')).toBe(Date.UTC(2026, 10, 3, 14, 22, 6, 381));
    expect(occurredAt(1793715726)).toBe(1793715726000);
    expect(occurredAt(undefined)).toEqual(bad('deal 1203: the webhook has no update_time or meta.timestamp'));
  });

  it('notes an amount it cannot tell, and keeps the rest of the deal', () => {
    const body = json('pipedrive-v2-deal-change.json');
    body.data = { ...body.data, value: 'a lot' };
    expect(parsePipedrive(JSON.stringify(body), settings())).toMatchObject({ ok: true, notes: ['deal 1203: value "a lot" is not an amount: ignored'] });
    expect(parsePipedrive(JSON.stringify(body), settings({ amountField: 'weighted' }))).toMatchObject({
      ok: true,
      updates: [{ dealId: '1203', won: true, ownerKey: '13219342' }],
      notes: ['deal 1203: the webhook has no field weighted: amount not told'],
    });
  });

  it('says the owner is unknown when agents are matched by email: v2 names the owner by id only', () => {
    expect(parsePipedrive(fixture('pipedrive-v2-deal-change.json'), settings({ agentBy: 'email' }))).toMatchObject({
      ok: true,
      updates: [{ dealId: '1203', ownerKey: null }],
      notes: ["deal 1203: Pipedrive's webhook names the owner by user id only, and this connector matches agents by email: owner unknown"],
    });
  });

  it('reads a deal marked deleted in its state as deleted', () => {
    const body = json('pipedrive-v2-deal-change.json');
    body.data = { ...body.data, status: 'deleted' };
    expect(parsePipedrive(JSON.stringify(body), settings())).toMatchObject({ ok: true, updates: [{ dealId: '1203', won: false, deleted: true }] });
  });
});

describe('parsePipedrive, webhooks v1', () => {
  it('reads an updated deal from current, its owner user_id, its times in UTC without a zone', () => {
    expect(parsePipedrive(fixture('pipedrive-v1-deal-updated.json'), settings())).toEqual({
      ok: true,
      updates: [
        {
          dealId: '102',
          occurredAt: Date.UTC(2026, 10, 4, 9, 1, 44),
          won: true,
          deleted: false,
          closedAt: Date.UTC(2026, 10, 4, 9, 1, 44),
          amount: '1250.5',
          ownerKey: '13219342',
        },
      ],
      notes: [],
    });
  });

  it('reads a deleted deal at the webhook’s timestamp', () => {
    expect(parsePipedrive(fixture('pipedrive-v1-deal-deleted.json'), settings())).toEqual({
      ok: true,
      updates: [{ dealId: '102', occurredAt: 1793896812000, deleted: true }],
      notes: [],
    });
  });

  it('reads the owner’s email when user_id is the API’s owner object', () => {
    const body = json('pipedrive-v1-deal-updated.json');
    body.current = { ...body.current, user_id: { id: 13219342, name: 'Elena Ruiz', email: 'Elena.Ruiz@Example.com', has_pic: 0, active_flag: true } };
    const owner = (agentBy: ConnectorSettings['agentBy']) => {
      const parsed = parsePipedrive(JSON.stringify(body), settings({ agentBy }));
      return parsed.ok ? parsed.updates[0]?.ownerKey : parsed;
    };
    expect(owner('email')).toBe('elena.ruiz@example.com');
    expect(owner('externalUserId')).toBe('13219342');
  });

  it('reads a merged deal like an updated one, and a custom field at the top of current', () => {
    const body = json('pipedrive-v1-deal-updated.json');
    body.meta = { ...body.meta, action: 'merged' };
    body.current = { ...body.current, 'a1b2c3d4e5f6': 310.1 };
    expect(parsePipedrive(JSON.stringify(body), settings({ amountField: 'a1b2c3d4e5f6' }))).toMatchObject({ ok: true, updates: [{ dealId: '102', amount: '310.1', won: true }], notes: [] });
  });

  it('reads a lost deal as not won', () => {
    const body = json('pipedrive-v1-deal-updated.json');
    body.current = { ...body.current, status: 'lost', won_time: null, lost_time: '2026-11-04 10:00:00', close_time: '2026-11-04 10:00:00' };
    expect(parsePipedrive(JSON.stringify(body), settings())).toMatchObject({ ok: true, updates: [{ dealId: '102', won: false, closedAt: Date.UTC(2026, 10, 4, 10) }] });
  });

  it('skips other objects with a note', () => {
    const body = json('pipedrive-v1-deal-updated.json');
    body.meta = { ...body.meta, object: 'person', action: 'added' };
    expect(parsePipedrive(JSON.stringify(body), settings())).toEqual({ ok: true, updates: [], notes: ['person added: not a deal: skipped'] });
  });
});

describe('parsePipedrive refuses', () => {
  it('a body that is not a Pipedrive webhook', () => {
    expect(parsePipedrive('{"meta":', settings())).toEqual(bad('The body must be JSON: a Pipedrive webhook'));
    expect(parsePipedrive('[]', settings())).toEqual(bad('The body is not a Pipedrive webhook: it has no meta block'));
    expect(parsePipedrive('{"current": {"id": 1}}', settings())).toEqual(bad('The body is not a Pipedrive webhook: it has no meta block'));
  });

  it('a deal webhook without the deal or its id', () => {
    const v2 = json('pipedrive-v2-deal-delete.json');
    expect(parsePipedrive(JSON.stringify({ ...v2, previous: null }), settings())).toEqual(bad('The webhook has no deal in data or previous'));
    const v1 = json('pipedrive-v1-deal-deleted.json');
    expect(parsePipedrive(JSON.stringify({ ...v1, previous: null }), settings())).toEqual(bad('The webhook has no deal in current or previous'));
    expect(parsePipedrive(JSON.stringify({ ...v2, meta: { ...v2.meta, entity_id: undefined }, previous: { ...v2.previous, id: null } }), settings())).toEqual(
      bad("The webhook does not name the deal's id"),
    );
  });
});
