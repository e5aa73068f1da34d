import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_DEFAULTS } from '../../../contract/connectors';
import { HUBSPOT_EVENTS_MAX, hubspotSignedUri, parseHubspot, verifyHubspot } from './hubspot';
import type { ConnectorSettings, InboundRequest } from './types';

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/connectors/${name}`, import.meta.url), 'utf8');
// The example client secret of HubSpot's "Validating requests" page.
const SECRET = 'yyyyyyyy-yyyy-yyyy-yyyy-yyyyyyyyyyyy';
const NOW = 1793715725000;
const URL_ = 'https://hooks.example.com/api/connectors/7/inbound';
const BODY = fixture('hubspot-deal-events.json');
const v3 = (parts: { method?: string; uri?: string; body?: string; timestamp?: number | string; secret?: string } = {}) =>
  createHmac('sha256', parts.secret ?? SECRET)
    .update(`${parts.method ?? 'POST'}${parts.uri ?? URL_}${parts.body ?? BODY}${parts.timestamp ?? NOW}`)
    .digest('base64');
const request = (headers: Record<string, string | undefined>, changes: Partial<InboundRequest> = {}): InboundRequest => ({
  method: 'POST',
  url: URL_,
  headers: { 'x-hubspot-signature-v3': v3(), 'x-hubspot-request-timestamp': String(NOW), ...headers },
  rawBody: BODY,
  now: NOW,
  ...changes,
});
const settings = (changes: Partial<ConnectorSettings> = {}): ConnectorSettings => ({
  provider: 'hubspot',
  agentBy: 'externalUserId',
  amountField: CONNECTOR_DEFAULTS.hubspot.amountField,
  stage: CONNECTOR_DEFAULTS.hubspot.stage,
  organizationId: null,
  ...changes,
});
const refused = (message: string) => ({ ok: false, statusCode: 401, message });
const bad = (message: string) => ({ ok: false, statusCode: 400, message });
const MISMATCH = refused('The HubSpot signature does not match: check the client secret');

describe('verifyHubspot', () => {
  it('passes HubSpot’s v3 signature: method + URI + body + timestamp, HMAC-SHA256 in base64', () => {
    expect(verifyHubspot(request({}), SECRET)).toEqual({ ok: true });
  });

  it('matches vectors computed apart from node:crypto (openssl dgst -sha256 -hmac … -binary | base64)', () => {
    const docs = request(
      { 'x-hubspot-signature-v3': 'FGEEbQENLWv204b/I/5Dks8OYzd9QrP/rolTSv6yT2U=' },
      { url: 'https://www.example.com/webhook_uri', rawBody: '{"example_field":"example_value"}' },
    );
    expect(verifyHubspot(docs, SECRET)).toEqual({ ok: true });
    // The address as HubSpot calls it, percent-encoded; signed with ",", ":" and "@" decoded.
    const encoded = request(
      { 'x-hubspot-signature-v3': 'NImCZmOHOmN9pOewdg+gjXH1LCmeD4vdpHSDvvejZy8=' },
      { url: `${URL_}?portal=62515&tag=a%2Cb%3Ac%40d`, rawBody: '[]' },
    );
    expect(verifyHubspot(encoded, SECRET)).toEqual({ ok: true });
  });

  it('decodes exactly the characters of HubSpot’s table in the URI, whatever the case of their hex', () => {
    expect(hubspotSignedUri('https://h.example/p%3Aq%2Fr%3Fs%40t%21u%24v%27w%28x%29y%2Az%2C1%3B2')).toBe("https://h.example/p:q/r?s@t!u$v'w(x)y*z,1;2");
    expect(hubspotSignedUri('https://h.example/a%3a%2c%3b')).toBe('https://h.example/a:,;');
    // Not in the table: a space, a percent, a plus, an equals sign, a hash, an ampersand stay encoded.
    expect(hubspotSignedUri('https://h.example/?q=a%20b%25c%2Bd%3De%23f%26g')).toBe('https://h.example/?q=a%20b%25c%2Bd%3De%23f%26g');
    const url = `${URL_}?next=%2Fdeals%3Fstage%3Dwon`;
    expect(verifyHubspot(request({ 'x-hubspot-signature-v3': v3({ uri: `${URL_}?next=/deals?stage%3Dwon` }) }, { url }), SECRET)).toEqual({ ok: true });
    expect(verifyHubspot(request({ 'x-hubspot-signature-v3': v3({ uri: url }) }, { url }), SECRET)).toEqual(MISMATCH);
  });

  it('refuses another secret, body, address, method or timestamp', () => {
    expect(verifyHubspot(request({}), 'another-secret')).toEqual(MISMATCH);
    expect(verifyHubspot(request({}, { rawBody: BODY.replace('4500.50', '9500.50') }), SECRET)).toEqual(MISMATCH);
    expect(verifyHubspot(request({}, { url: `${URL_}?x=1` }), SECRET)).toEqual(MISMATCH);
    expect(verifyHubspot(request({}, { method: 'PUT' }), SECRET)).toEqual(MISMATCH);
    expect(verifyHubspot(request({ 'x-hubspot-request-timestamp': String(NOW - 1) }), SECRET)).toEqual(MISMATCH);
    expect(verifyHubspot(request({ 'x-hubspot-signature-v3': 'not a signature' }), SECRET)).toEqual(MISMATCH);
    // The same bytes in hex, or base64 with junk around it, are not HubSpot's form.
    const hex = createHmac('sha256', SECRET).update(`POST${URL_}${BODY}${NOW}`).digest('hex');
    expect(verifyHubspot(request({ 'x-hubspot-signature-v3': hex }), SECRET)).toEqual(MISMATCH);
    expect(verifyHubspot(request({ 'x-hubspot-signature-v3': `${v3()}!!` }), SECRET)).toEqual(MISMATCH);
  });

  it('refuses a request without its signature or timestamp', () => {
    const missing = refused('Missing X-HubSpot-Signature-v3 or X-HubSpot-Request-Timestamp');
    expect(verifyHubspot(request({ 'x-hubspot-signature-v3': undefined }), SECRET)).toEqual(missing);
    expect(verifyHubspot(request({ 'x-hubspot-request-timestamp': undefined }), SECRET)).toEqual(missing);
    expect(verifyHubspot(request({ 'x-hubspot-request-timestamp': '' }), SECRET)).toEqual(missing);
    expect(verifyHubspot(request({ 'x-hubspot-request-timestamp': 'yesterday' }), SECRET)).toEqual(refused('X-HubSpot-Request-Timestamp must be milliseconds since 1970'));
  });

  it('takes a timestamp up to 5 minutes old or ahead, and refuses it beyond', () => {
    const at = (timestamp: number) => request({ 'x-hubspot-request-timestamp': String(timestamp), 'x-hubspot-signature-v3': v3({ timestamp }) });
    expect(verifyHubspot(at(NOW - 300_000), SECRET)).toEqual({ ok: true });
    expect(verifyHubspot(at(NOW + 300_000), SECRET)).toEqual({ ok: true });
    expect(verifyHubspot(at(NOW - 300_001), SECRET)).toEqual(refused("The X-HubSpot-Request-Timestamp is older than 5 minutes: HubSpot's rule against replays"));
    expect(verifyHubspot(at(NOW + 300_001), SECRET)).toEqual(refused('The X-HubSpot-Request-Timestamp is more than 5 minutes ahead of our clock'));
  });
});

describe('parseHubspot', () => {
  it('reads each deal property change as the one field it tells, at the event’s time', () => {
    expect(parseHubspot(BODY, settings())).toEqual({
      ok: true,
      updates: [
        { dealId: '18442376412', occurredAt: 1793715725000, amount: '4500.5' },
        { dealId: '18442376412', occurredAt: 1793715725000, won: true },
        { dealId: '18442376412', occurredAt: 1793715726000, ownerKey: '52550153' },
        { dealId: '18442376412', occurredAt: 1793715726000, closedAt: Date.UTC(2026, 10, 3) },
      ],
      notes: ['deal 18442376413: property dealname is not used: skipped', 'event 5: contact.creation is not about a deal: skipped'],
    });
  });

  it('reads deletions and restores, and notes creations and merges', () => {
    expect(parseHubspot(fixture('hubspot-deal-lifecycle.json'), settings())).toEqual({
      ok: true,
      updates: [
        { dealId: '18442376412', occurredAt: 1793783100000, deleted: true },
        { dealId: '18442376412', occurredAt: 1793896812000, deleted: false },
      ],
      notes: ['deal 18442376414: created; its amount, stage and owner come as property changes', 'deal 18442376413: deal.merge is not used: skipped'],
    });
  });

  it('reads HubSpot’s generic "object.*" events for object type 0-3 (deals) only', () => {
    expect(parseHubspot(fixture('hubspot-object-events.json'), settings())).toEqual({
      ok: true,
      updates: [
        { dealId: '546500061938', occurredAt: 1793715725000, won: false },
        { dealId: '546500061938', occurredAt: 1793715725000, amount: null },
        { dealId: '546500061938', occurredAt: 1793782904000, deleted: true },
      ],
      notes: ['event 3: object.propertyChange of object type 0-1 is not about a deal: skipped'],
    });
  });

  it('uses the connector’s amount property and won stage', () => {
    const events = JSON.stringify([
      { subscriptionType: 'deal.propertyChange', objectId: 9, occurredAt: NOW, propertyName: 'amount', propertyValue: '10' },
      { subscriptionType: 'deal.propertyChange', objectId: 9, occurredAt: NOW, propertyName: 'hs_tcv', propertyValue: '12000.005' },
      { subscriptionType: 'deal.propertyChange', objectId: 9, occurredAt: NOW, propertyName: 'dealstage', propertyValue: '113151423' },
      { subscriptionType: 'deal.propertyChange', objectId: 9, occurredAt: NOW, propertyName: 'dealstage', propertyValue: 'closedwon' },
    ]);
    expect(parseHubspot(events, settings({ amountField: 'hs_tcv', stage: '113151423' }))).toEqual({
      ok: true,
      updates: [
        { dealId: '9', occurredAt: NOW, amount: '12000.01' },
        { dealId: '9', occurredAt: NOW, won: true },
        { dealId: '9', occurredAt: NOW, won: false },
      ],
      notes: ['deal 9: property amount is not used: skipped'],
    });
  });

  it('notes a value it cannot read instead of refusing the whole batch', () => {
    const events = JSON.stringify([
      { subscriptionType: 'deal.propertyChange', objectId: '9', occurredAt: NOW, propertyName: 'amount', propertyValue: 'about 5k' },
      { subscriptionType: 'deal.propertyChange', objectId: '9', occurredAt: NOW, propertyName: 'closedate', propertyValue: 'next week' },
      { subscriptionType: 'deal.propertyChange', objectId: '9', occurredAt: NOW, propertyName: 'closedate', propertyValue: '2026-11-03T00:00:00Z' },
      { subscriptionType: 'deal.propertyChange', objectId: '9', occurredAt: NOW, propertyName: 'closedate', propertyValue: '' },
      { subscriptionType: 'deal.propertyChange', objectId: '9', occurredAt: NOW, propertyName: 'hubspot_owner_id', propertyValue: '' },
      { subscriptionType: 'deal.associationChange', objectId: '9', occurredAt: NOW },
    ]);
    expect(parseHubspot(events, settings())).toEqual({
      ok: true,
      updates: [
        { dealId: '9', occurredAt: NOW, closedAt: Date.UTC(2026, 10, 3) },
        { dealId: '9', occurredAt: NOW, closedAt: null },
        { dealId: '9', occurredAt: NOW, ownerKey: null },
      ],
      notes: ['deal 9: amount "about 5k" is not an amount: ignored', 'deal 9: closedate "next week" is not a date: ignored', 'deal 9: deal.associationChange is not used: skipped'],
    });
  });

  it('says the owner is unknown when agents are matched by email: HubSpot sends the owner id only', () => {
    const events = JSON.stringify([{ subscriptionType: 'deal.propertyChange', objectId: 9, occurredAt: NOW, propertyName: 'hubspot_owner_id', propertyValue: '52550153' }]);
    expect(parseHubspot(events, settings({ agentBy: 'email' }))).toEqual({
      ok: true,
      updates: [{ dealId: '9', occurredAt: NOW, ownerKey: null }],
      notes: ['deal 9: HubSpot names the owner by owner id only, and this connector matches agents by email: owner unknown'],
    });
  });

  it('refuses a body that is not HubSpot’s event array', () => {
    expect(parseHubspot('[{"eventId": 1', settings())).toEqual(bad("The body must be JSON: HubSpot's array of webhook events"));
    expect(parseHubspot('{"eventId": 1}', settings())).toEqual(bad("The body must be HubSpot's array of webhook events"));
    expect(parseHubspot('[1]', settings())).toEqual(bad('events[0] must be an event object'));
    const deal = { subscriptionType: 'deal.deletion', objectId: 9, occurredAt: NOW };
    expect(parseHubspot(JSON.stringify([deal, { ...deal, objectId: 'nine' }]), settings())).toEqual(bad("events[1].objectId must be the deal's id"));
    expect(parseHubspot(JSON.stringify([{ ...deal, objectId: undefined }]), settings())).toEqual(bad("events[0].objectId must be the deal's id"));
    expect(parseHubspot(JSON.stringify([{ ...deal, occurredAt: 'now' }]), settings())).toEqual(bad('events[0].occurredAt must be milliseconds since 1970'));
    expect(parseHubspot(JSON.stringify([{ ...deal, occurredAt: null }]), settings())).toEqual(bad('events[0].occurredAt must be milliseconds since 1970'));
  });

  it('takes up to 1000 events (HubSpot sends at most 100) and refuses more', () => {
    const events = (count: number) => JSON.stringify(Array.from({ length: count }, (_, index) => ({ subscriptionType: 'deal.restore', objectId: index + 1, occurredAt: NOW })));
    expect(HUBSPOT_EVENTS_MAX).toBe(1000);
    const most = parseHubspot(events(1000), settings());
    expect(most.ok && most.updates.length).toBe(1000);
    expect(parseHubspot(events(1001), settings())).toEqual(bad('The body holds 1001 events: at most 1000 a delivery'));
    expect(parseHubspot('[]', settings())).toEqual({ ok: true, updates: [], notes: [] });
  });
});
