import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_DEFAULTS } from '../../../contract/connectors';
import { GENERIC_DEALS_MAX, parseGeneric, verifyGeneric } from './generic';
import type { ConnectorSettings, InboundRequest } from './types';

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/connectors/${name}`, import.meta.url), 'utf8');
const SECRET = 'ttc_test_secret';
const NOW = Date.UTC(2026, 10, 3, 14, 22, 5);
const T = NOW / 1000;
const sign = (t: number | string, body: string, secret = SECRET) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
const request = (signature: string | undefined, rawBody = '{"id":"D-1"}', now = NOW): InboundRequest => ({
  method: 'POST',
  url: 'https://tiertrack.example/api/connectors/3/inbound',
  headers: signature === undefined ? {} : { 'tiertrack-signature': signature },
  rawBody,
  now,
});
const settings = (changes: Partial<ConnectorSettings> = {}): ConnectorSettings => ({
  provider: 'generic',
  agentBy: 'email',
  amountField: CONNECTOR_DEFAULTS.generic.amountField,
  stage: CONNECTOR_DEFAULTS.generic.stage,
  organizationId: null,
  ...changes,
});
const refused = (message: string) => ({ ok: false, statusCode: 401, message });
const bad = (message: string) => ({ ok: false, statusCode: 400, message });

describe('verifyGeneric', () => {
  it('passes a body signed with the secret, as "<t>.<body>"', () => {
    expect(verifyGeneric(request(`t=${T},v1=${sign(T, '{"id":"D-1"}')}`), SECRET)).toEqual({ ok: true });
  });

  it('matches a vector computed apart from node:crypto (openssl dgst -sha256 -hmac)', () => {
    const signature = 't=1793715725,v1=92d979e31409df0b88891261772c317c0bb1ecd9134963ea6659b20df3b68338';
    expect(verifyGeneric(request(signature), SECRET)).toEqual({ ok: true });
  });

  it('passes when any of several v1 values matches, in any order and case', () => {
    const good = sign(T, '{"id":"D-1"}');
    expect(verifyGeneric(request(`t=${T},v1=${sign(T, '{"id":"D-1"}', 'old')},v1=${good.toUpperCase()}`), SECRET)).toEqual({ ok: true });
    expect(verifyGeneric(request(` v1=${good} , t=${T} `), SECRET)).toEqual({ ok: true });
  });

  it('refuses another secret, another body or another time', () => {
    const mismatch = refused("The TierTrack-Signature does not match: check the connector's secret");
    expect(verifyGeneric(request(`t=${T},v1=${sign(T, '{"id":"D-1"}', 'other')}`), SECRET)).toEqual(mismatch);
    expect(verifyGeneric(request(`t=${T},v1=${sign(T, '{"id":"D-2"}')}`), SECRET)).toEqual(mismatch);
    expect(verifyGeneric(request(`t=${T - 1},v1=${sign(T, '{"id":"D-1"}')}`), SECRET)).toEqual(mismatch);
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyGeneric(request(undefined), SECRET)).toEqual(refused('Missing TierTrack-Signature header'));
    expect(verifyGeneric(request(' '), SECRET)).toEqual(refused('Missing TierTrack-Signature header'));
    const malformed = refused('TierTrack-Signature must be t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">');
    for (const header of [`v1=${sign(T, '{"id":"D-1"}')}`, `t=${T}`, `t=${T},v1=abc`, `t=now,v1=${sign('now', '{"id":"D-1"}')}`, `t=${T},v0=${sign(T, '{"id":"D-1"}')}`]) {
      expect(verifyGeneric(request(header), SECRET), header).toEqual(malformed);
    }
  });

  it('takes a timestamp up to five minutes either way, and refuses it beyond', () => {
    const at = (t: number) => request(`t=${t},v1=${sign(t, '{"id":"D-1"}')}`);
    expect(verifyGeneric(at(T - 300), SECRET)).toEqual({ ok: true });
    expect(verifyGeneric(at(T + 300), SECRET)).toEqual({ ok: true });
    expect(verifyGeneric(at(T - 301), SECRET)).toEqual(refused("The TierTrack-Signature timestamp is older than 5 minutes: a replay, or the sender's clock is slow"));
    expect(verifyGeneric(at(T + 301), SECRET)).toEqual(refused("The TierTrack-Signature timestamp is more than 5 minutes ahead: the sender's clock is fast"));
  });
});

describe('parseGeneric', () => {
  it('reads one deal, its owner matched by email', () => {
    expect(parseGeneric(fixture('generic-deal.json'), settings())).toEqual({
      ok: true,
      updates: [
        {
          dealId: 'D-1042',
          occurredAt: Date.UTC(2026, 10, 3, 14, 22, 5),
          amount: '1500',
          won: true,
          ownerKey: 'elena.ruiz@example.com',
          closedAt: Date.UTC(2026, 10, 3),
        },
      ],
      notes: [],
    });
  });

  it('reads a batch, owners by id; a field left out is not told, null says none', () => {
    expect(parseGeneric(fixture('generic-deals.json'), settings({ agentBy: 'externalUserId' }))).toEqual({
      ok: true,
      updates: [
        { dealId: '7001', occurredAt: Date.UTC(2026, 10, 3, 13, 22, 5, 250), amount: '2500.5', won: true, ownerKey: 'u-17', closedAt: Date.UTC(2026, 10, 3, 13) },
        { dealId: '7002', occurredAt: Date.UTC(2026, 10, 4, 9, 1, 44), amount: '-20.25', won: false, ownerKey: null },
        { dealId: '7003', occurredAt: Date.UTC(2026, 10, 5, 16, 40, 12), won: true, deleted: true },
      ],
      notes: [],
    });
  });

  it('reads the amount from the connector’s field, and won from a stage text when the stage is not "true"', () => {
    const body = JSON.stringify({ id: 1, occurredAt: '2026-11-03T14:22:05Z', total: '99.999', stage: 'Signed', won: 'ignored here' });
    const read = (stage: string) => parseGeneric(body, settings({ amountField: 'total', stage }));
    expect(read('Signed')).toEqual({ ok: true, updates: [{ dealId: '1', occurredAt: NOW, amount: '100', won: true }], notes: [] });
    expect(read('Paid')).toEqual({ ok: true, updates: [{ dealId: '1', occurredAt: NOW, amount: '100', won: false }], notes: [] });
    expect(parseGeneric(JSON.stringify({ id: 1, occurredAt: '2026-11-03T14:22:05Z', stage: 7 }), settings({ stage: 'Signed' }))).toEqual(bad('stage must be text'));
  });

  it('takes up to 100 deals and an empty list', () => {
    const deals = (count: number) => JSON.stringify({ deals: Array.from({ length: count }, (_, index) => ({ id: index + 1, occurredAt: '2026-11-03T14:22:05Z' })) });
    expect(GENERIC_DEALS_MAX).toBe(100);
    const full = parseGeneric(deals(100), settings());
    expect(full.ok && full.updates.length).toBe(100);
    expect(parseGeneric(deals(0), settings())).toEqual({ ok: true, updates: [], notes: [] });
    expect(parseGeneric(deals(101), settings())).toEqual(bad('deals holds 101 deals: at most 100 a delivery'));
  });

  it('refuses a body that is not a deal or a list of them', () => {
    expect(parseGeneric('{"id": 1,', settings())).toEqual(bad('The body must be JSON: one deal object, or {"deals": [...]}'));
    for (const body of ['[]', '"deal"', 'null', '42']) expect(parseGeneric(body, settings()), body).toEqual(bad('The body must be one deal object, or {"deals": [...]}'));
    expect(parseGeneric('{"deals": {}}', settings())).toEqual(bad('deals must be an array of deal objects'));
    expect(parseGeneric('{"deals": [{"id": 1, "occurredAt": "2026-11-03T14:22:05Z"}, 7]}', settings())).toEqual(bad('deals[1] must be a deal object'));
  });

  it('names the deal and the field that is wrong', () => {
    const deal = { id: 'A', occurredAt: '2026-11-03T14:22:05Z' };
    const wrong = (changes: Record<string, unknown>, agentBy: ConnectorSettings['agentBy'] = 'email') =>
      parseGeneric(JSON.stringify({ deals: [deal, deal, { ...deal, ...changes }] }), settings({ agentBy }));
    expect(wrong({ occurredAt: '2026-11-03' })).toEqual(bad('deals[2].occurredAt must be an ISO 8601 date-time'));
    expect(wrong({ occurredAt: 1793715725000 })).toEqual(bad('deals[2].occurredAt must be an ISO 8601 date-time'));
    expect(wrong({ occurredAt: undefined })).toEqual(bad('deals[2].occurredAt must be an ISO 8601 date-time'));
    expect(wrong({ occurredAt: '2026-02-30T10:00:00Z' })).toEqual(bad('deals[2].occurredAt must be an ISO 8601 date-time'));
    expect(wrong({ id: undefined })).toEqual(bad('deals[2].id must be a non-empty string or a whole number'));
    expect(wrong({ id: ' ' })).toEqual(bad('deals[2].id must be a non-empty string or a whole number'));
    expect(wrong({ id: 1.5 })).toEqual(bad('deals[2].id must be a non-empty string or a whole number'));
    expect(wrong({ id: 'x'.repeat(201) })).toEqual(bad('deals[2].id must be at most 200 characters'));
    expect(wrong({ id: 'x'.repeat(200) })).toMatchObject({ ok: true });
    const amount = bad('deals[2].amount must be a number or a decimal string such as "1500.00", at most 1,000,000,000');
    expect(wrong({ amount: 'lots' })).toEqual(amount);
    expect(wrong({ amount: '1,500.00' })).toEqual(amount);
    expect(wrong({ amount: 2e9 })).toEqual(amount);
    expect(wrong({ amount: true })).toEqual(amount);
    expect(wrong({ won: 'yes' })).toEqual(bad('deals[2].won must be true or false'));
    expect(wrong({ deleted: 1 })).toEqual(bad('deals[2].deleted must be true or false'));
    expect(wrong({ closedAt: 'soon' })).toEqual(bad('deals[2].closedAt must be an ISO 8601 date or date-time'));
    expect(wrong({ closedAt: 1793715725 })).toEqual(bad('deals[2].closedAt must be an ISO 8601 date or date-time'));
    expect(wrong({ owner: { id: 'u-17' } })).toEqual(bad('deals[2].owner must be {"email": "..."} (this connector matches agents by email), or null'));
    expect(wrong({ owner: { email: 'not an email' } })).toEqual(bad('deals[2].owner must be {"email": "..."} (this connector matches agents by email), or null'));
    expect(wrong({ owner: 'ann@example.com' })).toEqual(bad('deals[2].owner must be {"email": "..."} (this connector matches agents by email), or null'));
    expect(wrong({ owner: { email: 'ann@example.com' } }, 'externalUserId')).toEqual(bad('deals[2].owner must be {"id": "..."} (this connector matches agents by CRM user id), or null'));
    // A single deal's fields are named without an index.
    expect(parseGeneric('{"id": "A"}', settings())).toEqual(bad('occurredAt must be an ISO 8601 date-time'));
  });

  it('reads an owner id given as a number, and amounts given as null or ""', () => {
    const body = JSON.stringify({ deals: [{ id: 5, occurredAt: '2026-11-03T14:22:05Z', owner: { id: 42 }, amount: null, closedAt: null }, { id: 6, occurredAt: '2026-11-03T14:22:05Z', amount: '' }] });
    expect(parseGeneric(body, settings({ agentBy: 'externalUserId' }))).toEqual({
      ok: true,
      updates: [
        { dealId: '5', occurredAt: NOW, ownerKey: '42', amount: null, closedAt: null },
        { dealId: '6', occurredAt: NOW, amount: null },
      ],
      notes: [],
    });
  });
});
