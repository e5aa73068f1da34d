import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ErrorBody } from '../contract/errors';
import type { AppContext } from './app-context';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { classifyDatabaseFailure } from './db/errors';
import { connectionOptions, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/connections';
import { answerFrameworkError, installErrorHandler } from './http/errors';
import { linkOrigin, registerHostCheck } from './http/host-check';
import { fastifyTrustProxy } from './http/trusted-proxies';
import { privateLogger } from './http/logging';
import { collectApiRoutes } from './http/route-list';
import { defaultSignUpMode } from './domain/sign-up';
import { loadRoutePages } from './http/route-pages';
import { cookieNames } from './auth/sessions';
import { DEFAULT_SIGN_IN_RATE_LIMITS, registerSecurity, TEST_SIGN_IN_RATE_LIMITS, type SignInRateLimits } from './http/security';
import { registerAgentAuthRoutes } from './routes/agent-auth';
import { registerAppInfoRoutes } from './routes/app-info';
import { registerHealthRoutes } from './routes/health';
import { registerUserAuthRoutes } from './routes/user-auth';
import { registerUserRoutes } from './routes/users';
import { registerTierSettingsRoutes } from './routes/tier-settings';
import { registerAgentRoutes } from './routes/agents';
import { registerTeamRoutes } from './routes/teams';
import { registerIncomeEntryRoutes } from './routes/income-entries';
import { registerGoalRoutes } from './routes/goals';
import { registerBadgeRoutes } from './routes/badges';
import { badgeSigningKey } from './db/queries/signing-key';
import { registerContestRoutes } from './routes/contests';
import { registerMetricRoutes } from './routes/metrics';
import { registerOwnerDashboardRoutes } from './routes/owner-dashboard';
import { registerInsightRoutes } from './routes/insight';
import { registerSessionRoutes } from './routes/sessions';
import { registerAgentTierRoutes } from './routes/agent-tiers';
import { registerRewardRoutes } from './routes/rewards';
import { registerRewardClaimRoutes } from './routes/reward-claims';
import { scheduleMaintenance } from './maintenance';
import { AuditSealer } from './audit-sealer';
import { registerSignUpRoutes } from './routes/sign-up';
import { registerAdminRoutes } from './routes/admin';
import { registerEventRoutes } from './routes/events';
import { registerTvLinkRoutes } from './routes/tv-links';
import { registerTvPairingRoutes } from './routes/tv-pairings';
import { registerApiTokenRoutes } from './routes/api-tokens';
import { registerExportRoutes } from './routes/exports';
import { registerAuditRoutes } from './routes/audit';
import { registerImportRoutes } from './routes/imports';
import { registerApiDocsRoutes } from './routes/api-docs';
import { BoardState } from './live/board-state';
import { PeriodFigures } from './live/period-figures';
import { AnswerCache } from './live/answer-cache';
import type { GoalInPeriod } from './db/queries/goals';
import { DEFAULT_EVENT_HUB_OPTIONS, EventHub, type EventHubOptions } from './live/event-hub';
import { DEFAULT_WEBHOOK_WORKER_OPTIONS, WebhookWorker, type WebhookWorkerOptions } from './webhooks/worker';
import { ConnectorWorker, DEFAULT_CONNECTOR_WORKER_OPTIONS, type ConnectorWorkerOptions } from './connectors/worker';
import { registerConnectorRoutes } from './routes/connectors';
import { registerScimRoutes } from './routes/scim';
import { registerSsoRoutes } from './routes/sso';
import { registerWebhookRoutes } from './routes/webhooks';
import { EmailWorker } from './notifications/email-worker';
import { DEFAULT_PUSH_WORKER_OPTIONS, PushWorker, type PushWorkerOptions } from './notifications/push-worker';
import { vapidKeys } from './db/queries/push-keys';
import { registerPushSubscriptionRoutes } from './routes/push-subscriptions';
import { Notifier } from './notifications/notifier';
import { CONTEST_MOVING_TYPES } from './domain/contests';
import { NOTIFYING_EVENT_TYPES } from './domain/notifications';
import { registerNotificationRoutes } from './routes/notifications';
import { registerPasswordResetRoutes } from './routes/password-resets';
import { registerTwoFactorRoutes } from './routes/two-factor';
import { registerSettingsRoutes } from './routes/settings';
import { registerCalculatorPercentageRoutes } from './routes/calculator-percentages';
import { OrganisationCache } from './live/organisation-cache';
import { PageHtml } from './http/page-html';

/** The notifier's look for events other instances committed (docs/product.md §12.13). */
const NOTIFIER_POLL_MS = 2_000;
/** How many goal lists (a reader's scope and filter, in some periods) are kept at once. */
const GOAL_LISTS_KEPT = 256;

/** The API's version in its OpenAPI document: the version of the package. */
const API_VERSION = '0.1.0';

/**
 * Who pushes come from (RFC 8292 `sub`): the app's address when it is https, else the sender of its emails, else a
 * mailto: of its host (push services ask for a way to reach the sender).
 */
function pushSubject(origin: string, mailFrom: string | undefined): string {
  if (origin.startsWith('https://')) return origin;
  const address = mailFrom && /<?([^\s<>]+@[^\s<>]+)>?\s*$/.exec(mailFrom)?.[1];
  return `mailto:${address || `tiertrack@${new URL(origin).hostname}`}`;
}

export const defaultWebRoot = fileURLToPath(new URL('../dist/web', import.meta.url));

export interface CreateAppOptions {
  database: Database;
  config: AppConfig;
  /** Folder of the built web app; null serves the API only. */
  webRoot?: string | null;
  /** Demo mode: the sign-in forms show the demo credentials. */
  demo?: boolean;
  /** In demo mode, whether the demo owner account exists (default: as demo); only then is it shown. */
  demoOwner?: boolean;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** Request and idle timeouts (defaults suit people and event streams; tests shorten them). */
  connectionLimits?: ConnectionLimits;
  /** Sign-in rate limits; default 10 a minute per IP and route, 5 per email (very high under NODE_ENV=test). */
  signInRateLimits?: SignInRateLimits;
  /** Heartbeat, credential-check and coalescing intervals of the live-update streams (tests shorten them). */
  eventHub?: Partial<EventHubOptions>;
  /** The webhook worker's poll interval and concurrency (tests shorten the poll). */
  webhookWorker?: Partial<Pick<WebhookWorkerOptions, 'pollMs' | 'concurrency' | 'perWebhook'>>;
  connectorWorker?: Partial<ConnectorWorkerOptions>;
  /** How often the notifier looks for events without being woken (tests shorten it). */
  notifierPollMs?: number;
  /** The push worker's poll, retries and timeout (tests shorten them). */
  pushWorker?: Partial<PushWorkerOptions>;
  /**
   * Whether this instance makes notifications and sends emails (default true). Tests of other things turn it off: it
   * writes in the background, after the changes they compare the database around.
   */
  notifications?: boolean;
}

/** Builds the HTTP application without listening, so tests can drive it in-process. */
export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  const { database, config } = options;
  const app = Fastify({
    logger: privateLogger(options.logger ?? false),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // Request bodies are JSON only; the default text/plain parser would let other content types through.
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    ...connectionOptions(options.connectionLimits ?? DEFAULT_CONNECTION_LIMITS),
  });
  app.server.maxConnections = config.maxConnections;
  app.removeContentTypeParser('text/plain');

  const now = options.now ?? (() => new Date());
  const live = new EventHub(database.liveDb, database.listen, { maxStreams: config.maxStreams }, app.log, now, {
    ...DEFAULT_EVENT_HUB_OPTIONS,
    // On PGlite no other process writes, and this one's writes announce their events as they commit (decision 0071):
    // nothing for a look to find, and each would queue on the one connection.
    ...(database.engine === 'pglite' ? { sequenceLookMs: 0 } : {}),
    ...options.eventHub,
  });
  // This process's writes send no NOTIFY on PostgreSQL: the hub hears of their commits here and sequences them.
  const stopHearingAppends = database.onAppended(() => live.appended());
  const boards = new BoardState(database.db, live, config.orgTimezone, app.log);
  const figures = new PeriodFigures(database.db, live, config.orgTimezone, app.log);
  // The goals in force change with goals, agents (names, statuses, teams), teams and metrics only (decision 0076).
  const goalsInForce = new AnswerCache<GoalInPeriod[]>(
    database.db,
    live,
    new Set(['goal.changed', 'agent.created', 'agent.updated', 'agent.deleted', 'team.changed', 'metric.changed', 'data.changed']),
    GOAL_LISTS_KEPT,
  );
  const webhooks = new WebhookWorker(
    database.db,
    {
      timeoutMs: config.webhookTimeoutMs,
      retryBaseMs: config.webhookRetryBaseMs,
      allowPrivate: config.webhookAllowPrivate,
      ...DEFAULT_WEBHOOK_WORKER_OPTIONS,
      ...options.webhookWorker,
    },
    app.log,
  );
  const connectorWorker = new ConnectorWorker(
    database.db,
    // PGlite runs one query at a time: one delivery at a time there.
    { ...DEFAULT_CONNECTOR_WORKER_OPTIONS, ...(database.engine === 'pglite' ? { concurrency: 1 } : {}), ...options.connectorWorker },
    app.log,
    now,
    config.orgTimezone,
  );
  const emails = new EmailWorker(
    database.db,
    { mail: config.mail, retryBaseMs: config.emailRetryBaseMs, pollMs: options.notifierPollMs ?? NOTIFIER_POLL_MS, concurrency: 4 },
    app.log,
    now,
  );
  // Links that leave the app: the address people open, else the address this server listens on (its real port once
  // it listens), never the request's Host header.
  const links = () => {
    const address = app.server.address();
    return linkOrigin(config, typeof address === 'object' && address !== null ? address.port : undefined);
  };
  const pushes = new PushWorker(
    database.db,
    { ...DEFAULT_PUSH_WORKER_OPTIONS, pollMs: options.notifierPollMs ?? NOTIFIER_POLL_MS, ...options.pushWorker },
    app.log,
    now,
    config.orgTimezone,
    () => pushSubject(links(), config.mail?.from),
    config.pushServiceHosts,
  );
  app.decorate('pushes', pushes);
  const notifier = new Notifier(
    database.db,
    app.log,
    now,
    options.notifierPollMs ?? NOTIFIER_POLL_MS,
    links,
    () => {
      emails.kick();
      pushes.kick();
    },
    config.orgTimezone,
    config.contestGraceHours,
  );
  const notificationsOn = options.notifications ?? true;
  live.follow((events) => {
    webhooks.eventsCommitted();
    // Woken only by events that notify someone: entries alone (most events) wait for the poll, which moves the cursor
    // over them a batch at a time instead of a pass per entry (docs/decisions/0023).
    if (notificationsOn && events.some((event) => NOTIFYING_EVENT_TYPES.has(event.type))) notifier.kick();
    // Entries and activities may move a running contest: a pass within a second tells it (at most one a second).
    else if (notificationsOn && events.some((event) => CONTEST_MOVING_TYPES.has(event.type))) notifier.soon();
  });
  const sealer = config.auditKey ? new AuditSealer(database.db, config.auditKey, app.log, now) : undefined;
  app.addHook('onReady', async () => {
    // The key that signs badge credentials exists before any read of it (a read never writes).
    await badgeSigningKey(database.db);
    // So is the push key pair browsers subscribe with (docs/decisions/0092).
    await vapidKeys(database.db);
    await live.start();
    webhooks.start();
    connectorWorker.start();
    sealer?.start();
    if (notificationsOn) {
      await notifier.start();
      emails.start();
      pushes.start();
    }
  });
  // Attempts under way finish (or time out) before the database closes.
  app.addHook('onClose', async () => {
    await Promise.all([webhooks.close(), notifier.close(), connectorWorker.close()]);
    await Promise.all([emails.close(), pushes.close()]);
    await sealer?.close();
  });
  // Before the server stops accepting connections and waits for open ones: streams never end by themselves.
  app.addHook('preClose', async () => {
    stopHearingAppends();
    boards.close();
    figures.close();
    goalsInForce.close();
    await live.close();
  });

  const ctx: AppContext = {
    db: database.db,
    engine: database.engine,
    config,
    demo: options.demo ?? false,
    demoOwner: options.demoOwner ?? options.demo ?? false,
    signUpDefault: defaultSignUpMode(config.nodeEnv, options.demo ?? false),
    live,
    boards,
    figures,
    goalsInForce,
    webhooks,
    connectors: connectorWorker,
    notifier,
    emails,
    pushes,
    organisation: new OrganisationCache(database.db, app.log),
    linkOrigin: links,
    now,
  };

  installErrorHandler(app, classifyDatabaseFailure);
  await app.register(cookie);
  collectApiRoutes(app);
  await registerSecurity(
    app,
    ctx,
    options.signInRateLimits ?? (config.nodeEnv === 'test' ? TEST_SIGN_IN_RATE_LIMITS : DEFAULT_SIGN_IN_RATE_LIMITS),
  );
  // After the security headers are set, so that its refusal carries them too.
  registerHostCheck(app, config);

  registerAgentAuthRoutes(app, ctx);
  registerUserAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerAppInfoRoutes(app, ctx);
  registerHealthRoutes(app, ctx);
  registerTierSettingsRoutes(app, ctx);
  registerAgentRoutes(app, ctx);
  registerTeamRoutes(app, ctx);
  registerIncomeEntryRoutes(app, ctx);
  registerMetricRoutes(app, ctx);
  registerGoalRoutes(app, ctx);
  registerContestRoutes(app, ctx);
  registerBadgeRoutes(app, ctx);
  registerOwnerDashboardRoutes(app, ctx);
  registerInsightRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerAgentTierRoutes(app, ctx);
  registerRewardRoutes(app, ctx);
  registerRewardClaimRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerSignUpRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerTvLinkRoutes(app, ctx);
  registerTvPairingRoutes(app, ctx);
  registerApiTokenRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerImportRoutes(app, ctx);
  registerWebhookRoutes(app, ctx);
  registerConnectorRoutes(app, ctx);
  registerScimRoutes(app, ctx);
  registerSsoRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerPushSubscriptionRoutes(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  registerTwoFactorRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerCalculatorPercentageRoutes(app, ctx);
  registerApiDocsRoutes(app, ctx, API_VERSION);
  scheduleMaintenance(app, ctx);

  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  const hasWeb = webRoot !== null && existsSync(`${webRoot}/index.html`);
  const routePages = hasWeb ? loadRoutePages(webRoot) : undefined;
  // Pages carry the organisation's settings, so that screens write money right from their first paint.
  const pageHtml = hasWeb ? new PageHtml(webRoot, ctx.organisation) : undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/') || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ErrorBody = { message: `No route for ${request.method} ${path}`, code: 'NOT_FOUND' };
      return reply.status(404).send(body);
    }
    // Client-side routes (and the 404 page for unknown paths) are rendered by the web app; a route's own page names
    // the scripts its screen loads, and "/" differs for a browser that carries a session cookie.
    const page = routePages?.fileFor(path, request.cookies[cookieNames.user] !== undefined) ?? 'index.html';
    return pageHtml!.send(request, reply.header('cache-control', 'no-cache'), page);
  });

  return app;
}
