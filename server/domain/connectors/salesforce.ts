import { createHash, timingSafeEqual } from 'node:crypto';
import { SaxesParser } from 'saxes';
import { decimalAmount, instantOf } from './amount';
import type { ConnectorSettings, DealUpdate, InboundRequest, ParsedDelivery, VerifiedRequest } from './types';

const SOAP_ENVELOPE = 'http://schemas.xmlsoap.org/soap/envelope/';
const OUTBOUND = 'http://soap.sforce.com/2005/09/outbound';
const SOBJECT = 'urn:sobject.enterprise.soap.sforce.com';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
/** Salesforce's outbound messaging WSDL: `<element name="Notification" maxOccurs="100" .../>`. */
export const SALESFORCE_NOTIFICATIONS_MAX = 100;

/**
 * An Outbound Message is configured with an endpoint URL and nothing else (no header, no signature), so the URL
 * carries the connector's secret as `?token=`; its SHA-256 (all we keep) is compared in constant time.
 */
export function verifySalesforceToken(request: InboundRequest, tokenSha256Hex: string): VerifiedRequest {
  let token: string | null;
  try {
    token = new URL(request.url).searchParams.get('token');
  } catch {
    token = null;
  }
  if (!token) return { ok: false, statusCode: 401, message: "The address must carry this connector's token (?token=...): copy it again from the connector" };
  const given = createHash('sha256').update(token, 'utf8').digest();
  const stored = Buffer.from(tokenSha256Hex, 'hex');
  if (stored.length !== given.length || !timingSafeEqual(given, stored)) {
    return { ok: false, statusCode: 401, message: "The token in the address does not match this connector: copy the address again from the connector" };
  }
  return { ok: true };
}

/** An element as the parser read it: its namespace and local name, attributes by "uri local", children and text. */
interface XmlElement {
  uri: string;
  local: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string;
}

/** Reads XML into elements, namespaces resolved; throws on malformed XML and on any entity but the five predefined. */
function readXml(xml: string): XmlElement | undefined {
  const parser = new SaxesParser({ xmlns: true });
  const open: XmlElement[] = [];
  const document: { root?: XmlElement } = {};
  parser.on('opentag', (tag) => {
    const attributes = new Map(Object.values(tag.attributes).map((attribute) => [`${attribute.uri} ${attribute.local}`, attribute.value]));
    const element: XmlElement = { uri: tag.uri, local: tag.local, attributes, children: [], text: '' };
    const parent = open.at(-1);
    if (parent) parent.children.push(element);
    else document.root = element;
    open.push(element);
  });
  const addText = (text: string) => {
    const current = open.at(-1);
    if (current) current.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => open.pop());
  parser.write(xml).close();
  return document.root;
}

const child = (element: XmlElement | undefined, uri: string, local: string) => element?.children.find((c) => c.uri === uri && c.local === local);

/**
 * Reads a Salesforce Outbound Message (SOAP 1.1): `soapenv:Envelope/soapenv:Body/notifications` with OrganizationId,
 * ActionId, SessionId, EnterpriseUrl, PartnerUrl and 1 to 100 Notification elements, each an Id and an sObject
 * (`xsi:type="sf:Opportunity"`, its fields `sf:Amount`, `sf:IsWon`, ... in the enterprise sObject namespace). The
 * organisation must be the connector's (401 otherwise): Salesforce sends the 18-character id, and a 15-character one
 * is the same organisation when the first 15 characters are equal (the last 3 only encode their case). Each
 * Opportunity tells its whole state at its SystemModstamp (else LastModifiedDate). A DOCTYPE is refused outright:
 * Salesforce never sends one, and it is how entity expansion and external entities get in.
 */
export function parseSalesforce(rawBody: string, settings: ConnectorSettings): ParsedDelivery {
  const bad = (message: string): ParsedDelivery => ({ ok: false, statusCode: 400, message });
  if (/<!DOCTYPE/i.test(rawBody)) return bad('The body has a DOCTYPE: Salesforce never sends one, and XML entities are refused');
  let root: XmlElement | undefined;
  try {
    root = readXml(rawBody);
  } catch (error) {
    return bad(`The body is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const envelope = root?.uri === SOAP_ENVELOPE && root.local === 'Envelope' ? root : undefined;
  const notifications = child(child(envelope, SOAP_ENVELOPE, 'Body'), OUTBOUND, 'notifications');
  if (!notifications) return bad('The body is not a Salesforce outbound message: expected soapenv:Envelope/soapenv:Body/notifications');

  const organization = child(notifications, OUTBOUND, 'OrganizationId')?.text.trim() ?? '';
  if (!/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/.test(organization)) return bad('OrganizationId must be a Salesforce organisation id');
  if (settings.organizationId === null || organization.slice(0, 15) !== settings.organizationId.trim().slice(0, 15)) {
    return { ok: false, statusCode: 401, message: `This message is from Salesforce organisation ${organization}, not the one this connector takes` };
  }

  const list = notifications.children.filter((c) => c.uri === OUTBOUND && c.local === 'Notification');
  if (list.length === 0) return bad('The message has no Notification');
  if (list.length > SALESFORCE_NOTIFICATIONS_MAX) return bad(`The message holds ${list.length} notifications: Salesforce sends at most ${SALESFORCE_NOTIFICATIONS_MAX}`);

  const updates: DealUpdate[] = [];
  const notes: string[] = [];
  for (const [index, notification] of list.entries()) {
    const sObject = child(notification, OUTBOUND, 'sObject');
    const type = sObject?.attributes.get(`${XSI} type`) ?? '';
    // The type is a QName ("sf:Opportunity"): its local part names the object whatever the prefix.
    if (type.split(':').at(-1) !== 'Opportunity') {
      notes.push(`notification ${index + 1}: ${type || 'an sObject of no type'} is not an Opportunity: skipped`);
      continue;
    }
    const fields = new Map(
      sObject?.children.filter((c) => c.uri === SOBJECT).map((c) => [c.local.toLowerCase(), c.attributes.get(`${XSI} nil`) === 'true' ? null : c.text.trim()]),
    );
    // Salesforce's field names are case-insensitive ("amount" names Amount).
    const field = (name: string) => fields.get(name.toLowerCase());
    const dealId = field('Id');
    if (!dealId) return bad(`Notification ${index + 1} has no sf:Id`);
    const occurredAt = instantOf(field('SystemModstamp') ?? field('LastModifiedDate'));
    if (occurredAt === null) {
      return bad(`Opportunity ${dealId} has no SystemModstamp or LastModifiedDate: add SystemModstamp to the outbound message's fields`);
    }
    const update: DealUpdate = { dealId, occurredAt };
    const say = (note: string) => notes.push(`Opportunity ${dealId}: ${note}`);

    const wonField = settings.stage === 'true' ? 'IsWon' : 'StageName';
    const stage = field(wonField);
    if (stage === undefined) say(`the message has no ${wonField}: won not told`);
    else update.won = settings.stage === 'true' ? stage === 'true' : stage === settings.stage;

    const value = field(settings.amountField);
    const amount = value === undefined ? undefined : decimalAmount(value);
    if (amount === undefined) say(`the message has no ${settings.amountField}: amount not told`);
    else if (amount === 'invalid') say(`${settings.amountField} ${JSON.stringify(value)} is not an amount: ignored`);
    else update.amount = amount;

    const closeDate = field('CloseDate');
    if (closeDate !== undefined) update.closedAt = instantOf(closeDate);
    const isDeleted = field('IsDeleted');
    if (isDeleted !== undefined) update.deleted = isDeleted === 'true';

    const ownerId = field('OwnerId');
    if (settings.agentBy === 'email') {
      update.ownerKey = null;
      say('Salesforce names the owner by user id only (OwnerId), and this connector matches agents by email: owner unknown');
    } else if (ownerId !== undefined) {
      update.ownerKey = ownerId || null;
    }
    updates.push(update);
  }
  return { ok: true, updates, notes };
}

/** The acknowledgement Salesforce's outbound messaging WSDL defines (notificationsResponse): without it, it retries. */
export function salesforceAck(): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE}"><soapenv:Body>` +
    `<notificationsResponse xmlns="${OUTBOUND}"><Ack>true</Ack></notificationsResponse>` +
    '</soapenv:Body></soapenv:Envelope>'
  );
}

/** A SOAP 1.1 fault blaming the sender (soapenv:Client), for a message refused: Salesforce shows it and retries. */
export function salesforceFault(message: string): string {
  // Control characters XML 1.0 cannot carry at all are dropped (tab and line breaks stay), then the five escaped.
  const text = [...message]
    .filter((character) => character >= ' ' || character === '\t' || character === '\n' || character === '\r')
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE}"><soapenv:Body><soapenv:Fault>` +
    `<faultcode>soapenv:Client</faultcode><faultstring>${text}</faultstring>` +
    '</soapenv:Fault></soapenv:Body></soapenv:Envelope>'
  );
}
