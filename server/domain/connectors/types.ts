import type { ConnectorAgentBy, ConnectorProvider } from '../../../contract/connectors';

/**
 * What one delivery says about one deal, in the provider's terms turned into ours. A HubSpot property change tells one
 * field; the others tell the deal's whole state. A field left undefined is not told by this update (the last value
 * told stays); `null` says the deal has no value there.
 */
export interface DealUpdate {
  /** The provider's deal id (HubSpot objectId, Pipedrive deal id, Salesforce Opportunity Id, the generic body's id). */
  dealId: string;
  /**
   * When the provider says this state was true, in milliseconds since 1970: deliveries are applied field by field in
   * this order whatever order they arrive in (a later-arriving older state changes nothing).
   */
  occurredAt: number;
  /** The amount as a decimal string with at most 2 decimals ("1500", "1500.5", "-20.25"), or null. */
  amount?: string | null;
  /** Whether the deal is in the won stage. */
  won?: boolean;
  /** Who owns the deal in the CRM: an email (agentBy "email") or the CRM's user id (agentBy "externalUserId"). */
  ownerKey?: string | null;
  /** The deal was deleted in the CRM: like leaving the won stage. */
  deleted?: boolean;
  /** The day the deal closed (ms since 1970), when the provider tells it; the entry's date (else when it was recorded). */
  closedAt?: number | null;
}

/** A connector's settings as the parsers need them. */
export interface ConnectorSettings {
  provider: ConnectorProvider;
  agentBy: ConnectorAgentBy;
  /** The deal field holding the amount (CONNECTOR_DEFAULTS when the owner gave none). */
  amountField: string;
  /** The value meaning won (CONNECTOR_DEFAULTS when the owner gave none). */
  stage: string;
  /** Salesforce: the organisation id messages must name. */
  organizationId: string | null;
}

/** A delivery read: its deal updates (some deliveries tell none: a contact event, a deal created in an open stage), or why it is refused. */
export type ParsedDelivery =
  | { ok: true; updates: DealUpdate[]; notes: string[] }
  | { ok: false; statusCode: 400 | 401; message: string };

/** What a request looks like to a verifier: the raw body as received, the headers (lower-case names), the URL. */
export interface InboundRequest {
  method: string;
  /** The full address the provider sent to, as it signed it (scheme, host, path, query). */
  url: string;
  headers: Record<string, string | undefined>;
  rawBody: string;
  /** Now, in milliseconds since 1970 (the app's clock: tests move it). */
  now: number;
}

/** What a verifier says of a request: it is the provider's, or why not (401, the message safe to log and answer). */
export type VerifiedRequest = { ok: true } | { ok: false; statusCode: 401; message: string };
