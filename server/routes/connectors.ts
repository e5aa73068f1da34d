import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONNECTOR_BODY_MAX_BYTES,
  CONNECTOR_DEFAULTS,
  CONNECTOR_LOGGED_BODY_MAX,
  CONNECTOR_SECRET_PREFIX,
  CONNECTORS_MAX,
  connectorDeliveryQuery,
  createConnectorInput,
  mapUnmatchedOwnerInput,
  updateConnectorInput,
  type Connector,
  type ConnectorDeliveryPage,
  type ConnectorList,
  type CreatedConnector,
  type MappedOwner,
  type UnmatchedOwnerList,
} from '../../contract/connectors';
import type { ErrorBody } from '../../contract/errors';
import { PROFIT_METRIC } from '../../contract/limits';
import type { AppContext } from '../app-context';
import { requireOwner } from '../auth/permissions';
import { userActor } from '../auth/audit-actor';
import { audited } from '../db/audit';
import { dealMetricOf, reconcileDeals } from '../db/operations/apply-connector-deal';
import { findAgentById } from '../db/queries/agents';
import {
  countConnectors,
  deleteConnector,
  findConnector,
  inboundPathOf,
  insertConnector,
  insertConnectorDelivery,
  listConnectorDeliveries,
  listConnectors,
  listUnmatchedOwners,
  readConnector,
  saveOwnerMapping,
  updateConnector,
  waitingDealsOf,
  type ConnectorRow,
} from '../db/queries/connectors';
import { findMetric } from '../db/queries/metrics';
import { parseGeneric, verifyGeneric } from '../domain/connectors/generic';
import { parseHubspot, verifyHubspot } from '../domain/connectors/hubspot';
import { parsePipedrive, verifyPipedrive } from '../domain/connectors/pipedrive';
import { parseSalesforce, salesforceAck, salesforceFault, verifySalesforceToken } from '../domain/connectors/salesforce';
import type { ConnectorSettings, InboundRequest, ParsedDelivery, VerifiedRequest } from '../domain/connectors/types';
import { text } from '../../contract/i18n';
import { conflict, invalid, notFound } from '../domain/errors';
import { messages } from './messages';
import { parseId, parseInput } from '../http/errors';
import type { KeptUpdates } from '../connectors/worker';
import { ConnectorCache } from '../connectors/connector-cache';
import { RefusalBudget, UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE } from '../connectors/refusal-budget';

const SWITCHED_OFF = 'This connector is switched off: switch it on under Connectors to take deliveries';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PIPEDRIVE_USERNAME = 'tiertrack';

/** The metric a mapping names: null for profit; VALIDATION_FAILED for a metric that does not exist or is switched off. */
async function mappedMetricId(ctx: AppContext, key: string): Promise<number | null> {
  if (key === PROFIT_METRIC) return null;
  const metric = await findMetric(ctx.db, key);
  if (!metric) throw invalid(text(messages, 'mappingNoMetric', { metric: key }), 'mapping.metric');
  if (!metric.active) throw invalid(text(messages, 'mappingMetricOff', { name: metric.name }), 'mapping.metric');
  return metric.id;
}

/**
 * Connectors (DESIGN §8, docs/decisions/0089-connectors.md): the owner makes, reads, changes and deletes them, reads
 * each one's delivery log and unmatched deals and maps a CRM user to an agent; the CRMs send their deliveries to
 * `/api/connectors/{id}/inbound`, which checks each provider's own authentication, keeps the delivery and answers at once.
 */
export function registerConnectorRoutes(app: FastifyInstance, ctx: AppContext) {
  const cache = new ConnectorCache((id) => findConnector(ctx.db, id));
  const refusals = new RefusalBudget();
  app.post('/api/connectors', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const input = parseInput(createConnectorInput, request.body);
    const metricId = await mappedMetricId(ctx, input.mapping.metric);
    if ((await countConnectors(ctx.db)) >= CONNECTORS_MAX) throw conflict(text(messages, 'tooManyConnectors', { max: CONNECTORS_MAX }));
    const defaults = CONNECTOR_DEFAULTS[input.provider];
    // What the provider is given: shown in this answer only.
    const shown: Pick<CreatedConnector, 'secret' | 'username' | 'password'> = {};
    let secret: string | null = null;
    let username: string | null = null;
    let credentialHash: string | null = null;
    let token: string | undefined;
    if (input.provider === 'generic') {
      secret = `${CONNECTOR_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
      shown.secret = secret;
    } else if (input.provider === 'hubspot') {
      secret = input.clientSecret!;
    } else if (input.provider === 'pipedrive') {
      const password = randomBytes(24).toString('base64url');
      username = PIPEDRIVE_USERNAME;
      credentialHash = sha256(password);
      Object.assign(shown, { username, password });
    } else {
      token = randomBytes(32).toString('base64url');
      credentialHash = sha256(token);
    }
    const made = await audited(
      ctx.db,
      userActor(request, owner),
      ctx.now(),
      (tx) =>
        insertConnector(tx, {
          provider: input.provider,
          name: input.name,
          agentBy: input.mapping.agentBy,
          metricId,
          amountField: input.mapping.amountField ?? defaults.amountField,
          stage: input.mapping.stage ?? defaults.stage,
          secret,
          username,
          credentialHash,
          organizationId: input.organizationId ?? null,
          createdBy: owner.id,
          createdAt: ctx.now(),
        }),
      (row) => ({ action: 'connector.created', targetType: 'connector', targetId: row.id, after: { provider: row.provider, name: row.name, mapping: row.mapping } }),
    );
    const path = `${inboundPathOf(made.id)}${token ? `?token=${token}` : ''}`;
    request.log.info({ connectorId: made.id, provider: made.provider }, 'connector created');
    return reply.status(201).send({ ...made, ...shown, inboundUrl: ctx.config.publicUrl ? new URL(path, ctx.config.publicUrl).toString() : path } satisfies CreatedConnector);
  });

  app.get('/api/connectors', async (request, reply): Promise<ConnectorList> => {
    await requireOwner(ctx, request, reply);
    return { connectors: await listConnectors(ctx.db) };
  });

  app.get<{ Params: { id: string } }>('/api/connectors/:id', async (request, reply): Promise<Connector> => {
    await requireOwner(ctx, request, reply);
    const found = await readConnector(ctx.db, parseId(request.params.id, 'Connector'));
    if (!found) throw notFound('Connector');
    return found;
  });

  // The provider and its credentials stay: the CRM keeps sending where and how it was set up to.
  app.patch<{ Params: { id: string } }>('/api/connectors/:id', async (request, reply): Promise<Connector> => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Connector');
    const input = parseInput(updateConnectorInput, request.body);
    const existing = await findConnector(ctx.db, id);
    if (!existing) throw notFound('Connector');
    const defaults = CONNECTOR_DEFAULTS[existing.provider];
    const mapping = input.mapping;
    const change = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(mapping
        ? {
            agentBy: mapping.agentBy,
            metricId: await mappedMetricId(ctx, mapping.metric),
            amountField: mapping.amountField ?? defaults.amountField,
            stage: mapping.stage ?? defaults.stage,
          }
        : {}),
    };
    const updated = await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => updateConnector(tx, id, change), (done) =>
      done
        ? {
            action: 'connector.updated',
            targetType: 'connector',
            targetId: id,
            before: auditedConnector(done.before),
            after: auditedConnector(done.after),
          }
        : null,
    );
    if (!updated) throw notFound('Connector');
    cache.drop(id);
    return (await readConnector(ctx.db, id))!;
  });

  app.delete<{ Params: { id: string } }>('/api/connectors/:id', async (request, reply) => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Connector');
    const deleted = await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => deleteConnector(tx, id), (done) =>
      done ? { action: 'connector.deleted', targetType: 'connector', targetId: id } : null,
    );
    if (!deleted) throw notFound('Connector');
    cache.drop(id);
    refusals.drop(id);
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/connectors/:id/deliveries', async (request, reply): Promise<ConnectorDeliveryPage> => {
    await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Connector');
    const query = parseInput(connectorDeliveryQuery, request.query);
    if (!(await findConnector(ctx.db, id))) throw notFound('Connector');
    return listConnectorDeliveries(ctx.db, id, query.offset, query.limit);
  });

  app.get<{ Params: { id: string } }>('/api/connectors/:id/unmatched', async (request, reply): Promise<UnmatchedOwnerList> => {
    await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Connector');
    if (!(await findConnector(ctx.db, id))) throw notFound('Connector');
    return listUnmatchedOwners(ctx.db, id);
  });

  // This CRM user is this agent from now on: remembered, and the deals waiting for them are recorded now.
  app.post<{ Params: { id: string } }>('/api/connectors/:id/unmatched/map', async (request, reply): Promise<MappedOwner> => {
    const owner = await requireOwner(ctx, request, reply);
    const id = parseId(request.params.id, 'Connector');
    const input = parseInput(mapUnmatchedOwnerInput, request.body);
    const connector = await findConnector(ctx.db, id);
    if (!connector) throw notFound('Connector');
    const agent = await findAgentById(ctx.db, input.agentId);
    if (!agent) throw invalid(text(messages, 'noSuchAgent'), 'agentId');
    if (agent.status !== 'active') throw invalid(text(messages, 'agentInactiveForDeals', { name: agent.name }), 'agentId');
    await audited(ctx.db, userActor(request, owner), ctx.now(), (tx) => saveOwnerMapping(tx, id, input.ownerKey, input.agentId, ctx.now()), () => ({
      action: 'connector.owner_mapped',
      targetType: 'connector',
      targetId: id,
      after: { ownerKey: input.ownerKey, agentId: input.agentId },
    }));
    const waiting = await waitingDealsOf(ctx.db, id, input.ownerKey);
    const lines = await reconcileDeals(ctx.db, connector, waiting, {
      now: ctx.now(),
      timeZone: ctx.config.orgTimezone,
      metric: await dealMetricOf(ctx.db, connector),
      // How money is written, as this instance last heard the organisation's settings.
      money: ctx.organisation.current(),
    });
    const recorded = lines.filter((line) => line.includes(': recorded ')).length;
    request.log.info({ connectorId: id, deals: waiting.length, recorded }, 'connector owner mapped');
    return { ownerKey: input.ownerKey, agentId: input.agentId, recorded };
  });

  // The CRMs' deliveries: raw bodies (signatures are over the bytes sent), JSON or XML, up to CONNECTOR_BODY_MAX_BYTES.
  void app.register(async (inbound) => {
    inbound.removeAllContentTypeParsers();
    inbound.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CONNECTOR_BODY_MAX_BYTES }, (_request, body, done) => done(null, body));
    inbound.post<{ Params: { id: string } }>('/api/connectors/:id/inbound', (request, reply) => receive(ctx, cache, refusals, request, reply));
  });
}

/** A connector's settings as the audit trail keeps them: never a credential. */
const auditedConnector = (row: ConnectorRow) => ({
  name: row.name,
  active: row.active,
  mapping: { agentBy: row.agentBy, metric: row.metricKey, amountField: row.amountField, stage: row.stage },
});

/** The address the provider sent to, as it signed it: the public address when configured, else the request's own. */
function requestUrl(ctx: AppContext, request: FastifyRequest): string {
  const origin = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).origin : `${request.protocol}://${request.host}`;
  return `${origin}${request.url}`;
}

function verify(connector: ConnectorRow, inbound: InboundRequest): VerifiedRequest {
  switch (connector.provider) {
    case 'generic':
      return verifyGeneric(inbound, connector.secret ?? '');
    case 'hubspot':
      return verifyHubspot(inbound, connector.secret ?? '');
    case 'pipedrive':
      return verifyPipedrive(inbound, connector.username ?? '', connector.credentialHash ?? '');
    case 'salesforce':
      return verifySalesforceToken(inbound, connector.credentialHash ?? '');
  }
}

function parse(connector: ConnectorRow, body: string): ParsedDelivery {
  const settings: ConnectorSettings = {
    provider: connector.provider,
    agentBy: connector.agentBy,
    amountField: connector.amountField,
    stage: connector.stage,
    organizationId: connector.organizationId,
  };
  switch (connector.provider) {
    case 'generic':
      return parseGeneric(body, settings);
    case 'hubspot':
      return parseHubspot(body, settings);
    case 'pipedrive':
      return parsePipedrive(body, settings);
    case 'salesforce':
      return parseSalesforce(body, settings);
  }
}

/**
 * One delivery: checked as its provider documents it, kept in the log (refusals too, without their body when the
 * sender was not who it said), then answered: 202, or Salesforce's acknowledgement so that it stops retrying. The
 * deals are recorded by the connector worker after the answer.
 */
async function receive(ctx: AppContext, cache: ConnectorCache, refusals: RefusalBudget, request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
  const id = parseId(request.params.id, 'Connector');
  const connector = await cache.get(id);
  if (!connector) throw notFound('Connector');
  const rawBody = typeof request.body === 'string' ? request.body : '';
  const now = ctx.now();
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]));
  const soap = connector.provider === 'salesforce';
  // keepBody: the sender proved who it is (its body is kept). One that did not is logged within a budget a minute.
  const refuse = async (statusCode: number, message: string, keepBody: boolean) => {
    const budget = keepBody ? { log: true, firstOver: false } : refusals.take(id, now.getTime());
    if (budget.log) {
      const logged = await insertConnectorDelivery(
        ctx.db,
        { connectorId: id, receivedAt: now, status: 'rejected', statusCode, body: keepBody ? rawBody.slice(0, CONNECTOR_LOGGED_BODY_MAX) : null, updates: null, outcome: message },
        { whileActive: false },
      );
      if (logged === undefined) {
        cache.drop(id);
        throw notFound('Connector');
      }
      request.log.warn({ connectorId: id, statusCode, reason: message }, 'connector delivery refused');
    } else if (budget.firstOver) {
      request.log.warn(
        { connectorId: id, statusCode, reason: message },
        `connector deliveries refused: more than ${UNAUTHENTICATED_REFUSALS_LOGGED_PER_MINUTE} unauthenticated ones this minute; the rest of the minute's are refused without a log row`,
      );
    }
    // Pipedrive's webhooks send HTTP basic auth: a 401 says which scheme (RFC 9110 §11.6.1).
    if (statusCode === 401 && connector.provider === 'pipedrive') reply.header('www-authenticate', 'Basic realm="TierTrack connector"');
    // Salesforce reads a SOAP fault; the status says the same as to the others (it retries what is not acknowledged).
    if (soap) return reply.status(statusCode).type('text/xml; charset=utf-8').send(salesforceFault(message));
    return reply.status(statusCode).send({ message, code: statusCode === 401 ? 'UNAUTHENTICATED' : statusCode === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED' } satisfies ErrorBody);
  };

  const checked = verify(connector, { method: request.method, url: requestUrl(ctx, request), headers, rawBody, now: now.getTime() });
  if (!checked.ok) return refuse(checked.statusCode, checked.message, false);
  // Off as last read: read again, in case it was switched on within the second (on another instance).
  if (!connector.active) {
    cache.drop(id);
    const current = await cache.get(id);
    if (!current) throw notFound('Connector');
    if (!current.active) return refuse(403, SWITCHED_OFF, true);
  }
  const parsed = parse(connector, rawBody);
  if (!parsed.ok) return refuse(parsed.statusCode, parsed.message, parsed.statusCode !== 401);

  const kept: KeptUpdates = { updates: parsed.updates, notes: parsed.notes };
  const deliveryId = await insertConnectorDelivery(
    ctx.db,
    {
      connectorId: id,
      receivedAt: now,
      status: parsed.updates.length > 0 ? 'pending' : 'processed',
      statusCode: soap ? 200 : 202,
      body: rawBody.slice(0, CONNECTOR_LOGGED_BODY_MAX),
      updates: parsed.updates.length > 0 ? kept : null,
      outcome: parsed.updates.length > 0 ? '' : parsed.notes.join('\n') || 'no deal in it',
    },
    { whileActive: true },
  );
  // Switched off or deleted since the cached read (another instance, within the second): answered as it is now.
  if (deliveryId === undefined) {
    cache.drop(id);
    if (!(await findConnector(ctx.db, id))) throw notFound('Connector');
    return refuse(403, SWITCHED_OFF, true);
  }
  if (parsed.updates.length > 0) ctx.connectors.kick();
  if (soap) return reply.status(200).type('text/xml; charset=utf-8').send(salesforceAck());
  return reply.status(202).send({ received: deliveryId, deals: parsed.updates.length });
}
