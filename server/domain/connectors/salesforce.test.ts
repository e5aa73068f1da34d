import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_DEFAULTS } from '../../../contract/connectors';
import { parseSalesforce, SALESFORCE_NOTIFICATIONS_MAX, salesforceAck, salesforceFault, verifySalesforceToken } from './salesforce';
import type { ConnectorSettings, InboundRequest } from './types';

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/connectors/${name}`, import.meta.url), 'utf8');
const MESSAGE = fixture('salesforce-opportunity-notifications.xml');
const ORG = '00DDn00000AbCdEMAV';
const TOKEN = 'ttc_sf_token_123';
// sha256sum of the token, computed apart from node:crypto.
const TOKEN_SHA256 = 'b03ea8bacb693e4eb45ad3f369248ef6820fd4a4735ae900c4e322a598eacaec';
const request = (url: string): InboundRequest => ({ method: 'POST', url, headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' }, rawBody: MESSAGE, now: Date.UTC(2026, 10, 3) });
const settings = (changes: Partial<ConnectorSettings> = {}): ConnectorSettings => ({
  provider: 'salesforce',
  agentBy: 'externalUserId',
  amountField: CONNECTOR_DEFAULTS.salesforce.amountField,
  stage: CONNECTOR_DEFAULTS.salesforce.stage,
  organizationId: ORG,
  ...changes,
});
const bad = (message: string) => ({ ok: false, statusCode: 400, message });
const WON = {
  dealId: '006Dn00000ZkM3hIAF',
  occurredAt: Date.UTC(2026, 10, 3, 14, 22, 6),
  won: true,
  amount: '4500.5',
  closedAt: Date.UTC(2026, 10, 3),
  deleted: false,
  ownerKey: '005Dn000001AbCdIAK',
};
const LOST = {
  dealId: '006Dn00000ZkM3iIAF',
  occurredAt: Date.UTC(2026, 10, 4, 9, 1, 44),
  won: false,
  amount: '12500000',
  closedAt: Date.UTC(2026, 10, 4),
  deleted: false,
  ownerKey: '005Dn000002XyZwIAK',
};
/** A message from the fixture's envelope around these Notification elements. */
const withNotifications = (notifications: string) => MESSAGE.replace(/<Notification>[\s\S]*<\/Notification>/, notifications);
const opportunity = (fields: string, id = '04lDn00000Gx7QzIAJ') =>
  `<Notification><Id>${id}</Id><sObject xsi:type="sf:Opportunity" xmlns:sf="urn:sobject.enterprise.soap.sforce.com"><sf:Id>006Dn00000ZkM3hIAF</sf:Id>${fields}</sObject></Notification>`;
const STAMP = '<sf:SystemModstamp>2026-11-03T14:22:06.000Z</sf:SystemModstamp>';

describe('verifySalesforceToken', () => {
  it('passes the token the address carries', () => {
    expect(createHash('sha256').update(TOKEN).digest('hex')).toBe(TOKEN_SHA256);
    expect(verifySalesforceToken(request(`https://hooks.example.com/api/connectors/9/inbound?token=${TOKEN}`), TOKEN_SHA256)).toEqual({ ok: true });
    expect(verifySalesforceToken(request(`https://hooks.example.com/api/connectors/9/inbound?a=1&token=${encodeURIComponent(TOKEN)}`), TOKEN_SHA256)).toEqual({ ok: true });
  });

  it('refuses another token, or none', () => {
    const mismatch = { ok: false, statusCode: 401, message: 'The token in the address does not match this connector: copy the address again from the connector' };
    const missing = { ok: false, statusCode: 401, message: "The address must carry this connector's token (?token=...): copy it again from the connector" };
    expect(verifySalesforceToken(request('https://hooks.example.com/api/connectors/9/inbound?token=ttc_sf_token_124'), TOKEN_SHA256)).toEqual(mismatch);
    expect(verifySalesforceToken(request(`https://hooks.example.com/api/connectors/9/inbound?token=${TOKEN.toUpperCase()}`), TOKEN_SHA256)).toEqual(mismatch);
    expect(verifySalesforceToken(request(`https://hooks.example.com/api/connectors/9/inbound?token=${TOKEN}`), 'nothex')).toEqual(mismatch);
    expect(verifySalesforceToken(request('https://hooks.example.com/api/connectors/9/inbound'), TOKEN_SHA256)).toEqual(missing);
    expect(verifySalesforceToken(request('https://hooks.example.com/api/connectors/9/inbound?token='), TOKEN_SHA256)).toEqual(missing);
    expect(verifySalesforceToken(request(`/api/connectors/9/inbound?token=${TOKEN}`), TOKEN_SHA256)).toEqual(missing);
  });
});

describe('parseSalesforce', () => {
  it('reads each Opportunity of an outbound message, won by IsWon, at its SystemModstamp', () => {
    expect(parseSalesforce(MESSAGE, settings())).toEqual({ ok: true, updates: [WON, LOST], notes: [] });
  });

  it('reads won from StageName when the connector’s stage is not "true"', () => {
    expect(parseSalesforce(MESSAGE, settings({ stage: 'Closed Won' }))).toEqual({ ok: true, updates: [WON, LOST], notes: [] });
    expect(parseSalesforce(MESSAGE, settings({ stage: 'Closed Lost' }))).toEqual({ ok: true, updates: [{ ...WON, won: false }, { ...LOST, won: true }], notes: [] });
  });

  it('takes the organisation’s 15-character id for its 18-character form, case-sensitively', () => {
    expect(parseSalesforce(MESSAGE, settings({ organizationId: '00DDn00000AbCdE' }))).toEqual({ ok: true, updates: [WON, LOST], notes: [] });
    const other = { ok: false, statusCode: 401, message: `This message is from Salesforce organisation ${ORG}, not the one this connector takes` };
    expect(parseSalesforce(MESSAGE, settings({ organizationId: '00DDn00000ABCDE' }))).toEqual(other);
    expect(parseSalesforce(MESSAGE, settings({ organizationId: '00DDn00000ZzZzZMAV' }))).toEqual(other);
    expect(parseSalesforce(MESSAGE, settings({ organizationId: null }))).toEqual(other);
    expect(parseSalesforce(MESSAGE.replace(ORG, 'not-an-org'), settings())).toEqual(bad('OrganizationId must be a Salesforce organisation id'));
  });

  it('skips objects other than Opportunity with a note', () => {
    expect(parseSalesforce(fixture('salesforce-lead-notification.xml'), settings())).toEqual({ ok: true, updates: [], notes: ['notification 1: sf:Lead is not an Opportunity: skipped'] });
  });

  it('reads the amount from the connector’s field, case-insensitively as Salesforce names fields', () => {
    const message = withNotifications(opportunity(`<sf:Amount>10</sf:Amount><sf:Deal_Value__c>2500.555</sf:Deal_Value__c><sf:IsWon>true</sf:IsWon>${STAMP}`));
    expect(parseSalesforce(message, settings({ amountField: 'deal_value__c' }))).toEqual({
      ok: true,
      updates: [{ dealId: '006Dn00000ZkM3hIAF', occurredAt: WON.occurredAt, won: true, amount: '2500.56' }],
      notes: [],
    });
  });

  it('reads xsi:nil as no value, LastModifiedDate when SystemModstamp is not sent, and IsDeleted', () => {
    const fields = '<sf:Amount xsi:nil="true"/><sf:CloseDate xsi:nil="true"/><sf:IsDeleted>true</sf:IsDeleted><sf:IsWon>false</sf:IsWon><sf:OwnerId></sf:OwnerId><sf:LastModifiedDate>2026-11-03T14:22:05.000Z</sf:LastModifiedDate>';
    expect(parseSalesforce(withNotifications(opportunity(fields)), settings())).toEqual({
      ok: true,
      updates: [{ dealId: '006Dn00000ZkM3hIAF', occurredAt: Date.UTC(2026, 10, 3, 14, 22, 5), won: false, amount: null, closedAt: null, deleted: true, ownerKey: null }],
      notes: [],
    });
  });

  it('notes the fields a message leaves out, and an amount it cannot read', () => {
    expect(parseSalesforce(withNotifications(opportunity(STAMP)), settings())).toEqual({
      ok: true,
      updates: [{ dealId: '006Dn00000ZkM3hIAF', occurredAt: WON.occurredAt }],
      notes: ['Opportunity 006Dn00000ZkM3hIAF: the message has no IsWon: won not told', 'Opportunity 006Dn00000ZkM3hIAF: the message has no Amount: amount not told'],
    });
    expect(parseSalesforce(withNotifications(opportunity(`<sf:Amount>lots</sf:Amount>${STAMP}`)), settings({ stage: 'Closed Won' }))).toMatchObject({
      ok: true,
      notes: ['Opportunity 006Dn00000ZkM3hIAF: the message has no StageName: won not told', 'Opportunity 006Dn00000ZkM3hIAF: Amount "lots" is not an amount: ignored'],
    });
  });

  it('says the owner is unknown when agents are matched by email: OwnerId is a user id', () => {
    const parsed = parseSalesforce(MESSAGE, settings({ agentBy: 'email' }));
    expect(parsed).toEqual({
      ok: true,
      updates: [
        { ...WON, ownerKey: null },
        { ...LOST, ownerKey: null },
      ],
      notes: [
        'Opportunity 006Dn00000ZkM3hIAF: Salesforce names the owner by user id only (OwnerId), and this connector matches agents by email: owner unknown',
        'Opportunity 006Dn00000ZkM3iIAF: Salesforce names the owner by user id only (OwnerId), and this connector matches agents by email: owner unknown',
      ],
    });
  });

  it('goes by namespaces, not by the prefixes a message chooses', () => {
    const message = MESSAGE.replaceAll('soapenv:', 'env:').replace('xmlns:soapenv=', 'xmlns:env=').replaceAll('sf:', 'ns1:').replaceAll('xmlns:sf=', 'xmlns:ns1=');
    expect(message).toContain('<env:Body>');
    expect(message).toContain('<ns1:Amount>4500.5</ns1:Amount>');
    expect(parseSalesforce(message, settings())).toEqual({ ok: true, updates: [WON, LOST], notes: [] });
    // The same names in another namespace are not Salesforce's.
    const foreign = MESSAGE.replace('xmlns="http://soap.sforce.com/2005/09/outbound"', 'xmlns="urn:somebody-else"');
    expect(parseSalesforce(foreign, settings())).toEqual(bad('The body is not a Salesforce outbound message: expected soapenv:Envelope/soapenv:Body/notifications'));
  });

  it('takes up to 100 notifications and refuses more, or none', () => {
    const many = (count: number) => withNotifications(Array.from({ length: count }, () => opportunity(`<sf:IsWon>true</sf:IsWon><sf:Amount>1</sf:Amount>${STAMP}`)).join(''));
    expect(SALESFORCE_NOTIFICATIONS_MAX).toBe(100);
    const most = parseSalesforce(many(100), settings());
    expect(most.ok && most.updates.length).toBe(100);
    expect(parseSalesforce(many(101), settings())).toEqual(bad('The message holds 101 notifications: Salesforce sends at most 100'));
    expect(parseSalesforce(withNotifications(''), settings())).toEqual(bad('The message has no Notification'));
  });

  it('refuses an Opportunity without its id or a time of change', () => {
    const noId = withNotifications(`<Notification><Id>04lDn00000Gx7QzIAJ</Id><sObject xsi:type="sf:Opportunity" xmlns:sf="urn:sobject.enterprise.soap.sforce.com">${STAMP}</sObject></Notification>`);
    expect(parseSalesforce(noId, settings())).toEqual(bad('Notification 1 has no sf:Id'));
    expect(parseSalesforce(withNotifications(opportunity('<sf:IsWon>true</sf:IsWon>')), settings())).toEqual(
      bad("Opportunity 006Dn00000ZkM3hIAF has no SystemModstamp or LastModifiedDate: add SystemModstamp to the outbound message's fields"),
    );
  });

  it('refuses malformed XML and bodies that are not an outbound message', () => {
    expect(parseSalesforce(MESSAGE.replace('</notifications>', ''), settings())).toMatchObject({ ok: false, statusCode: 400, message: expect.stringMatching(/^The body is not well-formed XML: /) });
    expect(parseSalesforce('{"deals": []}', settings())).toMatchObject({ ok: false, statusCode: 400, message: expect.stringMatching(/^The body is not well-formed XML: /) });
    expect(parseSalesforce('', settings())).toEqual(bad('The body is not well-formed XML: 1:0: document must contain a root element.'));
    const other = '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><login xmlns="urn:partner.soap.sforce.com"/></soapenv:Body></soapenv:Envelope>';
    expect(parseSalesforce(other, settings())).toEqual(bad('The body is not a Salesforce outbound message: expected soapenv:Envelope/soapenv:Body/notifications'));
    expect(parseSalesforce('<notifications xmlns="http://soap.sforce.com/2005/09/outbound"/>', settings())).toEqual(
      bad('The body is not a Salesforce outbound message: expected soapenv:Envelope/soapenv:Body/notifications'),
    );
  });

  it('refuses any DOCTYPE, so no entity is expanded and no external entity read', () => {
    const doctype = bad('The body has a DOCTYPE: Salesforce never sends one, and XML entities are refused');
    const laughs = '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>';
    expect(parseSalesforce(MESSAGE.replace('<soapenv:Envelope', `${laughs}<soapenv:Envelope`).replace('Closed Won', '&lol2;'), settings())).toEqual(doctype);
    const external = '<!DOCTYPE soapenv:Envelope [<!ENTITY org SYSTEM "file:///etc/hostname">]>';
    expect(parseSalesforce(MESSAGE.replace('<soapenv:Envelope', `${external}<soapenv:Envelope`).replace(ORG, '&org;'), settings())).toEqual(doctype);
    expect(parseSalesforce(MESSAGE.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!doctype html>'), settings())).toEqual(doctype);
    // Without a DOCTYPE an entity is undefined: the parser refuses it rather than guess.
    expect(parseSalesforce(MESSAGE.replace('Closed Won', '&won;'), settings())).toMatchObject({ ok: false, statusCode: 400, message: expect.stringMatching(/undefined entity/) });
  });

  it('reads character references and CDATA as text', () => {
    const message = withNotifications(opportunity(`<sf:StageName><![CDATA[Closed & Won]]></sf:StageName><sf:Amount>&#49;&#48;</sf:Amount>${STAMP}`));
    expect(parseSalesforce(message, settings({ stage: 'Closed & Won' }))).toEqual({
      ok: true,
      updates: [{ dealId: '006Dn00000ZkM3hIAF', occurredAt: WON.occurredAt, won: true, amount: '10' }],
      notes: [],
    });
  });
});

/** The text of the elements of an XML answer, by local name, parsed as Salesforce would. */
function textsOf(xml: string): Record<string, string> {
  const parser = new SaxesParser({ xmlns: true });
  const texts: Record<string, string> = {};
  const open: string[] = [];
  parser.on('opentag', (tag) => {
    open.push(`${tag.uri} ${tag.local}`);
  });
  parser.on('text', (text) => {
    const current = open.at(-1);
    if (current) texts[current] = (texts[current] ?? '') + text;
  });
  parser.on('closetag', () => open.pop());
  parser.write(xml).close();
  return texts;
}

describe('salesforceAck and salesforceFault', () => {
  it('acknowledge with the notificationsResponse Salesforce documents, Ack true', () => {
    expect(salesforceAck()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><notificationsResponse xmlns="http://soap.sforce.com/2005/09/outbound"><Ack>true</Ack></notificationsResponse></soapenv:Body></soapenv:Envelope>',
    );
    expect(textsOf(salesforceAck())).toEqual({ 'http://soap.sforce.com/2005/09/outbound Ack': 'true' });
  });

  it('fault as the client’s, with the message escaped and control characters dropped', () => {
    const fault = salesforceFault('Opportunity <006> & "Q4" isn\'t\u0000 ours\u0007\n');
    expect(fault).toContain('<faultcode>soapenv:Client</faultcode>');
    expect(textsOf(fault)).toEqual({ ' faultcode': 'soapenv:Client', ' faultstring': 'Opportunity <006> & "Q4" isn\'t ours\n' });
    expect(fault).toContain('<faultstring>Opportunity &lt;006&gt; &amp; &quot;Q4&quot; isn&apos;t ours\n</faultstring>');
  });
});
