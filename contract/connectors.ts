import { z } from 'zod';
import { PAGE_OFFSET_MAX, PROFIT_METRIC } from './limits';
import { displayName, idField, queryInteger, storableText } from './fields';
import { render, text, zodText } from './i18n';
import { messages } from './messages';
import { metricKey } from './metrics';

/**
 * Connectors (DESIGN §8 "Connectors", docs/decisions/0089-connectors.md): won deals flow in from a CRM by themselves.
 * The owner makes a connector for one provider and gets its receiving address (`POST /api/connectors/{id}/inbound`)
 * with the credentials the provider sends, shown once. Each delivery is checked as its provider documents it, kept in
 * the connector's delivery log and answered at once (202; Salesforce gets its SOAP acknowledgement); a worker then
 * turns each won deal into an income entry (or an activity of the connector's metric) with
 * `externalId = provider:dealId`, exactly once whatever the retries, duplicates and order of the deliveries.
 */
export const CONNECTOR_PROVIDERS = ['hubspot', 'pipedrive', 'salesforce', 'generic'] as const;
export type ConnectorProvider = (typeof CONNECTOR_PROVIDERS)[number];

export const CONNECTOR_PROVIDER_LABELS: Record<ConnectorProvider, string> = {
  hubspot: 'HubSpot',
  pipedrive: 'Pipedrive',
  salesforce: 'Salesforce',
  generic: 'Generic (signed JSON)',
};

/** How a deal's owner is matched to an agent: by email, or by the CRM's own user id (mapped once on the unmatched screen). */
export const CONNECTOR_AGENT_BY = ['email', 'externalUserId'] as const;
export type ConnectorAgentBy = (typeof CONNECTOR_AGENT_BY)[number];

/**
 * What each provider's deliveries call the amount and the won stage unless the connector says otherwise: HubSpot's
 * deal properties `amount` and `dealstage` ("closedwon"), Pipedrive's deal `value` and `status` ("won"),
 * Salesforce's Opportunity `Amount` and `IsWon` ("true"), and our generic body's `amount` and `won`.
 */
export const CONNECTOR_DEFAULTS: Record<ConnectorProvider, { amountField: string; stageField: string; stage: string; ownerField: string }> = {
  hubspot: { amountField: 'amount', stageField: 'dealstage', stage: 'closedwon', ownerField: 'hubspot_owner_id' },
  pipedrive: { amountField: 'value', stageField: 'status', stage: 'won', ownerField: 'owner_id' },
  salesforce: { amountField: 'Amount', stageField: 'IsWon', stage: 'true', ownerField: 'OwnerId' },
  generic: { amountField: 'amount', stageField: 'won', stage: 'true', ownerField: 'owner' },
};

/** Connectors an organisation may have at once. */
export const CONNECTORS_MAX = 20;
export const CONNECTOR_NAME_MAX = 80;
export const CONNECTOR_FIELD_MAX = 100;
/** A delivery's body as the log keeps it: longer bodies are cut (the whole is still processed). */
export const CONNECTOR_LOGGED_BODY_MAX = 8_000;
/** The largest delivery accepted (HubSpot batches up to 100 events; Salesforce up to 100 notifications). */
export const CONNECTOR_BODY_MAX_BYTES = 512 * 1024;
/** HubSpot's documented window: a v3 signature older than this is refused (replays). */
export const HUBSPOT_SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
/** Our generic signature's window, as for our own webhooks' receivers. */
export const GENERIC_SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
export const CONNECTOR_SECRET_PREFIX = 'ttc_';

/** The headers of each provider's deliveries. */
export const HUBSPOT_SIGNATURE_HEADER = 'x-hubspot-signature-v3';
export const HUBSPOT_TIMESTAMP_HEADER = 'x-hubspot-request-timestamp';
export const GENERIC_SIGNATURE_HEADER = 'tiertrack-signature';

const fieldName = (label: string) =>
  storableText(
    z
      .string(zodText(text(messages, 'mustBeTextNamed', { field: label })))
      .trim()
      .min(1, zodText(text(messages, 'mustNotBeEmpty', { field: label })))
      .max(CONNECTOR_FIELD_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: label, max: CONNECTOR_FIELD_MAX }))),
    label,
  );

const agentByMessage = zodText(text(messages, 'connectorAgentBy'));

export const connectorMapping = z.strictObject({
  agentBy: z.enum(CONNECTOR_AGENT_BY, agentByMessage),
  /** The metric the won deals feed: `profit` (income entries) by default, or a metric's key (activities). */
  metric: metricKey.default(PROFIT_METRIC),
  /** The deal field holding the amount (the provider's default when absent). */
  amountField: fieldName('mapping.amountField').optional(),
  /** The value of the stage field that means won (the provider's default when absent). */
  stage: fieldName('mapping.stage').optional(),
});
export type ConnectorMapping = z.infer<typeof connectorMapping>;

const providerMessage = zodText(text(messages, 'connectorProvider', { providers: CONNECTOR_PROVIDERS.join(', ') }));
const SALESFORCE_ORG_ID = zodText(text(messages, 'salesforceOrgId'));
/** A Salesforce organisation id: 15 or 18 letters and digits, starting 00D. */
const salesforceOrgId = z
  .string(SALESFORCE_ORG_ID)
  .trim()
  .regex(/^00D[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?$/, SALESFORCE_ORG_ID);
const HUBSPOT_CLIENT_SECRET = zodText(text(messages, 'hubspotClientSecret'));
const hubspotClientSecret = storableText(
  z
    .string(HUBSPOT_CLIENT_SECRET)
    .trim()
    .min(8, HUBSPOT_CLIENT_SECRET)
    .max(200, zodText(text(messages, 'atMostCharactersNamed', { field: 'clientSecret', max: 200 }))),
  'clientSecret',
);

/**
 * POST /api/connectors (owner). HubSpot signs with the app's client secret, so the owner gives it (`clientSecret`);
 * Salesforce names its organisation in every message, so the owner gives that id (`organizationId`).
 */
export const createConnectorInput = z
  .strictObject({
    provider: z.enum(CONNECTOR_PROVIDERS, providerMessage),
    name: displayName(text(messages, 'connectorNeedsName'), CONNECTOR_NAME_MAX, text(messages, 'nameLabel')),
    mapping: connectorMapping,
    clientSecret: hubspotClientSecret.optional(),
    organizationId: salesforceOrgId.optional(),
  })
  .superRefine((input, context) => {
    if (input.provider === 'hubspot' && input.clientSecret === undefined) {
      context.addIssue({ code: 'custom', path: ['clientSecret'], message: render(text(messages, 'hubspotNeedsSecret')) });
    }
    if (input.provider !== 'hubspot' && input.clientSecret !== undefined) {
      context.addIssue({ code: 'custom', path: ['clientSecret'], message: render(text(messages, 'secretOnlyHubspot')) });
    }
    if (input.provider === 'salesforce' && input.organizationId === undefined) {
      context.addIssue({ code: 'custom', path: ['organizationId'], message: render(text(messages, 'salesforceNeedsOrgId')) });
    }
    if (input.provider !== 'salesforce' && input.organizationId !== undefined) {
      context.addIssue({ code: 'custom', path: ['organizationId'], message: render(text(messages, 'orgIdOnlySalesforce')) });
    }
  });
export type CreateConnectorInput = z.input<typeof createConnectorInput>;

/** PATCH /api/connectors/{id} (owner): its name, mapping or whether it takes deliveries; the provider and credentials stay. */
export const updateConnectorInput = z
  .strictObject({
    name: displayName(text(messages, 'connectorNeedsName'), CONNECTOR_NAME_MAX, text(messages, 'nameLabel')).optional(),
    mapping: connectorMapping.optional(),
    active: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'active' }))).optional(),
  })
  .refine((input) => input.name !== undefined || input.mapping !== undefined || input.active !== undefined, zodText(text(messages, 'nothingToChangeConnector')));
export type UpdateConnectorInput = z.input<typeof updateConnectorInput>;

export const connector = z.object({
  id: z.number(),
  provider: z.enum(CONNECTOR_PROVIDERS),
  name: z.string(),
  mapping: z.object({
    agentBy: z.enum(CONNECTOR_AGENT_BY),
    metric: z.string(),
    amountField: z.string(),
    stage: z.string(),
  }),
  /** Salesforce only: the organisation whose messages are taken. */
  organizationId: z.string().nullable(),
  active: z.boolean(),
  /** Where the provider sends its deliveries (path; Salesforce's carries its token only in the answer that made it). */
  inboundPath: z.string(),
  /** Deals whose owner matches no agent, waiting to be mapped. */
  unmatched: z.number(),
  lastDeliveryAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Connector = z.infer<typeof connector>;
export const connectorList = z.object({ connectors: z.array(connector) });
export type ConnectorList = z.infer<typeof connectorList>;

/**
 * The answer that made a connector: what to paste into the provider, shown once. `inboundUrl` is absolute when the
 * server knows its public address (PUBLIC_URL), else a path to put after it. Generic: `secret` signs bodies
 * (TierTrack-Signature). Pipedrive: `username` and `password` for the webhook's HTTP auth. Salesforce: the token is in
 * `inboundUrl` itself (an Outbound Message takes an address and nothing else). HubSpot: nothing more (it signs with
 * the client secret the owner gave).
 */
export const createdConnector = connector.extend({
  inboundUrl: z.string(),
  secret: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
});
export type CreatedConnector = z.infer<typeof createdConnector>;

/** What a delivery became: recorded entries, voids, unmatched deals, or why it was refused. */
export const CONNECTOR_DELIVERY_STATUSES = ['pending', 'processed', 'rejected'] as const;
export type ConnectorDeliveryStatus = (typeof CONNECTOR_DELIVERY_STATUSES)[number];

export const connectorDelivery = z.object({
  id: z.number(),
  receivedAt: z.string(),
  status: z.enum(CONNECTOR_DELIVERY_STATUSES),
  /** The HTTP status answered. */
  statusCode: z.number(),
  /** One line per deal: "deal 123: recorded $1,500.00 for Elena Ruiz", "deal 9: owner 456 matches no agent", or the refusal. */
  outcome: z.string(),
  /** The body as received (cut at CONNECTOR_LOGGED_BODY_MAX characters); null for refused deliveries whose body was not read. */
  body: z.string().nullable(),
  processedAt: z.string().nullable(),
});
export type ConnectorDelivery = z.infer<typeof connectorDelivery>;
export const connectorDeliveryQuery = z.object({
  offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
  limit: queryInteger('limit', 1, 200, 50),
});
export const connectorDeliveryPage = z.object({ deliveries: z.array(connectorDelivery), nextOffset: z.number().nullable() });
export type ConnectorDeliveryPage = z.infer<typeof connectorDeliveryPage>;

/** GET /api/connectors/{id}/unmatched: the CRM users whose won deals wait for an agent, with what waits. */
export const unmatchedOwner = z.object({
  ownerKey: z.string(),
  deals: z.number(),
  /** The waiting deals' amounts added up, as a decimal string. */
  amount: z.string(),
  firstSeenAt: z.string(),
});
export const unmatchedOwnerList = z.object({ owners: z.array(unmatchedOwner) });
export type UnmatchedOwnerList = z.infer<typeof unmatchedOwnerList>;

/** POST /api/connectors/{id}/unmatched/map: this CRM user is this agent, from now on; their waiting deals are recorded. */
export const mapUnmatchedOwnerInput = z.strictObject({
  ownerKey: storableText(
    z
      .string(zodText(text(messages, 'mustBeTextNamed', { field: 'ownerKey' })))
      .trim()
      .min(1, zodText(text(messages, 'mustNotBeEmpty', { field: 'ownerKey' })))
      .max(320, zodText(text(messages, 'atMostCharactersNamed', { field: 'ownerKey', max: 320 }))),
    'ownerKey',
  ),
  agentId: idField(text(messages, 'mustBeAgentId', { field: 'agentId' })),
});
export type MapUnmatchedOwnerInput = z.input<typeof mapUnmatchedOwnerInput>;
export const mappedOwner = z.object({ ownerKey: z.string(), agentId: z.number(), recorded: z.number() });
export type MappedOwner = z.infer<typeof mappedOwner>;

/** The answer to a delivery taken (not Salesforce's, which gets its SOAP acknowledgement): the log row and its deals. */
export const inboundAccepted = z.object({ received: z.number(), deals: z.number() });
export type InboundAccepted = z.infer<typeof inboundAccepted>;
