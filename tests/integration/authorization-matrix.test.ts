// Who may do what (docs/product.md §3.3), for every API route and every kind of caller, in one table.
// The table must name exactly the routes the app registers: a new route without a row fails here.
import { expect, it } from 'vitest';
import { queryRows, type Db } from '../../server/db/client';
import { createAgent, createUser, FACTORY_PASSWORD, signInAgent, signInAs, signInUser, uniqueSuffix } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { insertInvitation } from '../../server/db/queries/sign-up';
import { insertTvLink } from '../../server/db/queries/tv-links';
import { insertTvPairing } from '../../server/db/queries/tv-pairings';
import { createECDH, randomBytes, randomInt } from 'node:crypto';
import { TV_PAIRING_ALPHABET } from '../../contract/tv-links';
import { hashToken } from '../../server/auth/sessions';
import { sql } from 'drizzle-orm';
import type { ApiScope } from '../../contract/api-tokens';
import { SCIM_SCHEMA } from '../../contract/scim';
import { insertApiToken } from '../../server/db/queries/api-tokens';
import { insertWebhook } from '../../server/db/queries/webhooks';
import { insertConnector } from '../../server/db/queries/connectors';
import { saveSsoSettings } from '../../server/db/queries/sso';
import { createTeam } from '../../server/db/operations/create-team';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { describeEachEngine } from '../support/test-app';
import { unsubscribeKey } from '../../server/db/queries/notifications';
import { unsubscribeToken } from '../../server/domain/emails';
import { savePushSubscription } from '../../server/db/queries/push-subscriptions';

/** A browser's push subscription (a new endpoint and keys each time), as POST /api/push-subscriptions takes it. */
function pushDevice() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}
import { sequenceAll } from '../../server/db/sequencer';
import { recordActivity } from '../../server/db/operations/record-activity';
import { findMetric } from '../../server/db/queries/metrics';
import { createGoals } from '../../server/db/operations/save-goal';
import { makeAward, makeContest } from '../factories/contests';
import { badgeHeld, badgeRuleNamed } from '../factories/badges';
import { localDay, periodStartOfDay, shiftDay } from '../../server/domain/periods';

// Tokens call with `Authorization: Bearer`: one per scope (contract/api-tokens.ts); activitiesToken has `activities:write`,
// scimToken `scim` (SCIM provisioning under /scim/v2: docs/decisions/0091-scim-provisioning.md).
// otherManager leads a team that agent B is in and agent A is not (docs/decisions/0032-teams.md); `manager` leads none.
// unenrolledManager is `manager` while the organisation requires two-factor sign-in of managers and they have not set
// it up (docs/decisions/0030, 0034): refused on every route that serves a signed-in person but those that set it up.
const callers = ['anonymous', 'agentA', 'agentB', 'manager', 'owner', 'readToken', 'entriesToken', 'agentsToken', 'otherManager', 'unenrolledManager', 'activitiesToken', 'scimToken'] as const;
type Caller = (typeof callers)[number];

/** Each request acts on a fresh one, so that rows that change data cannot break each other. */
interface Fixture {
  /** Has 12,000.00: tiers 1 and 2 reached, a pending claim of tier 2. */
  agentA: { id: number; email: string };
  /** Has 6,000.00: tier 1 reached, nothing claimed. agentB calls with agent A's ids in paths and bodies. */
  agentB: { id: number; email: string };
  tier1: number;
  /** An active reward option of tier 1. */
  rewardOption: number;
  /** Agent A's pending claim (tier 2). */
  claim: number;
  manager: { id: number; email: string };
  /** A manager who leads `team` (agent B's), not agent A's. */
  otherManager: { id: number; email: string };
  team: number;
  /** A manager with two-factor sign-in on (the owner may turn it off for them). */
  twoFactorUser: { id: number };
  owner: { id: number; email: string };
  /** An open invitation link made by the owner. */
  invitation: number;
  /** A TV link made by the owner, and its token. */
  tvLink: number;
  tvToken: string;
  /** Two TVs waiting to be paired: one's code (the owner pairs it), the other's secret (it asks whether it is). */
  tvPairingCode: string;
  tvPairingSecret: string;
  /** An API token the owner made, to revoke. */
  apiToken: number;
  /** A one-time password link of agent B's, unused. */
  resetToken: string;
  /** A webhook (to a name that never resolves) and a delivery of it. */
  webhook: number;
  webhookDelivery: number;
  connector: number;
  /** A SCIM resource type's id and a schema's URN (the discovery documents' paths). */
  scimResourceType: string;
  scimSchema: string;
  /** A signed unsubscribe token of agent A's tier_reached emails. */
  unsubscribeToken: string;
  /** A push device of agent A's (its endpoint). */
  pushEndpoint: string;
  /** A small entry of agent A's (voiding it takes no tier back). */
  entry: number;
  /** The key of a count metric, active, that agents may record (MATRIX_METRIC: one per database). */
  metric: string;
  /** An activity of agent A's on `metric`, not voided. */
  activity: number;
  /** Agent A's recurring monthly goal on `metric`. */
  goal: number;
  /** A published contest of agent A's alone on `metric`, from tomorrow (scheduled). */
  contest: number;
  /** A draft contest of agent A's alone. */
  draftContest: number;
  /** A prize awarded to agent A (a reward option of tier 1's), not claimed. */
  prize: number;
  /** A badge rule (a first sale's), and agent A's badge of it. */
  badge: number;
  heldBadge: number;
  /** Another session of the caller's own account (agent A's for agent B, anonymous callers and tokens). */
  otherSession: number;
  /** The caller's credential: its session cookie or its token. */
  headers: Record<string, string>;
}

/** The id of a new session of the account (signed in at `now`). */
async function sessionIdOf(db: Db, account: { kind: 'agent' | 'user'; id: number }, now: Date): Promise<number> {
  const { token } = await signInAs(db, account, now);
  const [row] = await queryRows<{ id: number }>(db, sql`select id from sessions where token_hash = ${hashToken(token)}`);
  return row!.id;
}

/**
 * The matrix's count metric. One per database, made on first use and put back to active and recordable by agents each
 * time (a row may change it): a metric per fixture would pass the limit of 20 (METRICS_MAX) at once.
 */
const MATRIX_METRIC = 'matrix-calls';

async function matrixMetric(db: Db, now: Date) {
  await db.execute(
    sql`insert into metrics (key, name, unit, agents_may_record, active, created_at)
      values (${MATRIX_METRIC}, 'Matrix calls', 'count', true, true, ${now.toISOString()}::timestamptz)
      on conflict (key) do update set active = true, agents_may_record = true`,
  );
  const metric = await findMetric(db, MATRIX_METRIC);
  if (!metric) throw new Error(`no metric ${MATRIX_METRIC}`);
  return metric;
}

/** A fresh metric key: lower-case letters, digits, - and _, starting with a letter, at most 40 characters. */
const freshMetricKey = () => `m-${uniqueSuffix().toLowerCase().replace(/[^a-z0-9_-]/g, '')}`.slice(0, 40);

async function makeFixture(db: Db, now: Date, caller: Caller): Promise<Fixture> {
  const agentA = await createAgent(db);
  await addIncome(db, agentA, '12000.00', { now });
  const entry = await addIncome(db, agentA, '100.00', { now });
  const agentB = await createAgent(db);
  await addIncome(db, agentB, '6000.00', { now });
  const tier1Option = await createRewardOption(db, { tierId: 1 });
  const tier2Option = await createRewardOption(db, { tierId: 2 });
  const claim = await createPendingClaim(db, { agentId: agentA.id, tierId: 2, rewardOptionId: tier2Option.id });
  const manager = await createUser(db, { role: 'manager' });
  const otherManager = await createUser(db, { role: 'manager' });
  const twoFactorUser = await createUser(db, { role: 'manager' });
  await db.execute(sql`update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = ${now.toISOString()}::timestamptz where id = ${twoFactorUser.id}`);
  const team = await createTeam(db, { name: `Matrix team ${uniqueSuffix()}`, managerIds: [otherManager.id], agentIds: [agentB.id] }, SYSTEM_ACTOR, now);
  const owner = await createUser(db, { role: 'owner' });
  const metric = await matrixMetric(db, now);
  const activity = await recordActivity(
    db,
    metric,
    { agentId: agentA.id, value: '2', date: now, note: null, externalId: null, selfReported: false },
    { timeZone: 'UTC', now, actor: SYSTEM_ACTOR },
  );
  // Agent A's monthly goal on the metric, this month.
  const [goal] = await createGoals(
    db,
    [{ holder: { agentId: agentA.id }, metricId: metric.id, period: 'month', startsOn: periodStartOfDay('month', localDay(now, 'UTC')), recurring: true, target: 1000n }],
    SYSTEM_ACTOR,
    now,
  );
  // Agent A's contests: one published from tomorrow, one a draft (docs/decisions/0077-contests.md).
  const tomorrow = shiftDay(localDay(now, 'UTC'), { days: 1 });
  const contestOf = (draft: boolean) =>
    makeContest(db, { startsOn: tomorrow, endsOn: shiftDay(tomorrow, { days: 6 }), metricId: metric.id }, { draft, now, participantKind: 'agents', participantIds: [agentA.id] });
  const contest = await contestOf(false);
  const draftContest = await contestOf(true);
  const badge = await badgeRuleNamed(db, 'Matrix badge', now);
  const heldBadge = await badgeHeld(db, badge, agentA.id, now);
  const prize = await makeAward(db, { contestId: contest, agentId: agentA.id, rewardOptionId: (await createRewardOption(db, { tierId: 1, title: 'Matrix prize' })).id, now });
  const invitation = await insertInvitation(db, {
    tokenHash: `matrix-${uniqueSuffix()}`,
    createdBy: owner.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 60 * 60 * 1000),
  });
  const tvToken = `matrix${uniqueSuffix()}`.padEnd(32, 'x').slice(0, 32);
  const tvLink = await insertTvLink(db, { name: 'Matrix TV', showAmounts: false, tokenHash: hashToken(tvToken), createdBy: owner.id, createdAt: now });
  const tvPairingCode = Array.from({ length: 8 }, () => TV_PAIRING_ALPHABET[randomInt(TV_PAIRING_ALPHABET.length)]).join('');
  const tvPairingSecret = `pairing${uniqueSuffix()}`.padEnd(32, 'x').slice(0, 32);
  const pairingTimes = { createdAt: now, expiresAt: new Date(now.getTime() + 10 * 60 * 1000) };
  await insertTvPairing(db, { codeHash: hashToken(tvPairingCode), secretHash: hashToken(`${tvPairingSecret}-code-only`), ...pairingTimes });
  await insertTvPairing(db, { codeHash: hashToken(`${tvPairingSecret}-secret-only`), secretHash: hashToken(tvPairingSecret), ...pairingTimes });
  const apiToken = async (scope: ApiScope) => {
    const token = `tt_matrix_${scope.replace(':', '_')}_${uniqueSuffix()}`;
    const row = await insertApiToken(db, { name: `Matrix ${scope}`, scopes: [scope], tokenHash: hashToken(token), createdBy: owner.id, createdAt: now, expiresAt: null });
    return { token, id: row.id };
  };
  const resetToken = `matrix-reset-${uniqueSuffix()}`;
  await db.execute(
    sql`insert into password_resets (kind, account_id, token_hash, source, created_at, expires_at)
      values ('agent', ${agentB.id}, ${hashToken(resetToken)}, 'email', ${now.toISOString()}::timestamptz, ${new Date(now.getTime() + 60 * 60 * 1000).toISOString()}::timestamptz)`,
  );
  // One webhook at a time (a fixture per caller and row would pass the limit of 20). The rows are locked in id order,
  // the order in which the app's fan-out locks them (its deliveries' keys), so the two cannot deadlock: a bare delete
  // takes them in the table's physical order, which updates make differ from id order (seen once in CI).
  await db.execute(sql`delete from webhooks where id in (select id from webhooks order by id for update)`);
  const webhook = await insertWebhook(db, { url: 'https://hooks.invalid/matrix', events: ['tier.reached'], format: 'json', secret: 'whsec_matrix', createdBy: owner.id, createdAt: now });
  // A delivery that has failed for good: the app's webhook worker never picks it up, so a retry never finds it being
  // sent (a pending one was being attempted when the owner retried it, on a busy machine: 409).
  const [webhookDelivery] = await queryRows<{ id: number }>(
    db,
    sql`insert into webhook_deliveries (webhook_id, event_type, body, status, attempts, created_at, deliver_until)
      values (${webhook.id}, 'webhook.test', '{}', 'failed', 1, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) returning id::float8 as id`,
  );
  // Company sign-in set up, so that removing it changes something; its provider does not answer (a closed port).
  await saveSsoSettings(
    db,
    { issuer: 'http://127.0.0.1:9', clientId: 'matrix', clientSecret: 'matrix-secret', label: 'Matrix', allowedDomains: ['example.test'], roleClaim: null, managerValue: null, required: false },
    now,
  );
  // One connector at a time, as webhooks (at most 20 at once); its deliveries go with it.
  await db.execute(sql`delete from connectors`);
  const connector = await insertConnector(db, {
    provider: 'generic',
    name: 'Matrix CRM',
    agentBy: 'externalUserId',
    metricId: null,
    amountField: 'amount',
    stage: 'true',
    secret: 'ttc_matrix',
    username: null,
    credentialHash: null,
    organizationId: null,
    createdBy: owner.id,
    createdAt: now,
  });
  const bearer = async (scope: ApiScope) => ({ authorization: `Bearer ${(await apiToken(scope)).token}` });
  const cookie = async (session: Promise<{ cookie: string }>) => ({ cookie: (await session).cookie });
  // The rule is the organisation's: on for the unenrolled manager's requests only.
  await db.execute(
    sql`insert into organisation_settings (id, org_name, require_manager_two_factor) values (1, 'Matrix', ${caller === 'unenrolledManager'})
      on conflict (id) do update set require_manager_two_factor = excluded.require_manager_two_factor`,
  );
  const credentials: Record<Caller, () => Promise<Record<string, string>>> = {
    anonymous: async () => ({}),
    agentA: () => cookie(signInAgent(db, agentA, now)),
    agentB: () => cookie(signInAgent(db, agentB, now)),
    manager: () => cookie(signInUser(db, manager, now)),
    unenrolledManager: () => cookie(signInUser(db, manager, now)),
    otherManager: () => cookie(signInUser(db, otherManager, now)),
    owner: () => cookie(signInUser(db, owner, now)),
    readToken: () => bearer('read'),
    entriesToken: () => bearer('entries:write'),
    agentsToken: () => bearer('agents:write'),
    activitiesToken: () => bearer('activities:write'),
    scimToken: () => bearer('scim'),
  };
  return {
    agentA,
    agentB,
    tier1: 1,
    rewardOption: tier1Option.id,
    claim: claim.id,
    manager,
    otherManager,
    team: team.id,
    twoFactorUser,
    owner,
    invitation: invitation.id,
    tvLink: tvLink.id,
    tvToken,
    tvPairingCode,
    tvPairingSecret,
    apiToken: (await apiToken('read')).id,
    resetToken,
    webhook: webhook.id,
    webhookDelivery: webhookDelivery!.id,
    connector: connector.id,
    scimResourceType: 'User',
    scimSchema: SCIM_SCHEMA.user,
    entry: entry.id,
    metric: metric.key,
    activity: activity.id,
    goal: goal!,
    contest,
    draftContest,
    prize,
    badge,
    heldBadge,
    unsubscribeToken: unsubscribeToken(await unsubscribeKey(db), { recipient: { kind: 'agent', id: agentA.id }, kind: 'tier_reached' }),
    pushEndpoint: (await savePushSubscription(db, { kind: 'agent', id: agentA.id }, { endpoint: pushDevice().endpoint, ...pushDevice().keys }, now)).endpoint,
    otherSession: await sessionIdOf(
      db,
      caller === 'manager' || caller === 'unenrolledManager' ? { kind: 'user', id: manager.id }
      : caller === 'otherManager' ? { kind: 'user', id: otherManager.id }
      : caller === 'owner' ? { kind: 'user', id: owner.id }
      : { kind: 'agent', id: agentA.id },
      now,
    ),
    headers: await credentials[caller](),
  };
}

type Statuses = [number, number, number, number, number, number, number, number];

interface Row {
  /** "METHOD /path" with {placeholders} naming fixture fields. */
  route: string;
  /**
   * Expected status for: anonymous, agentA, agentB (acting on agent A's data), manager, owner, and tokens with the
   * scope read, entries:write and agents:write (the activities:write token's: `activitiesToken`).
   */
  status: Statuses;
  /** The manager of another team's status, where it is not the manager's (agent A is not in a team they lead). */
  otherManager?: number;
  /** The status of a token with only `activities:write`, where it is not the `entries:write` token's. */
  activitiesToken?: number;
  /**
   * The status of a token with only `scim`, where it is not the default: the status the entries:write and agents:write
   * tokens share where they agree (a scope that opens nothing there), else 403.
   */
  scimToken?: number;
  /**
   * The unenrolled manager's status where it is not the default: the manager's on a route anonymous callers may use
   * (it reads no identity), else 403.
   */
  unenrolled?: number;
  /** Where the answer differs on PostgreSQL. */
  postgresStatus?: Statuses;
  body?: (f: Fixture) => unknown;
  /** A CSV file sent as the body (text/csv) instead of JSON. */
  csv?: (f: Fixture) => string;
  /** An event stream: its answer never ends, so it is read over real HTTP up to the status, then closed. */
  stream?: true;
}

const contact = { fullName: 'Pat Example', email: 'pat@example.test', phone: '+1 555 0100', telegram: '', address: '1 Main Street', city: 'Springfield', zipcode: '12345' };

// prettier-ignore
const matrix: Row[] = [
  // Public
  { route: 'GET /api/tier-settings',                status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/app-info',                     status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/health',                       status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/health/ready',                 status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/health/live',                  status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/openapi.json',                 status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/docs',                         status: [200, 200, 200, 200, 200, 200, 200, 200] },
  // Agent identity
  { route: 'POST /api/agents/register',             status: [202, 202, 202, 202, 202, 202, 202, 202],
    body: () => ({ email: `m-${uniqueSuffix()}@example.test`, password: 'long enough', firstName: 'New', lastName: 'Agent', position: 'Sales Agent' }) },
  { route: 'POST /api/password-resets',             status: [202, 202, 202, 202, 202, 202, 202, 202], body: (f) => ({ email: f.agentA.email }) },
  { route: 'POST /api/password-resets/complete',    status: [204, 204, 204, 204, 204, 204, 204, 204], body: (f) => ({ token: f.resetToken, newPassword: 'matrix new password' }) },
  { route: 'POST /api/agents/login',                status: [200, 200, 200, 200, 200, 200, 200, 200], body: (f) => ({ email: f.agentA.email, password: FACTORY_PASSWORD }) },
  { route: 'POST /api/agents/logout',               status: [204, 204, 204, 204, 204, 204, 204, 204] },
  { route: 'GET /api/agents/session',               status: [401, 200, 200, 401, 401, 401, 401, 401], unenrolled: 401 },
  // Owner and manager identity
  { route: 'GET /api/login',                        status: [302, 302, 302, 302, 302, 302, 302, 302] },
  { route: 'POST /api/auth/login',                  status: [200, 200, 200, 200, 200, 200, 200, 200], body: (f) => ({ email: f.owner.email, password: FACTORY_PASSWORD }) },
  { route: 'GET /api/auth/user',                    status: [401, 401, 401, 200, 200, 401, 401, 401], unenrolled: 200 },
  { route: 'PATCH /api/auth/user',                  status: [401, 403, 403, 200, 200, 403, 403, 403], body: () => ({ language: 'de' }) },
  { route: 'GET /api/logout',                       status: [302, 302, 302, 302, 302, 302, 302, 302] },
  // Company sign-in (docs/decisions/0090-company-sign-in.md): open to anyone (its provider does not answer here: back to the sign-in page).
  { route: 'GET /api/sso',                          status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/sso/start?audience=staff',     status: [302, 302, 302, 302, 302, 302, 302, 302] },
  { route: 'GET /api/sso/callback?state=matrix&code=matrix', status: [302, 302, 302, 302, 302, 302, 302, 302] },
  { route: 'POST /api/auth/password',               status: [401, 403, 403, 204, 204, 403, 403, 403], body: () => ({ currentPassword: FACTORY_PASSWORD, newPassword: 'matrix new password' }) },
  { route: 'GET /api/sessions',                     status: [401, 200, 200, 200, 200, 403, 403, 403], unenrolled: 200 },
  { route: 'DELETE /api/sessions/{otherSession}',   status: [401, 204, 404, 204, 204, 403, 403, 403], unenrolled: 204 },
  { route: 'DELETE /api/sessions',                  status: [401, 200, 200, 200, 200, 403, 403, 403], unenrolled: 200 },
  { route: 'POST /api/auth/confirm-password',       status: [401, 403, 403, 204, 204, 403, 403, 403], unenrolled: 204, body: () => ({ password: FACTORY_PASSWORD }) },
  // Two-factor sign-in, for callers who have not set it up: nothing to turn on or off (409).
  { route: 'POST /api/auth/2fa/setup',              status: [401, 403, 403, 200, 200, 403, 403, 403], unenrolled: 200 },
  { route: 'POST /api/auth/2fa/enable',             status: [401, 403, 403, 409, 409, 403, 403, 403], unenrolled: 409, body: () => ({ code: '000000' }) },
  { route: 'DELETE /api/auth/2fa',                  status: [401, 403, 403, 409, 409, 403, 403, 403], body: () => ({ code: '000000' }) },
  // Nobody in the matrix holds a sign-in challenge (tests/integration/two-factor.test.ts signs in with one).
  { route: 'POST /api/auth/login/2fa',              status: [401, 401, 401, 401, 401, 401, 401, 401], unenrolled: 401, body: () => ({ code: '000000' }) },
  // Agents, for themselves only
  { route: 'GET /api/agent-tier-data',              status: [401, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'POST /api/agents/claim-reward',         status: [401, 201, 201, 403, 403, 403, 403, 403],
    body: (f) => ({ tierId: f.tier1, rewardOptionId: f.rewardOption, agentData: { name: 'Pat Example', email: 'pat@example.test', address: '1 Main Street' } }) },
  { route: 'GET /api/agents/me/claims',             status: [401, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'GET /api/agents/me',                    status: [401, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'PATCH /api/agents/me',                  status: [401, 200, 200, 403, 403, 403, 403, 403], body: () => ({ position: 'Matrix Position' }) },
  { route: 'POST /api/agents/me/password',          status: [401, 204, 204, 403, 403, 403, 403, 403], body: () => ({ currentPassword: FACTORY_PASSWORD, newPassword: 'matrix new password' }) },
  { route: 'GET /api/agents/me/rank',               status: [401, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'GET /api/agents/me/history',            status: [401, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'GET /api/agents/me/entries',            status: [401, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'POST /api/rewards/claim',               status: [401, 201, 403, 403, 403, 403, 403, 403], body: (f) => ({ agentId: f.agentA.id, rewardId: f.rewardOption, ...contact }) },
  { route: 'GET /api/rewards/agent/{agentA.id}',    status: [401, 200, 403, 200, 200, 200, 403, 403], otherManager: 403 },
  // Any signed-in identity
  { route: 'GET /api/rewards/tier/{tier1}',         status: [401, 200, 200, 200, 200, 200, 403, 403] },
  { route: 'GET /api/settings',                     status: [401, 200, 200, 200, 200, 200, 403, 403] },
  { route: 'GET /api/events',                       status: [401, 200, 200, 200, 200, 403, 403, 403], stream: true },
  // Owners and managers
  { route: 'GET /api/owner/dashboard',              status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/owner/leaderboard',            status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/owner/trends',                 status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/owner/tier-distribution',      status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/agents/{agentA.id}',           status: [401, 403, 403, 200, 200, 200, 403, 403], otherManager: 403 },
  { route: 'GET /api/agents/{agentA.id}/history',   status: [401, 403, 403, 200, 200, 200, 403, 403], otherManager: 403 },
  { route: 'GET /api/teams',                        status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/teams/leaderboard',            status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/agents',                       status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/income-entries',               status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/exports/income-entries.csv',   status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/exports/agents.csv',           status: [401, 403, 403, 200, 200, 200, 403, 403] },
  { route: 'GET /api/exports/reward-claims.csv',    status: [401, 403, 403, 403, 200, 403, 403, 403] },
  // Owner only
  { route: 'GET /api/notifications',                status: [401, 200, 200, 200, 200, 403, 403, 403] },
  { route: 'POST /api/notifications/read',          status: [401, 200, 200, 200, 200, 403, 403, 403], body: () => ({ all: true }) },
  // The link is its own credential, for whoever holds it (a mail program posts it without a session).
  { route: 'GET /api/notifications/unsubscribe/{unsubscribeToken}', status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/notifications/unsubscribe/{unsubscribeToken}', status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/notification-preferences',     status: [401, 200, 200, 200, 200, 403, 403, 403] },
  // An agent's kinds: owners and managers do not receive them (400).
  { route: 'PUT /api/notification-preferences',     status: [401, 200, 200, 400, 400, 403, 403, 403], body: () => ({ preferences: [{ kind: 'tier_reached', inApp: false, email: true }] }) },
  // Push notifications (docs/decisions/0092): each person's own devices; tokens have none.
  { route: 'GET /api/push-subscriptions/key',       status: [401, 200, 200, 200, 200, 403, 403, 403] },
  { route: 'POST /api/push-subscriptions',          status: [401, 201, 201, 201, 201, 403, 403, 403], body: () => pushDevice() },
  // Agent A's device: only agent A removes it (another person is told it has none).
  { route: 'DELETE /api/push-subscriptions',        status: [401, 204, 404, 404, 404, 403, 403, 403], body: (f) => ({ endpoint: f.pushEndpoint }) },
  { route: 'GET /api/audit',                        status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'GET /api/audit/actors',                 status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'GET /api/exports/audit.csv',            status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'GET /api/owner/reward-claims',          status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'PATCH /api/reward-claims/{claim}/process', status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'PATCH /api/reward-claims/{claim}',      status: [401, 403, 403, 403, 200, 403, 403, 403], body: () => ({ status: 'rejected', reason: 'Out of stock' }) },
  { route: 'POST /api/agents',                      status: [401, 403, 403, 403, 201, 403, 403, 201],
    body: () => ({ name: 'Added Agent', position: 'Sales Agent', email: `added-${uniqueSuffix()}@example.test`, password: 'long enough' }) },
  { route: 'POST /api/teams',                       status: [401, 403, 403, 403, 201, 403, 403, 403], body: () => ({ name: `Matrix new ${uniqueSuffix()}` }) },
  { route: 'PATCH /api/teams/{team}',               status: [401, 403, 403, 403, 200, 403, 403, 403], body: (f) => ({ addAgentIds: [f.agentA.id, f.agentB.id] }) },
  { route: 'DELETE /api/teams/{team}',              status: [401, 403, 403, 403, 204, 403, 403, 403] },
  // An edit (deactivation, the same route and rule, is refused to managers in deactivation.test.ts).
  { route: 'PATCH /api/agents/{agentA.id}',         status: [401, 403, 403, 403, 200, 403, 403, 403], body: (f) => ({ position: 'Matrix Position', teamId: f.team }) },
  { route: 'DELETE /api/agents/{agentA.id}',        status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'POST /api/imports/income-entries',      status: [401, 403, 403, 403, 201, 403, 201, 403], activitiesToken: 403,
    csv: (f) => `agentId,amount,description\n${f.agentA.id},250.00,Matrix import\n` },
  { route: 'POST /api/imports/agents',              status: [401, 403, 403, 403, 201, 403, 403, 201],
    csv: () => `name,email\nMatrix Import,matrix-import-${uniqueSuffix()}@example.test\n` },
  { route: 'POST /api/income-entries',              status: [401, 403, 403, 403, 201, 403, 201, 403], activitiesToken: 403, body: (f) => ({ agentId: f.agentA.id, amount: '250.00', description: 'Matrix' }) },
  { route: 'POST /api/income-entries/{entry}/void', status: [401, 403, 403, 403, 200, 403, 200, 403], activitiesToken: 403, body: () => ({ reason: 'Matrix void' }) },
  { route: 'PATCH /api/tier-settings/{tier1}',      status: [401, 403, 403, 403, 200, 403, 403, 403], body: () => ({ rewards: 'Matrix reward' }) },
  // The Profit Calculator's saved percentages (docs/decisions/0083-calculator-percentages.md): the owner's, like the calculator.
  { route: 'GET /api/owner/calculator-percentages?agentIds={agentA.id},{agentB.id}', status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'PUT /api/owner/calculator-percentages/{agentA.id}', status: [401, 403, 403, 403, 200, 403, 403, 403], body: () => ({ percentage: '12.5' }) },
  { route: 'POST /api/rewards',                     status: [401, 403, 403, 403, 201, 403, 403, 403],
    body: (f) => ({ title: 'Matrix reward', description: 'Made by the matrix', category: 'Gift Card', tierId: f.tier1, isActive: true }) },
  { route: 'DELETE /api/rewards/{rewardOption}',    status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'GET /api/users',                        status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'POST /api/users',                       status: [401, 403, 403, 403, 201, 403, 403, 403],
    body: () => ({ email: `mgr-${uniqueSuffix()}@example.test`, name: 'New Manager', role: 'manager', password: 'long enough' }) },
  { route: 'DELETE /api/users/{manager.id}',        status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'DELETE /api/users/{twoFactorUser.id}/2fa',  status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'POST /api/users/{manager.id}/reset-link', status: [401, 403, 403, 403, 201, 403, 403, 403] },
  { route: 'POST /api/agents/{agentA.id}/reset-link', status: [401, 403, 403, 403, 201, 403, 403, 403] },
  { route: 'GET /api/owner/sign-up',                status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'PATCH /api/settings',                   status: [401, 403, 403, 403, 200, 403, 403, 403], body: () => ({ orgName: 'Matrix Org', currency: 'EUR' }) },
  // Company sign-in settings: the owner's (an empty body passes the guard and is refused as invalid).
  { route: 'GET /api/owner/sso',                    status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'PUT /api/owner/sso',                    status: [401, 403, 403, 403, 400, 403, 403, 403], body: () => ({}) },
  { route: 'DELETE /api/owner/sso',                 status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'PUT /api/owner/sign-up',                status: [401, 403, 403, 403, 200, 403, 403, 403], body: () => ({ mode: 'open' }) },
  { route: 'POST /api/owner/invitations',           status: [401, 403, 403, 403, 201, 403, 403, 403] },
  { route: 'DELETE /api/owner/invitations/{invitation}', status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'POST /api/agents/{agentA.id}/approve',  status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'POST /api/tv-links',                   status: [401, 403, 403, 403, 201, 403, 403, 403], body: () => ({ name: 'Office TV', showAmounts: true }) },
  { route: 'GET /api/tv-links',                    status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'DELETE /api/tv-links/{tvLink}',        status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'POST /api/tv-links/pair',              status: [401, 403, 403, 403, 201, 403, 403, 403], body: (f) => ({ code: f.tvPairingCode, name: 'Paired TV', showAmounts: false }) },
  { route: 'POST /api/tokens',                      status: [401, 403, 403, 403, 201, 403, 403, 403], body: () => ({ name: 'Matrix CRM', scopes: ['read'] }) },
  { route: 'GET /api/tokens',                       status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'DELETE /api/tokens/{apiToken}',         status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'POST /api/webhooks',                    status: [401, 403, 403, 403, 201, 403, 403, 403], body: () => ({ url: 'https://hooks.invalid/matrix', events: ['tier.reached'] }) },
  { route: 'GET /api/webhooks',                     status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'PATCH /api/webhooks/{webhook}',         status: [401, 403, 403, 403, 200, 403, 403, 403], body: () => ({ events: ['tier.reached', 'claim.created'] }) },
  { route: 'DELETE /api/webhooks/{webhook}',        status: [401, 403, 403, 403, 204, 403, 403, 403] },
  { route: 'GET /api/webhooks/{webhook}/deliveries', status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'POST /api/webhooks/{webhook}/deliveries/{webhookDelivery}/retry', status: [401, 403, 403, 403, 202, 403, 403, 403] },
  { route: 'POST /api/webhooks/{webhook}/test',     status: [401, 403, 403, 403, 202, 403, 403, 403] },
  // CRM connectors (docs/decisions/0089-connectors.md): the owner's. Their receiving address takes the CRM's own
  // credentials only (a signature, HTTP auth, a token): no session or API token opens it.
  { route: 'POST /api/connectors',                  status: [401, 403, 403, 403, 201, 403, 403, 403], body: () => ({ provider: 'generic', name: 'Matrix CRM 2', mapping: { agentBy: 'email' } }) },
  { route: 'GET /api/connectors',                   status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'GET /api/connectors/{connector}',       status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'PATCH /api/connectors/{connector}',     status: [401, 403, 403, 403, 200, 403, 403, 403], body: () => ({ name: 'Matrix CRM renamed' }) },
  { route: 'GET /api/connectors/{connector}/deliveries', status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'GET /api/connectors/{connector}/unmatched', status: [401, 403, 403, 403, 200, 403, 403, 403] },
  { route: 'POST /api/connectors/{connector}/unmatched/map', status: [401, 403, 403, 403, 200, 403, 403, 403], body: (f) => ({ ownerKey: 'crm-matrix', agentId: f.agentA.id }) },
  { route: 'POST /api/connectors/{connector}/inbound', status: [401, 401, 401, 401, 401, 401, 401, 401], unenrolled: 401, body: () => ({ id: 'D-1', occurredAt: '2026-11-24T10:00:00Z' }) },
  { route: 'DELETE /api/connectors/{connector}',    status: [401, 403, 403, 403, 204, 403, 403, 403] },
  // SCIM provisioning (docs/decisions/0091-scim-provisioning.md): a token with the scim scope and nothing else; a
  // person signed in is refused (403), as is a token of another scope. Users are agents (agent A), Groups teams.
  { route: 'GET /scim/v2/ServiceProviderConfig',    status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'GET /scim/v2/ResourceTypes',            status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'GET /scim/v2/ResourceTypes/{scimResourceType}', status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'GET /scim/v2/Schemas',                  status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'GET /scim/v2/Schemas/{scimSchema}',     status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'GET /scim/v2/Users',                    status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'POST /scim/v2/Users',                   status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 201,
    body: () => ({ schemas: [SCIM_SCHEMA.user], userName: `scim-${uniqueSuffix()}@example.test`, displayName: 'Matrix Provisioned' }) },
  { route: 'GET /scim/v2/Users/{agentA.id}',        status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'PUT /scim/v2/Users/{agentA.id}',        status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200,
    body: (f) => ({ schemas: [SCIM_SCHEMA.user], userName: f.agentA.email, name: { givenName: 'Matrix', familyName: 'Person' }, title: 'Matrix Position' }) },
  { route: 'PATCH /scim/v2/Users/{agentA.id}',      status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200,
    body: () => ({ schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', path: 'title', value: 'Matrix Title' }] }) },
  { route: 'DELETE /scim/v2/Users/{agentA.id}',     status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 204 },
  { route: 'GET /scim/v2/Groups',                   status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'POST /scim/v2/Groups',                  status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 201,
    body: () => ({ schemas: [SCIM_SCHEMA.group], displayName: `Matrix SCIM ${uniqueSuffix()}` }) },
  { route: 'GET /scim/v2/Groups/{team}',            status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200 },
  { route: 'PUT /scim/v2/Groups/{team}',            status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200,
    body: (f) => ({ schemas: [SCIM_SCHEMA.group], displayName: `Matrix renamed ${uniqueSuffix()}`, members: [{ value: String(f.agentB.id) }] }) },
  { route: 'PATCH /scim/v2/Groups/{team}',          status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 200,
    body: (f) => ({ schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'add', path: 'members', value: [{ value: String(f.agentA.id) }] }] }) },
  { route: 'DELETE /scim/v2/Groups/{team}',         status: [401, 403, 403, 403, 403, 403, 403, 403], scimToken: 204 },
  // Metrics and activities (docs/decisions/0072-metrics-and-activities.md). Anyone signed in reads the metrics; only the owner makes and
  // changes them (each POST a fresh key: the owner's call alone makes one per run of the row, far from the 20 allowed).
  { route: 'GET /api/metrics',                      status: [401, 200, 200, 200, 200, 200, 403, 403] },
  { route: 'POST /api/metrics',                     status: [401, 403, 403, 403, 201, 403, 403, 403], body: () => ({ key: freshMetricKey(), name: 'Matrix metric', unit: 'count' }) },
  { route: 'PATCH /api/metrics/{metric}',           status: [401, 403, 403, 403, 200, 403, 403, 403], body: () => ({ name: 'Matrix calls' }) },
  // Staff record for the agents of their scope (not the other team's manager: agent A is not theirs), activities:write
  // tokens for anyone, an agent for itself on a metric that allows it (agent B naming agent A: 403), self-reported.
  { route: 'POST /api/activities',                  status: [401, 201, 403, 201, 201, 403, 403, 403], otherManager: 403, activitiesToken: 201,
    body: (f) => ({ agentId: f.agentA.id, metric: f.metric, value: 3, note: 'Matrix' }) },
  // Agent A's activities: agent B may list its own only; the other team's manager may not read agent A's.
  { route: 'GET /api/activities?agentId={agentA.id}', status: [401, 200, 403, 200, 200, 200, 403, 403], otherManager: 403 },
  // Voiding is staff's (in scope) and activities:write tokens'; an agent never voids, not even its own.
  { route: 'POST /api/activities/{activity}/void',  status: [401, 403, 403, 200, 200, 403, 403, 403], otherManager: 403, activitiesToken: 200, body: () => ({ reason: 'Matrix void' }) },
  // Activities as CSV: exported as entries are (agent A's: not the other team's manager's), imported by the owner and
  // activities:write tokens, one metric per file.
  { route: 'GET /api/exports/activities.csv?metric={metric}&agentId={agentA.id}', status: [401, 403, 403, 200, 200, 200, 403, 403], otherManager: 403 },
  { route: 'POST /api/imports/activities?metric={metric}', status: [401, 403, 403, 403, 201, 403, 403, 403], activitiesToken: 201,
    csv: (f) => `agentId,value,note\n${f.agentA.id},4,Matrix import\n` },
  // Goals (docs/decisions/0074-goals.md): read by staff in scope, read tokens and an agent (its own and its team's:
  // agent B naming agent A is refused); set, changed and removed by owners and by managers for their teams' agents
  // (agent A is not the other team's manager's); suggestions for a whole team are for those who set goals.
  { route: 'GET /api/goals?agentId={agentA.id}',    status: [401, 200, 403, 200, 200, 200, 403, 403], otherManager: 403 },
  { route: 'GET /api/goals/suggestion?metric={metric}&period=month&agentId={agentA.id}', status: [401, 200, 403, 200, 200, 200, 403, 403], otherManager: 403 },
  { route: 'GET /api/goals/suggestions?metric={metric}&period=month&teamId={team}', status: [401, 403, 403, 200, 200, 403, 403, 403], otherManager: 200 },
  { route: 'POST /api/goals',                       status: [401, 403, 403, 201, 201, 403, 403, 403], otherManager: 403,
    body: (f) => ({ agentId: f.agentA.id, metric: f.metric, period: 'week', target: 10 }) },
  { route: 'POST /api/goals/batch',                 status: [401, 403, 403, 201, 201, 403, 403, 403], otherManager: 403,
    body: (f) => ({ metric: f.metric, period: 'quarter', goals: [{ agentId: f.agentA.id, target: 30 }] }) },
  { route: 'PATCH /api/goals/{goal}',               status: [401, 403, 403, 200, 200, 403, 403, 403], otherManager: 403, body: () => ({ target: 20 }) },
  { route: 'DELETE /api/goals/{goal}',              status: [401, 403, 403, 204, 204, 403, 403, 403], otherManager: 403 },
  // Contests (docs/decisions/0077-contests.md): read by staff who see them (the other team's manager does not: agent A
  // is not theirs), read tokens and the agents taking part (agent B does not: 404, not told it exists); a draft is
  // staff's. Made, changed, cancelled and deleted (a draft) by owners and by managers for their teams' agents.
  { route: 'GET /api/contests',                     status: [401, 200, 200, 200, 200, 200, 403, 403] },
  { route: 'GET /api/contests/{contest}',           status: [401, 200, 404, 200, 200, 200, 403, 403], otherManager: 404 },
  { route: 'GET /api/contests/{contest}/standings', status: [401, 200, 404, 200, 200, 200, 403, 403], otherManager: 404 },
  { route: 'POST /api/contests',                    status: [401, 403, 403, 201, 201, 403, 403, 403], otherManager: 403,
    body: (f) => ({ name: 'Matrix race', metric: f.metric, startsAt: '2099-01-05', endsAt: '2099-01-11', format: 'race', target: 50, participants: { kind: 'agents', ids: [f.agentA.id] } }) },
  { route: 'PATCH /api/contests/{contest}',         status: [401, 403, 403, 200, 200, 403, 403, 403], otherManager: 403, body: () => ({ name: 'Matrix renamed' }) },
  { route: 'POST /api/contests/{contest}/cancel',   status: [401, 403, 403, 200, 200, 403, 403, 403], otherManager: 403 },
  // Badges (docs/decisions/0078-achievements.md): the rules read by anyone signed in and read tokens, made and changed
  // by the owner; an agent's badges read by itself and the staff whose scope holds it.
  { route: 'GET /api/badges',                       status: [401, 200, 200, 200, 200, 200, 403, 403] },
  { route: 'POST /api/badges',                      status: [401, 403, 403, 403, 201, 403, 403, 403], otherManager: 403, body: () => ({ kind: 'first_entry', name: `Matrix ${uniqueSuffix()}` }) },
  { route: 'PATCH /api/badges/{badge}',             status: [401, 403, 403, 403, 200, 403, 403, 403], otherManager: 403, body: () => ({ name: 'Matrix renamed' }) },
  { route: 'GET /api/agents/{agentA.id}/badges',    status: [401, 200, 403, 200, 200, 200, 403, 403], otherManager: 403 },
  { route: 'GET /api/agents/me/badges',             status: [401, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'GET /api/agents/me/badges/{heldBadge}/credential', status: [401, 200, 404, 403, 403, 403, 403, 403] },
  { route: 'GET /.well-known/jwks.json',            status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/agents/me/prizes',              status: [401, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'POST /api/agents/me/prizes/{prize}/claim', status: [401, 201, 404, 403, 403, 403, 403, 403], body: () => ({ name: 'Pat Example', email: 'pat@example.test', address: '1 Main Street' }) },
  { route: 'DELETE /api/contests/{draftContest}',   status: [401, 403, 403, 204, 204, 403, 403, 403], otherManager: 403 },
  // A TV link's token is its own credential: anyone holding it reads the board, signed in or not.
  { route: 'GET /api/tv/{tvToken}',                status: [200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/tv/{tvToken}/events',         status: [200, 200, 200, 200, 200, 200, 200, 200], stream: true },
  // A TV asks to be paired, and whether it is, with no sign-in: its secret is its credential.
  { route: 'POST /api/tv-pairings',                 status: [201, 201, 201, 201, 201, 201, 201, 201] },
  { route: 'POST /api/tv-pairings/status',          status: [200, 200, 200, 200, 200, 200, 200, 200], body: (f) => ({ secret: f.tvPairingSecret }) },
  // Backups over HTTP are for the embedded database (docs/decisions/0007-backups.md).
  { route: 'POST /api/admin/backup',                status: [401, 403, 403, 403, 200, 403, 403, 403], postgresStatus: [401, 403, 403, 403, 404, 403, 403, 403] },
];

/** Writes that change nothing the audit trail records: signing in and out, confirming a password, a backup, a person's own notification settings. */
const NOT_CHANGES = new Set(['POST /api/push-subscriptions', 'DELETE /api/push-subscriptions', 'POST /api/connectors/{connector}/inbound', 'POST /api/tv-pairings', 'POST /api/tv-pairings/status', 'POST /api/notifications/unsubscribe/{unsubscribeToken}', 'POST /api/notifications/read', 'PUT /api/notification-preferences', 'POST /api/agents/login', 'POST /api/agents/logout', 'POST /api/auth/login', 'POST /api/auth/login/2fa', 'POST /api/auth/confirm-password']);
/** Reads recorded in the audit trail for what they hand out (a whole backup, claims with contact details). */
const AUDITED_READS = new Set(['POST /api/admin/backup', 'GET /api/exports/reward-claims.csv']);
/** Changes whose actor is the account concerned, whoever calls: a registration, a password set with a link. */
const ACCOUNT_HOLDER_ACTS = new Set(['POST /api/agents/register', 'POST /api/password-resets/complete']);
/** Changes the system makes for an address anyone may give (nobody is signed in to them): a password link by email. */
const SYSTEM_ACTS = new Set(['POST /api/password-resets']);

async function lastAuditId(db: Db): Promise<number> {
  await sequenceAll(db);
  const [row] = await queryRows<{ id: number }>(db, sql`select coalesce(max(id), 0)::float8 as id from audit_log`);
  return row!.id;
}

/**
 * The status a row expects of the caller at `index` (the manager of another team's: as the manager's unless said; the
 * activities:write token's: as the entries:write token's unless said; the scim token's: see Row.scimToken).
 */
function expectedStatus(row: Row, engine: string, index: number): number {
  const statuses = (engine === 'postgres' && row.postgresStatus) || row.status;
  if (callers[index] === 'activitiesToken') return row.activitiesToken ?? statuses[callers.indexOf('entriesToken')]!;
  if (callers[index] === 'scimToken') {
    const [entries, agents] = [statuses[callers.indexOf('entriesToken')]!, statuses[callers.indexOf('agentsToken')]!];
    return row.scimToken ?? (entries === agents ? entries : 403);
  }
  if (callers[index] === 'otherManager') return row.otherManager ?? statuses[callers.indexOf('manager')]!;
  if (callers[index] === 'unenrolledManager') return row.unenrolled ?? (statuses[0] === 401 ? 403 : statuses[callers.indexOf('manager')]!);
  return statuses[index]!;
}

const placeholder = /\{([\w.]+)\}/g;

/** A refusal's body: the JSON error with `code`, or under /scim/v2 a SCIM error whose status is the answer's. */
function expectRefusal(path: string, res: { statusCode: number; json(): { code?: string } }, code: string): void {
  if (path.startsWith('/scim/')) expect(res.json()).toMatchObject({ schemas: [SCIM_SCHEMA.error], status: String(res.statusCode) });
  else expect(res.json().code).toBe(code);
}

/**
 * "GET /api/agents/{agentA.id}" and "GET /api/agents/:id" both become "GET /api/agents/:param"; a row's query string
 * ("GET /api/activities?agentId={agentA.id}") is not part of the route.
 */
function routePattern(route: string): string {
  return route.replace(/\?.*$/, '').replace(placeholder, ':param').replace(/:\w+/g, ':param');
}

function fillPath(path: string, fixture: Fixture): string {
  return path.replace(placeholder, (_match, name: string) => {
    const value = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], fixture);
    if (typeof value !== 'number' && typeof value !== 'string') throw new Error(`no fixture value for {${name}}`);
    return String(value);
  });
}

describeEachEngine('authorization matrix', (get) => {
  let origin: string | undefined;
  /** Opens an event stream over HTTP; a 200 is closed at once, a refusal's JSON body is read. */
  async function streamStatus(path: string, headers: Record<string, string>): Promise<{ statusCode: number; json(): { code: string } }> {
    if (!origin) {
      await get().app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(get().app.server.address() as { port: number }).port}`;
    }
    const controller = new AbortController();
    const res = await fetch(`${origin}${path}`, { headers, signal: controller.signal });
    const body = res.status === 200 ? undefined : ((await res.json()) as { code: string });
    controller.abort();
    return { statusCode: res.status, json: () => body! };
  }

  it('has exactly one row per route', () => {
    const keys = matrix.map((row) => routePattern(row.route));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('has a row for every registered API route', () => {
    const rows = new Set(matrix.map((row) => routePattern(row.route)));
    const registered = get().app.apiRoutes.map((route) => routePattern(`${route.method} ${route.url}`));
    expect(registered.filter((route) => !rows.has(route)).sort()).toEqual([]);
  });

  it('names only routes the app registers', () => {
    const registered = new Set(get().app.apiRoutes.map((route) => routePattern(`${route.method} ${route.url}`)));
    expect(matrix.map((row) => routePattern(row.route)).filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(matrix)('$route', async (row) => {
    const [method, path] = row.route.split(' ') as [string, string];
    const actual: Partial<Record<Caller, number>> = {};
    const expected: Partial<Record<Caller, number>> = {};
    for (const [index, caller] of callers.entries()) {
      const fixture = await makeFixture(get().database.db, get().clock.now, caller);
      const body = row.body?.(fixture);
      const csv = row.csv?.(fixture);
      const auditedBefore = await lastAuditId(get().database.db);
      const res = row.stream
        ? await streamStatus(fillPath(path, fixture), fixture.headers)
        : await get().request({
            method: method as 'GET',
            url: fillPath(path, fixture),
            headers: { ...fixture.headers, ...(csv !== undefined ? { 'content-type': 'text/csv' } : {}) },
            ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
            ...(csv !== undefined ? { payload: csv } : {}),
          });
      actual[caller] = res.statusCode;
      expected[caller] = expectedStatus(row, get().engine, index);
      // Refusals carry the JSON error shape with the matching code (SCIM routes: SCIM's, with the status).
      if (res.statusCode === 401) expectRefusal(path, res, 'UNAUTHENTICATED');
      if (res.statusCode === 403) expectRefusal(path, res, 'FORBIDDEN');
      // Every change appends to the audit trail, by whoever made it; a refusal or a read appends nothing, but for the
      // reads recorded for what they hand out (AUDITED_READS)
      // (docs/product.md §12.12).
      await sequenceAll(get().database.db);
      const appended = await queryRows<{ actor_kind: string; actor_id: number | null }>(
        get().database.db,
        sql`select actor_kind, actor_id from audit_log where id > ${auditedBefore} order by id`,
      );
      const changes = ((method !== 'GET' && !NOT_CHANGES.has(row.route)) || AUDITED_READS.has(row.route)) && res.statusCode < 300;
      expect(appended.length > 0, `${caller}: ${res.statusCode}, ${appended.length} audit row(s)`).toBe(changes);
      if (changes && SYSTEM_ACTS.has(row.route)) {
        expect(appended, caller).toEqual(appended.map(() => ({ actor_kind: 'system', actor_id: null })));
      } else if (changes && !ACCOUNT_HOLDER_ACTS.has(row.route)) {
        const by =
          caller === 'owner' ? { actor_kind: 'user', actor_id: fixture.owner.id }
          : caller === 'manager' || caller === 'unenrolledManager' ? { actor_kind: 'user', actor_id: fixture.manager.id }
          : caller === 'otherManager' ? { actor_kind: 'user', actor_id: fixture.otherManager.id }
          : caller.endsWith('Token') ? { actor_kind: 'token', actor_id: expect.any(Number) }
          : { actor_kind: 'agent', actor_id: caller === 'agentA' ? fixture.agentA.id : fixture.agentB.id };
        expect(appended, caller).toEqual(appended.map(() => by));
      }
    }
    expect(actual).toEqual(expected);
  });

  // Identity is decided before input: a caller who may not use a route learns nothing about its rules (401/403,
  // never a 400 listing the fields); a caller who may gets the 400.
  it.each(matrix.filter((row) => row.body))('$route with an invalid body', async (row) => {
    const [method, path] = row.route.split(' ') as [string, string];
    const actual: Partial<Record<Caller, number>> = {};
    const expected: Partial<Record<Caller, number>> = {};
    for (const [index, caller] of callers.entries()) {
      const fixture = await makeFixture(get().database.db, get().clock.now, caller);
      const res = await get().request({
        method: method as 'POST',
        url: fillPath(path, fixture),
        headers: fixture.headers,
        payload: { unexpected: 'nothing this route expects' },
      });
      actual[caller] = res.statusCode;
      const valid = expectedStatus(row, get().engine, index);
      // Agent B is refused agent A's data only once the body names it; an invalid body names nothing. So is the
      // manager of another team, where the manager (who leads no team: every agent) may: the route checks that agent A
      // is in their scope only after it has read a valid body (and, for a void, found the activity), so an invalid body
      // is a 400 for them too (POST /api/activities, POST /api/activities/{activity}/void).
      const refusedForData =
        (caller === 'agentB' && expectedStatus(row, get().engine, callers.indexOf('agentA')) < 400) ||
        (caller === 'otherManager' && expectedStatus(row, get().engine, callers.indexOf('manager')) < 400);
      expected[caller] = (valid === 401 || valid === 403) && !refusedForData ? valid : 400;
      if (res.statusCode === 400) expectRefusal(path, res, 'VALIDATION_FAILED');
    }
    expect(actual).toEqual(expected);
  });
});
