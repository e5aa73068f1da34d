// Malformed requests for every API route, as every kind of caller, for the fuzz test and `npm run fuzz`.
//
// Each case starts from a request that would succeed and applies one "primary" mutation that makes it malformed
// whoever sends it (a field given a value its contract refuses, a body that is not JSON, a bad id in the path, a
// method the route does not have...), plus "noise" that cannot make a malformed request well-formed (bad cookies,
// extra fields, query strings, odd headers, other client addresses). Routes that take no input get noise only.
// The runner then checks: no 5xx; a 4xx wherever the request is malformed; the JSON error shape on every 4xx;
// and the database unchanged (sessions and sign-in counters aside).
import { createECDH, randomBytes } from 'node:crypto';
import { createTeamInput, TEAM_NAME_MAX, teamBoardQuery, updateTeamInput } from '../../contract/teams';
import { createTeam } from '../../server/db/operations/create-team';
import { changeStaffPasswordInput } from '../../contract/auth';
import { agentEntriesQuery, changeMyPasswordInput, leaderboardQuery, myRankQuery, trendQuery, updateMyProfileInput } from '../../contract/insight';
import type { ServerResponse } from 'node:http';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { agentRegisterInput, confirmPasswordInput, createManagerInput, loginInput } from '../../contract/auth';
import { enableTwoFactorInput, twoFactorCodeInput, updateMyAccountInput } from '../../contract/two-factor';
import { LANGUAGES } from '../../contract/languages';
import { agentListQuery, AGENT_PAGE_SIZE_MAX, createAgentInput, updateAgentInput } from '../../contract/agents';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { errorBody, errorStatus } from '../../contract/errors';
import { eventStreamQuery } from '../../contract/event-stream-query';
import { createTvLinkInput, pairTvLinkInput, tvPairingStatusInput } from '../../contract/tv-links';
import { agentImportQuery, importQuery } from '../../contract/imports';
import { completePasswordResetInput, requestPasswordResetInput, RESET_TOKEN_MAX } from '../../contract/password-resets';
import { API_SCOPES, API_TOKEN_MAX_DAYS, createApiTokenInput } from '../../contract/api-tokens';
import { insertApiToken } from '../../server/db/queries/api-tokens';
import { hashToken } from '../../server/auth/sessions';
import { insertTvLink } from '../../server/db/queries/tv-links';
import { insertWebhook } from '../../server/db/queries/webhooks';
import { insertConnector } from '../../server/db/queries/connectors';
import { SCIM_MEDIA_TYPE, SCIM_SCHEMA, scimError, scimGroupInput, scimListQuery, scimPatchInput, scimResourceQuery, scimUserInput } from '../../contract/scim';
import { parseUserPatch } from '../../server/domain/scim/users';
import { parseGroupPatch } from '../../server/domain/scim/groups';
import { ssoStartQuery } from '../../contract/sso';
import { CONNECTOR_AGENT_BY, CONNECTOR_FIELD_MAX, CONNECTOR_NAME_MAX, CONNECTOR_PROVIDERS, connectorDeliveryQuery, createConnectorInput, mapUnmatchedOwnerInput, updateConnectorInput } from '../../contract/connectors';
import { createWebhookInput, updateWebhookInput, WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS, WEBHOOK_URL_MAX, webhookDeliveryQuery } from '../../contract/webhooks';
import { AUDIT_PAGE_SIZE_MAX, auditExportQuery, auditListQuery } from '../../contract/audit';
import { markNotificationsReadInput, NOTIFICATION_PAGE_SIZE_MAX, notificationListQuery, updateNotificationPreferencesInput } from '../../contract/notifications';
import { PUSH_ENDPOINT_MAX, pushSubscriptionInput, pushUnsubscribeInput } from '../../contract/push';
import {
  createIncomeEntryInput,
  ENTRY_PAGE_SIZE_MAX,
  EXTERNAL_ID_MAX,
  incomeEntryExportQuery,
  incomeEntryListQuery,
  MAX_FUTURE_MS,
  VOID_REASON_MAX,
  voidIncomeEntryInput,
} from '../../contract/income-entries';
import {
  CLAIM_NOTE_MAX,
  claimTargetStatuses,
  claimTransitionInput,
  createRewardOptionInput,
  dashboardClaimInput,
  portalClaimInput,
  rewardCategories,
  rewardClaimListQuery,
} from '../../contract/rewards';
import { updateTierSettingInput } from '../../contract/tiers';
import { CALCULATOR_PERCENTAGE_IDS_MAX, calculatorPercentageInput, calculatorPercentagesQuery } from '../../contract/calculator-percentages';
import {
  ACTIVITY_NOTE_MAX,
  activityExportQuery,
  activityImportQuery,
  activityListQuery,
  COUNT_VALUE_MAX,
  createActivityInput,
  createMetricInput,
  METRIC_KEY_MAX,
  METRIC_NAME_MAX,
  metricUnits,
  PROFIT_METRIC,
  updateMetricInput,
  voidActivityInput,
} from '../../contract/metrics';
import { PAGE_OFFSET_MAX } from '../../contract/limits';
import { activityValueText } from '../../server/domain/metrics';
import { createMetric } from '../../server/db/operations/save-metric';
import { recordActivity } from '../../server/db/operations/record-activity';
import { findMetric } from '../../server/db/queries/metrics';
import { createGoalBatchInput, createGoalInput, goalListQuery, goalSuggestionQuery, teamSuggestionsQuery, updateGoalInput } from '../../contract/goals';
import { createGoals } from '../../server/db/operations/save-goal';
import { makeAward, makeContest } from '../factories/contests';
import { badgeHeld, badgeRuleNamed } from '../factories/badges';
import { BADGE_DESCRIPTION_MAX, BADGE_NAME_MAX, badgeKinds, createBadgeRuleInput, updateBadgeRuleInput } from '../../contract/badges';
import { CONTEST_DESCRIPTION_MAX, CONTEST_NAME_MAX, contestFormats, contestListQuery, contestStandingsQuery, createContestInput, prizeClaimInput, updateContestInput } from '../../contract/contests';
import { COUNT_TARGET_MAX, goalTargetHundredths } from '../../server/domain/goals';

/** A count goal's target at most (a goal counts a period's activities, not one). */
const GOAL_COUNT_MAX = Number(COUNT_TARGET_MAX);
import { localDay, periodStartOfDay } from '../../server/domain/periods';
import { signUpModes, signUpSettingsInput } from '../../contract/sign-up';
import { updateOrganisationSettingsInput } from '../../contract/settings';
import { queryRows, type Db } from '../../server/db/client';
import { createAgent, createUser, FACTORY_PASSWORD, signInAgent, signInUser, uniqueSuffix } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { databaseFingerprint, type Fingerprint } from './fingerprint';

// `token`: an API token with every scope, sent as Authorization: Bearer.
const identities = ['anonymous', 'agent', 'manager', 'owner', 'token'] as const;
type Identity = (typeof identities)[number];

/** The accounts and rows the templates refer to. Nothing a malformed request does may change them. */
export interface FuzzFixture {
  /** Has 12,100.00 (tiers 1 and 2 reached), a pending claim of tier 2, tier 1 not claimed. */
  agent: { id: number; email: string };
  /** Another agent: the one the owner would delete. */
  otherAgent: { id: number };
  manager: { id: number; email: string };
  owner: { id: number; email: string };
  /** An active reward option of tier 1. */
  rewardOption: number;
  /** The agent's pending claim (tier 2). */
  claim: number;
  /** A TV link (not revoked) and its token. */
  tvLink: { id: number; token: string };
  /** An API token with every scope (the `token` caller), and its id. */
  apiToken: { id: number; token: string };
  /** A webhook (to a name that never resolves) and a delivery of it that is done (nothing is left to send). */
  webhook: { id: number; deliveryId: number };
  /** A 100.00 entry of the agent's, recorded after its 12,000.00 (voiding it takes no tier back). */
  entry: number;
  /** A team led by the manager, with the other agent in it. */
  team: number;
  /** The key of a count metric (active, agents may record it). */
  metric: string;
  /** An activity of the agent's on `metric`, not voided. */
  activity: number;
  /** The agent's recurring monthly goal on `metric`. */
  goal: number;
  /** A published contest of everyone's on `metric`, in 2099 (scheduled), and a draft one. */
  contest: number;
  draftContest: number;
  /** A prize awarded to the agent (a reward option of tier 1's), not claimed. */
  prize: number;
  /** A badge rule (a first sale's), and the agent's badge of it. */
  badge: number;
  /** A generic CRM connector (its receiving address refuses every unsigned delivery). */
  connector: number;
  heldBadge: number;
}

export async function makeFuzzFixture(db: Db, now: Date): Promise<FuzzFixture> {
  const agent = await createAgent(db);
  await addIncome(db, agent, '12000.00', { now });
  const entry = await addIncome(db, agent, '100.00', { now });
  const otherAgent = await createAgent(db);
  await addIncome(db, otherAgent, '6000.00', { now });
  const metricKey = `fuzz-${uniqueSuffix()}`;
  await createMetric(db, { key: metricKey, name: 'Fuzz calls', unit: 'count', agentsMayRecord: true }, SYSTEM_ACTOR, now);
  const metric = (await findMetric(db, metricKey))!;
  const activity = await recordActivity(
    db,
    metric,
    { agentId: agent.id, value: '3', date: now, note: null, externalId: null, selfReported: false },
    { timeZone: 'UTC', now, actor: SYSTEM_ACTOR },
  );
  const [goal] = await createGoals(
    db,
    [{ holder: { agentId: agent.id }, metricId: metric.id, period: 'month', startsOn: periodStartOfDay('month', localDay(now, 'UTC')), recurring: true, target: 2000n }],
    SYSTEM_ACTOR,
    now,
  );
  const contestOf = (draft: boolean) => makeContest(db, { startsOn: '2099-03-02', endsOn: '2099-03-08', metricId: metric.id }, { draft, now });
  const contest = await contestOf(false);
  const draftContest = await contestOf(true);
  const option = await createRewardOption(db, { tierId: 1 });
  const tier2Option = await createRewardOption(db, { tierId: 2 });
  const prize = await makeAward(db, { contestId: contest, agentId: agent.id, rewardOptionId: option.id, now });
  const claim = await createPendingClaim(db, { agentId: agent.id, tierId: 2, rewardOptionId: tier2Option.id });
  const manager = await createUser(db, { role: 'manager' });
  const owner = await createUser(db, { role: 'owner' });
  const team = await createTeam(db, { name: `Fuzz team ${uniqueSuffix()}`, managerIds: [manager.id], agentIds: [otherAgent.id] }, SYSTEM_ACTOR, now);
  const tvToken = `fuzz${uniqueSuffix()}`.padEnd(32, 'x').slice(0, 32);
  const tvLink = await insertTvLink(db, { name: 'Fuzz TV', showAmounts: true, tokenHash: hashToken(tvToken), createdBy: owner.id, createdAt: now });
  const apiToken = `tt_fuzz_${uniqueSuffix()}`;
  const apiTokenRow = await insertApiToken(db, {
    name: 'Fuzz CRM',
    scopes: [...API_SCOPES],
    tokenHash: hashToken(apiToken),
    createdBy: owner.id,
    createdAt: now,
    expiresAt: null,
  });
  const webhook = await insertWebhook(db, { url: 'https://hooks.invalid/fuzz', events: ['tier.reached'], format: 'json', secret: 'whsec_fuzz', createdBy: owner.id, createdAt: now });
  const connector = await insertConnector(db, {
    provider: 'generic',
    name: 'Fuzz CRM',
    agentBy: 'email',
    metricId: null,
    amountField: 'amount',
    stage: 'true',
    secret: 'ttc_fuzz',
    username: null,
    credentialHash: null,
    organizationId: null,
    createdBy: owner.id,
    createdAt: now,
  });
  const [delivery] = await queryRows<{ id: number }>(
    db,
    sql`insert into webhook_deliveries (webhook_id, event_type, body, status, attempts, created_at, deliver_until)
      values (${webhook.id}, 'webhook.test', '{}', 'delivered', 1, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) returning id::float8 as id`,
  );
  const badge = await badgeRuleNamed(db, 'Fuzz badge', now);
  return {
    agent,
    otherAgent,
    manager,
    owner,
    rewardOption: option.id,
    claim: claim.id,
    tvLink: { id: tvLink.id, token: tvToken },
    apiToken: { id: apiTokenRow.id, token: apiToken },
    webhook: { id: webhook.id, deliveryId: delivery!.id },
    connector: connector.id,
    entry: entry.id,
    team: team.id,
    metric: metricKey,
    activity: activity.id,
    goal: goal!,
    contest,
    draftContest,
    prize,
    badge,
    heldBadge: await badgeHeld(db, badge, agent.id, now),
  };
}

/** A fresh session cookie for the identity (a logout in an earlier case must not turn the caller anonymous). */
async function cookieFor(db: Db, fixture: FuzzFixture, identity: Identity, now: Date): Promise<string | undefined> {
  switch (identity) {
    case 'anonymous':
    case 'token':
      return undefined;
    case 'agent':
      return (await signInAgent(db, fixture.agent, now)).cookie;
    case 'manager':
      return (await signInUser(db, fixture.manager, now)).cookie;
    case 'owner':
      return (await signInUser(db, fixture.owner, now)).cookie;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Values

/** JSON text spliced into a body as is (numbers JSON.stringify cannot write, such as 1e400). */
class RawJson {
  constructor(readonly text: string) {}
}
const MISSING = Symbol('missing');
type Value = unknown;

/** A generated value with a short name, so that a failing case prints readably (not 70,000 characters). */
class Pick<T> {
  constructor(
    readonly label: string,
    readonly value: T,
    /** Well-formed, but names no row: the route refuses it (404, or 403 for someone else's id). */
    readonly namesNothing = false,
  ) {}
  [fc.toStringMethod](): string {
    return this.label;
  }
}

const picks = <T>(entries: [string, T][]) => entries.map(([label, value]) => new Pick(label, value, label.includes('(no such row)')));

type Field =
  | { kind: 'money'; positive?: boolean; required: boolean }
  | { kind: 'id'; required: boolean; nullable?: boolean }
  | { kind: 'email'; required: boolean }
  | { kind: 'text'; max: number; required: boolean; nullable?: boolean }
  | { kind: 'new-password'; required: boolean }
  | { kind: 'login-password'; required: boolean }
  /** nullable: null is a value of its own (a language's null: the organisation's). */
  | { kind: 'enum'; values: readonly string[]; required: boolean; nullable?: boolean }
  /** A list of distinct values of an enum, at least one. */
  | { kind: 'enum-list'; values: readonly string[]; required: boolean }
  /** A list of ids, possibly empty. */
  | { kind: 'id-list'; required: boolean }
  | { kind: 'boolean'; required: boolean }
  | { kind: 'iso-date'; required: boolean }
  /** An ISO 4217 code Intl knows; a BCP 47 tag Intl supports (contract/settings.ts). */
  | { kind: 'currency'; required: boolean }
  | { kind: 'locale'; required: boolean }
  | { kind: 'object'; fields: Fields; required: boolean }
  /** A metric's key (contract/metrics.ts): lower-case letters, digits, - and _, starting with a letter. */
  /** `profit`: the built-in metric is a valid value here (goals, contests), not a refused one. */
  | { kind: 'metric-key'; required: boolean; profit?: 'allowed' }
  /** An activity's value on a count metric: a whole number from 1 to `max` (COUNT_VALUE_MAX by default), or its digits. */
  | { kind: 'count'; required: boolean; max?: number }
  /** A calculator percentage (contract/calculator-percentages.ts): 0 to 100, at most two decimals, string or number. */
  | { kind: 'percentage'; required: boolean }
  /** A SCIM boolean: true or false, or "True"/"False" as Microsoft Entra ID writes them (contract/scim.ts scimBoolean). */
  | { kind: 'scim-boolean'; required: boolean }
  /** A SCIM PATCH's Operations on a User or a Group (contract/scim.ts, server/domain/scim). */
  | { kind: 'scim-operations'; resource: 'User' | 'Group'; required: boolean }
  /** A SCIM Group's members: a list of {value: user id}. */
  | { kind: 'scim-members'; required: boolean };
type Fields = Record<string, Field>;

const wrongTypes = (exclude: string[] = []): Pick<Value>[] =>
  picks<Value>([
    ['number 123', 123],
    ['number 0', 0],
    ['true', true],
    ['false', false],
    ['null', null],
    ['[]', []],
    ['["a"]', ['a']],
    ['{}', {}],
    ['{"value":"a"}', { value: 'a' }],
    ['nested arrays', [[[[['deep']]]]]],
  ]).filter((pick) => !exclude.includes(pick.label));

const hugeAndTinyNumbers = picks<Value>([
  ['1e400 (Infinity)', new RawJson('1e400')],
  ['-1e400', new RawJson('-1e400')],
  ['1e-400 (0)', new RawJson('1e-400')],
  ['30 digits', new RawJson('123456789012345678901234567890')],
  ['MAX_VALUE', Number.MAX_VALUE],
  ['-MAX_VALUE', -Number.MAX_VALUE],
  ['MIN_VALUE', Number.MIN_VALUE],
  ['MAX_SAFE_INTEGER + 2', Number.MAX_SAFE_INTEGER + 2],
  ['1e21', 1e21],
]);

const nonNumericStrings = picks<Value>([
  ['""', ''],
  ['spaces', '   '],
  ['abc', 'abc'],
  ['12a', '12a'],
  ['1,000.00', '1,000.00'],
  ['$100', '$100'],
  ['1e5 string', '1e5'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['-', '-'],
  ['--1', '--1'],
  ['1 000', '1 000'],
  ['fullwidth digits', '\uff11\uff10\uff10'],
  ['arabic-indic digits', '\u0663\u0664'],
  ['one half', '\u00bd'],
  ['1.5.5', '1.5.5'],
  ['0x10', '0x10'],
  ['100.', '100.'],
  ['SQL', "1; DROP TABLE agents; --"],
  ['NUL', '1\u0000'],
  ['emoji', '\u{1f4b0}'],
]);

function invalidMoney(positive: boolean): Pick<Value>[] {
  return [
    ...nonNumericStrings,
    ...hugeAndTinyNumbers,
    ...wrongTypes(['number 123']),
    ...picks<Value>([
      ['three decimals', '1.001'],
      ['0.001', '0.001'],
      ['-0.001', '-0.001'],
      ['number 1.005', 1.005],
      ['number 123.456', 123.456],
      ['0.1 + 0.2', 0.1 + 0.2],
      ['"0"', '0'],
      ['"0.00"', '0.00'],
      ['"-0.00"', '-0.00'],
      ['above the maximum', '1000000000000.00'],
      ['below the minimum', '-1000000000000'],
      ['number 1e13', 1e13],
      ['5000 digits', '9'.repeat(5000)],
    ]),
    ...(positive ? picks<Value>([['negative', '-5.00'], ['negative number', -100]]) : []),
  ];
}

const invalidIds = (nullable = false): Pick<Value>[] => [
  ...hugeAndTinyNumbers,
  ...wrongTypes(['number 123', ...(nullable ? ['null'] : [])]),
  ...picks<Value>([
    ['-1', -1],
    ['1.5', 1.5],
    ['2^31', 2_147_483_648],
    ['1e10', 1e10],
    ['"abc"', 'abc'],
    ['""', ''],
    ['"1.5"', '1.5'],
    ['"1e3"', '1e3'],
    ['"0x1"', '0x1'],
    ['"-1"', '-1'],
    ['"0"', '0'],
    ['arabic-indic digit', '\u0661'],
    ['fullwidth digit', '\uff11'],
    ['"1 2"', '1 2'],
    ['"null"', 'null'],
    ['SQL', '1 OR 1=1'],
    ['20 digits', '99999999999999999999'],
    // Well-formed but names nothing: refused as not found (or someone else's).
    ['2147483647 (no such row)', 2_147_483_647],
  ]),
];

function invalidText(max: number, required: boolean, nullable: boolean): Pick<Value>[] {
  return [
    ...wrongTypes(nullable ? ['null'] : []),
    ...(required
      ? picks<Value>([
          ['""', ''],
          ['whitespace', ' \t\n '],
          ['ideographic space', '\u3000'],
        ])
      : []),
    ...picks<Value>([
      [`${max + 1} x`, 'x'.repeat(max + 1)],
      [`${max + 1} é`, '\u00e9'.repeat(max + 1)],
      [`${max + 1} emoji`, '\u{1f600}'.repeat(max + 1)],
      ['20,000 characters', 'a'.repeat(20_000)],
      ['NUL inside', 'Pat\u0000Example'],
      ['only NUL', '\u0000'],
    ]),
  ];
}

const invalidEmails = (): Pick<Value>[] => [
  ...wrongTypes(),
  ...picks<Value>([
    ['""', ''],
    ['spaces', '   '],
    ['plainaddress', 'plainaddress'],
    ['@example.test', '@example.test'],
    ['a@', 'a@'],
    ['a@b', 'a@b'],
    ['space inside', 'a b@example.test'],
    ['two @', 'a@@example.test'],
    ['angle brackets', '<a@example.test>'],
    ['too long', `${'x'.repeat(250)}@example.test`],
    ['NUL', 'a@example.test\u0000'],
    ['unicode', '\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a'],
    ['SQL', "' OR 1=1 --@example.test"],
    ['20,000 characters', `${'a'.repeat(20_000)}@example.test`],
  ]),
];

const invalidNewPasswords = (): Pick<Value>[] => [
  ...wrongTypes(),
  ...picks<Value>([
    ['""', ''],
    ['7 characters', 'x'.repeat(7)],
    ['201 characters', 'x'.repeat(201)],
    ['201 é', '\u00e9'.repeat(201)],
    ['number 12345678', 12_345_678],
    ['20,000 characters', 'p'.repeat(20_000)],
  ]),
];

const invalidLoginPasswords = (): Pick<Value>[] => [
  ...wrongTypes(),
  ...picks<Value>([
    ['""', ''],
    ['201 characters', 'x'.repeat(201)],
    ['20,000 characters', 'p'.repeat(20_000)],
  ]),
];

function invalidEnum(values: readonly string[], nullable = false): Pick<Value>[] {
  const first = values[0] ?? 'value';
  return [
    ...wrongTypes(nullable ? ['null'] : []),
    ...picks<Value>([
      ['""', ''],
      ['lower case', first.toLowerCase() === first ? first.toUpperCase() : first.toLowerCase()],
      ['leading space', ` ${first}`],
      ['trailing space', `${first} `],
      ['unknown', 'Bogus'],
      ['admin', 'admin'],
      ['owner', 'owner'],
      ['NUL', `${first}\u0000`],
      ['array of it', [first]],
    ]),
  ].filter((pick) => !values.includes(pick.value as string));
}

function invalidEnumLists(values: readonly string[]): Pick<Value>[] {
  const first = values[0] ?? 'value';
  return [
    ...wrongTypes(['["a"]']),
    ...picks<Value>([
      ['empty list', []],
      ['the value, not in a list', first],
      ['repeated', [first, first]],
      ['unknown', [first, 'admin']],
      ['upper case', [first.toUpperCase()]],
      ['a number', [first, 1]],
      ['null inside', [null]],
      ['every value and one more', [...values, 'Bogus']],
      ['NUL', [`${first}\u0000`]],
    ]),
  ];
}

const invalidBooleans = (): Pick<Value>[] => [
  ...wrongTypes(['true', 'false']),
  ...picks<Value>([
    ['"true"', 'true'],
    ['"false"', 'false'],
    ['1', 1],
    ['"yes"', 'yes'],
    ['[true]', [true]],
  ]),
];

const invalidDates = (): Pick<Value>[] => [
  ...wrongTypes(),
  ...picks<Value>([
    ['yesterday', 'yesterday'],
    ['""', ''],
    ['month 13', '2026-13-01T00:00:00Z'],
    ['hour 25', '2026-11-18T25:00:00Z'],
    ['date only', '2026-11-18'],
    ['no offset', '2026-11-18T10:00:00'],
    ['day/month/year', '18/11/2026'],
    ['RFC 1123', 'Wed, 18 Nov 2026 10:00:00 GMT'],
    ['epoch number', 1_763_460_000_000],
    ['year 2999', '2999-01-01T00:00:00Z'],
    ['before 2000', '1999-12-31T23:59:59Z'],
    ['year 1', '0001-01-01T00:00:00Z'],
    ['six-digit year', '+275760-09-13T00:00:00Z'],
    ['NUL', '2026-11-18T10:00:00Z\u0000'],
  ]),
];

/** Metric keys the contract refuses (leading and trailing blanks are trimmed, so none are here). */
const badMetricKeys: [string, string][] = [
  ['""', ''],
  ['upper case', 'Calls'],
  ['a digit first', '1calls'],
  ['a dash first', '-calls'],
  ['an underscore first', '_calls'],
  ['a space inside', 'cold calls'],
  ['a dot', 'calls.made'],
  ['a slash', 'calls/day'],
  ['é', 'appels-\u00e9mis'],
  [`${METRIC_KEY_MAX + 1} characters`, 'c'.repeat(METRIC_KEY_MAX + 1)],
  ['NUL', 'calls\u0000'],
  ['SQL', "calls'; DROP TABLE metrics; --"],
];

const invalidMetricKeys = (profitAllowed = false): Pick<Value>[] => [
  ...wrongTypes(),
  ...picks<Value>([
    ...badMetricKeys,
    // Well-formed, but the built-in metric: refused by the schema of a new metric, by the route of an activity.
    ...(profitAllowed ? [] : [['profit', PROFIT_METRIC] as [string, unknown]]),
  ]),
];

/** A count's value the route refuses (activityValueText): not a whole number from 1 to COUNT_VALUE_MAX. */
const invalidCounts = (max: number = COUNT_VALUE_MAX): Pick<Value>[] => [
  ...invalidMoney(true),
  ...picks<Value>([
    ['number 1.5', 1.5],
    ['"2.50"', '2.50'],
    ['"-1"', '-1'],
    ['above the maximum', max + 1],
    ['above the maximum, as text', String(max + 1)],
  ]),
];

/** Percentages the contract refuses: not a number, below 0, above 100, more than two decimals (0 itself is valid). */
const invalidPercentages = (): Pick<Value>[] => [
  ...nonNumericStrings,
  ...hugeAndTinyNumbers.filter((pick) => pick.label !== '1e-400 (0)'),
  ...wrongTypes(['number 0']),
  ...picks<Value>([
    ['"100.01"', '100.01'],
    ['number 100.01', 100.01],
    ['"101"', '101'],
    ['number 120', 120],
    ['"-1"', '-1'],
    ['"-0.01"', '-0.01'],
    ['number -0.5', -0.5],
    ['three decimals', '12.345'],
    ['number 12.345', 12.345],
    ['0.1 + 0.2', 0.1 + 0.2],
    ['".5"', '.5'],
    ['"12."', '12.'],
    ['"12,5"', '12,5'],
    ['"12.5%"', '12.5%'],
    ['5000 digits', '9'.repeat(5000)],
  ]),
];

const scimOp = (op: string, path?: string, value?: unknown) => ({ op, ...(path !== undefined ? { path } : {}), ...(value !== undefined ? { value } : {}) });

/** SCIM members lists the Group schema refuses (a well-formed id that names nobody is the database's to refuse). */
const invalidScimMembers = (): Pick<Value>[] => [
  ...wrongTypes(['[]', 'null']),
  ...picks<Value>([
    ['value not an id', [{ value: 'abc' }]],
    ['value 0', [{ value: '0' }]],
    ['value -1', [{ value: -1 }]],
    ['value 1.5', [{ value: '1.5' }]],
    ['no value', [{ display: 'Pat' }]],
    ['value null', [{ value: null }]],
    ['a string, not an object', ['12']],
    ['10,001 members', Array.from({ length: 10_001 }, (_, i) => ({ value: String(i + 1) }))],
  ]),
];

/**
 * SCIM PATCH operations a User or Group refuses whatever it holds: malformed messages (the contract) and operations
 * the domain refuses (server/domain/scim: unknown or read-only attributes, bad paths and values).
 */
function invalidScimOperations(resource: 'User' | 'Group'): Pick<Value>[] {
  const common: [string, Value][] = [
    ['unknown op', [scimOp('move', 'displayName', 'x')]],
    ['no op', [{ path: 'displayName', value: 'x' }]],
    ['op not text', [{ op: 1, path: 'displayName', value: 'x' }]],
    ['an operation that is not an object', ['replace']],
    ['remove without a path', [scimOp('remove')]],
    ['replace without a value', [scimOp('replace', 'displayName')]],
    ['no path, value not an object', [scimOp('replace', undefined, 'x')]],
    ['unbalanced filter', [scimOp('replace', 'emails[type eq "work".value', 'a@example.test')]],
    ['another operator', [scimOp('remove', 'members[value ne "1"]')]],
    ['unknown schema', [scimOp('replace', 'urn:example:unknown:displayName', 'x')]],
    ['NUL in the path', [scimOp('replace', 'displayName\u0000', 'x')]],
    ['path of 501 characters', [scimOp('replace', 'a'.repeat(501), 'x')]],
    ['a valid operation, then a bad one', [scimOp('replace', 'displayName', 'Fine name'), scimOp('replace', 'bogus', 1)]],
    ['1,001 operations', Array.from({ length: 1001 }, () => scimOp('replace', 'displayName', 'x'))],
    ['displayName with NUL', [scimOp('replace', 'displayName', 'Pat\u0000')]],
    ['meta', [scimOp('replace', 'meta', {})]],
  ];
  const user: [string, Value][] = [
    ['unknown attribute', [scimOp('replace', 'bogus', 'x')]],
    ['unknown name part', [scimOp('replace', 'name.nickname', 'x')]],
    ['read-only groups', [scimOp('add', 'groups', [{ value: '1' }])]],
    ['title of 101 characters', [scimOp('replace', 'title', 'x'.repeat(101))]],
    ['active "maybe"', [scimOp('replace', 'active', 'maybe')]],
    ['active 1', [scimOp('Replace', 'active', 1)]],
    ['remove active', [scimOp('remove', 'active')]],
    ['userName not an email', [scimOp('replace', 'userName', 'not-an-email')]],
    ['remove userName', [scimOp('remove', 'userName')]],
    ['remove the work email', [scimOp('Remove', 'emails[type eq "work"].value')]],
    ['emails filtered by display', [scimOp('replace', 'emails[display eq "x"].value', 'a@example.test')]],
    ['a Group attribute', [scimOp('add', 'members', [{ value: '1' }])]],
    ['externalId of 256 characters', [scimOp('replace', 'externalId', 'e'.repeat(256))]],
  ];
  const group: [string, Value][] = [
    ['unknown attribute', [scimOp('replace', 'title', 'x')]],
    ['remove displayName', [scimOp('remove', 'displayName')]],
    ['displayName of 61 characters', [scimOp('replace', 'displayName', 'x'.repeat(61))]],
    ['member not an id', [scimOp('add', 'members', [{ value: 'abc' }])]],
    ['member without a value', [scimOp('Add', 'members', [{ display: 'Pat' }])]],
    ['add with a member filter', [scimOp('add', 'members[value eq "1"]', [{ value: '1' }])]],
    ['members picked by display', [scimOp('remove', 'members[display eq "Pat"]')]],
    ['members.value', [scimOp('remove', 'members.value')]],
    ['10,001 members', [scimOp('add', 'members', Array.from({ length: 10_001 }, (_, i) => ({ value: String(i + 1) })))]],
    ['a User attribute', [scimOp('replace', 'userName', 'a@example.test')]],
  ];
  return [...wrongTypes(), ...picks<Value>([...common, ...(resource === 'User' ? user : group)])];
}

/** Whether the route refuses a SCIM PATCH body its contract accepts: the domain's check of the operations. */
function scimPatchRefused(resource: 'User' | 'Group', body: unknown): boolean {
  const parsed = scimPatchInput.safeParse(body);
  if (!parsed.success) return true;
  try {
    if (resource === 'User') parseUserPatch(parsed.data.Operations);
    else parseGroupPatch(parsed.data.Operations);
    return false;
  } catch {
    return true;
  }
}

/** Whether the route takes this as a count (activityValueText, which the schema leaves to the route). */
function countAccepted(value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  try {
    activityValueText('count', value);
    return true;
  } catch {
    return false;
  }
}

function invalidValues(field: Field): Pick<Value>[] {
  const missing = field.required ? [new Pick<Value>('missing', MISSING)] : [];
  switch (field.kind) {
    case 'money':
      return [...missing, ...invalidMoney(field.positive ?? false)];
    case 'id':
      return [...missing, ...invalidIds(field.nullable ?? false)];
    case 'email':
      return [...missing, ...invalidEmails()];
    case 'text':
      return [...missing, ...invalidText(field.max, field.required, field.nullable ?? false)];
    case 'new-password':
      return [...missing, ...invalidNewPasswords()];
    case 'login-password':
      return [...missing, ...invalidLoginPasswords()];
    case 'enum':
      return [...missing, ...invalidEnum(field.values, field.nullable ?? false)];
    case 'enum-list':
      return [...missing, ...invalidEnumLists(field.values)];
    case 'id-list':
      return [
        ...missing,
        ...wrongTypes(['[]']),
        // Ids the schema refuses (a well-formed id that names no row would make a valid list).
        ...invalidIds()
          .filter((pick) => !pick.namesNothing)
          .map((pick) => new Pick<Value>(`[${pick.label}]`, [1, pick.value])),
        new Pick<Value>('10,001 ids', Array.from({ length: 10_001 }, (_, i) => i + 1)),
      ];
    case 'boolean':
      return [...missing, ...invalidBooleans()];
    case 'iso-date':
      return [...missing, ...invalidDates()];
    case 'currency':
      return [...missing, ...wrongTypes(), ...picks<Value>([['""', ''], ['three unknown letters', 'ABC'], ['no currency', 'XXX'], ['four letters', 'EURO'], ['symbol', '€'], ['NUL', 'EUR\u0000'], ['array of it', ['EUR']]])];
    case 'locale':
      return [...missing, ...wrongTypes(), ...picks<Value>([['""', ''], ['unknown language', 'xx-YY'], ['words', 'not a locale'], ['underscore', 'en_US'], ['too long', `en-${'a'.repeat(80)}`], ['NUL', 'en-US\u0000'], ['array of it', ['en-US']]])];
    case 'object':
      return [...missing, ...wrongTypes()];
    case 'metric-key':
      return [...missing, ...invalidMetricKeys(field.profit === 'allowed')];
    case 'count':
      return [...missing, ...invalidCounts(field.max)];
    case 'percentage':
      return [...missing, ...invalidPercentages()];
    case 'scim-boolean':
      return [...missing, ...invalidBooleans().filter((pick) => !(typeof pick.value === 'string' && /^(true|false)$/i.test(pick.value)))];
    case 'scim-operations':
      return [...missing, ...invalidScimOperations(field.resource)];
    case 'scim-members':
      return [...missing, ...invalidScimMembers()];
  }
}

/** Every field path of a body ("agentData.email") with the field. */
function fieldPaths(fields: Fields, prefix: string[] = []): { path: string[]; field: Field }[] {
  return Object.entries(fields).flatMap(([name, field]) => [
    { path: [...prefix, name], field },
    ...(field.kind === 'object' ? fieldPaths(field.fields, [...prefix, name]) : []),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Routes

interface RouteSpec {
  /** "METHOD /api/path/:param", as the app registers it. */
  route: string;
  /** A value for the path parameter that names an existing row (a TV link's token for the board routes). */
  param?: (f: FuzzFixture) => number | string;
  /** A value for a second path parameter (left as it is by the path mutations). */
  secondParam?: (f: FuzzFixture) => number;
  /** A body that would succeed (for the identity the route is for). */
  body?: (f: FuzzFixture, now: Date) => Record<string, unknown>;
  fields?: Fields;
  /** The contract schema of the body: every generated body must fail it (or `refusedByRoute`). */
  schema?: z.ZodType;
  /** Bodies the schema accepts but the route refuses (income entry dates out of range). */
  refusedByRoute?: (body: unknown, now: Date) => boolean;
  /** Extra fields are refused (z.strictObject). */
  strict?: boolean;
  /**
   * The contract schema of the query string, and a malformed value for each of its parameters; `base`: parameters sent
   * with every request (one the route requires), so that the others' mutations are judged with it.
   */
  query?: { schema: z.ZodType; invalid: Record<string, Pick<string | string[]>[]>; base?: (f: FuzzFixture) => Record<string, string> };
  /** An event stream: a 200 never ends, so its answer is read up to the headers and then closed. */
  stream?: true;
}

/** Query values that are not a run of decimal digits: no count and no event id. */
const notDigits: [string, string | string[]][] = [
  ['-1', '-1'],
  ['abc', 'abc'],
  ['1.5', '1.5'],
  ['1e3', '1e3'],
  ['empty', ''],
  ['0x10', '0x10'],
  ['arabic-indic digit', '\u0663'],
  ['leading space', ' 5'],
  ['NUL', '\u0000'],
  ['twice', ['1', '2']],
];

const badCounts = (max: number) =>
  picks<string | string[]>([...notDigits, ['10 digits', '1000000000'], ['above the maximum', String(max + 1)]]);

/** Last-Event-ID values of the event streams that are not event ids. */
const badEventIds = picks<string | string[]>([...notDigits, ['16 digits', '1234567890123456']]);

const badAgentIds = picks<string | string[]>([...notDigits.filter(([label]) => label !== 'leading space'), ['0', '0'], ['2^31', '2147483648']]);

/** GET /api/agents and GET /api/owner/leaderboard: a page of agents, searched. */
const agentListQueryFuzz = {
  schema: agentListQuery,
  invalid: {
    team: badAgentIds,
    offset: badCounts(1_000_000),
    limit: [...badCounts(AGENT_PAGE_SIZE_MAX), new Pick<string | string[]>('0', '0')],
    search: picks<string | string[]>([
      ['101 characters', 'x'.repeat(101)],
      ['101 emoji', '\u{1f50d}'.repeat(101)],
      ['NUL', 'Pat\u0000'],
      ['twice', ['a', 'b']],
    ]),
  },
};

/** The trends and histories: a granularity and a count of periods (1..52). */
const trendQueryFuzz = {
  schema: trendQuery,
  invalid: {
    granularity: picks<string | string[]>([['unknown', 'day'], ['empty', ''], ['twice', ['week', 'month']]]),
    count: [...badCounts(52), new Pick<string | string[]>('0', '0')],
  },
};

const email = (): Field => ({ kind: 'email', required: true });
const text = (max: number, required = true, nullable = false): Field => ({ kind: 'text', max, required, nullable });
const id = (required = true): Field => ({ kind: 'id', required });
const freshEmail = (prefix: string) => `${prefix}-${uniqueSuffix()}@example.test`;

const contact = { fullName: 'Pat Example', email: 'pat@example.test', phone: '+1 555 0100', telegram: '', address: '1 Main Street', city: 'Springfield', zipcode: '12345' };

function entryDateOutOfRange(body: unknown, now: Date): boolean {
  const date = (body as { date?: unknown } | null)?.date;
  if (typeof date !== 'string') return false;
  const time = new Date(date).getTime();
  return Number.isNaN(time) || time > now.getTime() + MAX_FUTURE_MS || time < Date.UTC(2000, 0, 1);
}

/** Token expiries the schema takes but the route refuses: not in the future, or too far ahead. */
function tokenExpiryOutOfRange(body: unknown, now: Date): boolean {
  const expiresAt = (body as { expiresAt?: unknown } | null)?.expiresAt;
  if (typeof expiresAt !== 'string') return false;
  const time = new Date(expiresAt).getTime();
  return Number.isNaN(time) || time <= now.getTime() || time - now.getTime() > API_TOKEN_MAX_DAYS * 24 * 60 * 60 * 1000;
}

/** Days (from, to) that are not a YYYY-MM-DD that exists. */
const badDays = picks<string | string[]>([
  ['empty', ''],
  ['February 30', '2026-02-30'],
  ['month 13', '2026-13-01'],
  ['no dashes', '20261101'],
  ['timestamp', '2026-11-01T00:00:00Z'],
  ['day/month/year', '01/11/2026'],
  ['words', 'yesterday'],
  ['NUL', '2026-11-01\u0000'],
  ['twice', ['2026-11-01', '2026-11-02']],
]);

/** metric= values that are not a metric's key. */
const badMetricKeyQueries = picks<string | string[]>([...badMetricKeys, ['twice', ['calls', 'deals']]]);

/**
 * Activities the schema takes but the route refuses: a value that is not a count (the fixture's metric counts), the
 * built-in metric (recorded as income entries), a date out of range.
 */
function activityRefusedByRoute(body: unknown, now: Date): boolean {
  const { metric, value } = (body ?? {}) as { metric?: unknown; value?: unknown };
  return metric === PROFIT_METRIC || !countAccepted(value) || entryDateOutOfRange(body, now);
}

/** Whether the route takes this as a target on a count metric (goalTargetHundredths, which the schema leaves to the route). */
function countTargetAccepted(value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  try {
    goalTargetHundredths('count', value);
    return true;
  } catch {
    return false;
  }
}

/** Goals the schema takes but the route refuses: a target that is not a whole count (the fixture's metric counts). */
function goalRefusedByRoute(body: unknown): boolean {
  const { target } = (body ?? {}) as { target?: unknown };
  return target !== undefined && !countTargetAccepted(target);
}

const badAudiences = picks<string | string[]>([['unknown', 'robots'], ['empty', ''], ['capitalised', 'Staff'], ['twice', ['staff', 'agent']]]);

const badPeriods = picks<string | string[]>([['unknown', 'day'], ['empty', ''], ['capitalised', 'Month'], ['twice', ['week', 'month']]]);

/** agentId in a query: not an id (digits, trimmed, from 1 to 2^31 - 1). */

/** One spec per API route. The fuzz test fails when the app registers a route that has none. */
/** startIndex and count values SCIM refuses (a negative one is taken: it counts as 1, or as 0). */
const badScimNumbers = picks<string | string[]>([...notDigits.filter(([label]) => label !== '-1'), ['11 digits', '12345678901']]);
/** Filters and attribute lists the contract refuses (what they say is the domain's to judge: the route tests cover it). */
const badScimTexts = picks<string | string[]>([['twice', ['userName eq "a@example.test"', 'userName eq "b@example.test"']], ['NUL', 'userName eq "a\u0000"'], ['1,001 characters', 'a'.repeat(1001)]]);

/** A SCIM User as Okta sends one (the fields the fuzzer mutates; name and emails as they come). */
const scimUserBody = (email: string) => ({
  schemas: [SCIM_SCHEMA.user],
  userName: email,
  name: { givenName: 'Fuzz', familyName: 'Provisioned' },
  displayName: 'Fuzz Provisioned',
  title: 'Sales Agent',
  externalId: `fuzz-${uniqueSuffix()}`,
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
});
const scimUserFields: Fields = {
  userName: { kind: 'email', required: true },
  displayName: text(100, false, true),
  title: text(100, false, true),
  externalId: text(255, false, true),
  active: { kind: 'scim-boolean', required: false },
};
const scimGroupBody = (f: FuzzFixture, name: string) => ({ schemas: [SCIM_SCHEMA.group], displayName: name, externalId: `fuzz-group-${uniqueSuffix()}`, members: [{ value: String(f.otherAgent.id) }] });
const scimGroupFields: Fields = { displayName: text(60), externalId: text(255, false, true), members: { kind: 'scim-members', required: false } };

export const routeSpecs: RouteSpec[] = [
  { route: 'GET /api/tier-settings' },
  { route: 'GET /api/app-info' },
  { route: 'GET /api/health' },
  { route: 'GET /api/health/ready' },
  { route: 'GET /api/health/live' },
  { route: 'GET /api/openapi.json' },
  { route: 'GET /api/docs' },
  {
    route: 'POST /api/agents/register',
    body: () => ({ email: freshEmail('fuzz'), password: 'long enough', firstName: 'Fuzz', lastName: 'Agent', position: 'Sales Agent' }),
    fields: {
      email: email(),
      password: { kind: 'new-password', required: true },
      firstName: text(100),
      lastName: text(100),
      position: text(100),
      invite: text(200, false),
    },
    schema: agentRegisterInput,
  },
  {
    route: 'POST /api/agents/login',
    body: (f) => ({ email: f.agent.email, password: FACTORY_PASSWORD }),
    fields: { email: email(), password: { kind: 'login-password', required: true } },
    schema: loginInput,
  },
  { route: 'POST /api/agents/logout' },
  { route: 'GET /api/agents/session' },
  { route: 'GET /api/login' },
  {
    route: 'POST /api/auth/login',
    body: (f) => ({ email: f.owner.email, password: FACTORY_PASSWORD }),
    fields: { email: email(), password: { kind: 'login-password', required: true } },
    schema: loginInput,
  },
  { route: 'GET /api/auth/user' },
  { route: 'GET /api/logout' },
  { route: 'GET /api/sso' },
  { route: 'GET /api/sso/start', query: { schema: ssoStartQuery, invalid: { audience: badAudiences } } },
  { route: 'GET /api/sso/callback' },
  { route: 'GET /api/owner/sso' },
  { route: 'PUT /api/owner/sso' },
  { route: 'DELETE /api/owner/sso' },
  {
    route: 'POST /api/auth/confirm-password',
    body: () => ({ password: FACTORY_PASSWORD }),
    fields: { password: { kind: 'login-password', required: true } },
    schema: confirmPasswordInput,
  },
  { route: 'POST /api/auth/2fa/setup' },
  { route: 'POST /api/auth/2fa/enable', body: () => ({ code: '123456' }), fields: { code: text(40) }, schema: enableTwoFactorInput },
  { route: 'DELETE /api/auth/2fa', body: () => ({ code: '123456' }), fields: { code: text(40) }, schema: twoFactorCodeInput },
  { route: 'POST /api/auth/login/2fa', body: () => ({ code: '123456' }), fields: { code: text(40) }, schema: twoFactorCodeInput },
  { route: 'GET /api/agent-tier-data' },
  {
    route: 'POST /api/agents/claim-reward',
    body: (f) => ({
      tierId: 1,
      rewardOptionId: f.rewardOption,
      agentData: { name: 'Pat Example', email: 'pat@example.test', phone: '+1 555 0100', address: '1 Main Street', shippingInfo: 'Leave at the door' },
    }),
    fields: {
      tierId: id(),
      rewardOptionId: id(),
      agentData: {
        kind: 'object',
        required: true,
        fields: { name: text(200), email: email(), phone: text(50, false), address: text(500), shippingInfo: text(1000, false) },
      },
    },
    schema: dashboardClaimInput,
  },
  {
    route: 'POST /api/rewards/claim',
    body: (f) => ({ agentId: f.agent.id, rewardId: f.rewardOption, ...contact }),
    fields: {
      agentId: id(),
      rewardId: id(),
      fullName: text(200),
      email: email(),
      phone: text(50),
      telegram: text(100, false),
      address: text(500),
      city: text(100),
      zipcode: text(20),
    },
    schema: portalClaimInput,
  },
  { route: 'GET /api/rewards/agent/:id', param: (f) => f.agent.id },
  { route: 'GET /api/rewards/tier/:id', param: () => 1 },
  { route: 'GET /api/owner/dashboard' },
  { route: 'GET /api/owner/leaderboard' },
  { route: 'GET /api/agents', query: agentListQueryFuzz },
  {
    route: 'GET /api/income-entries',
    query: {
      schema: incomeEntryListQuery,
      invalid: {
        agentId: badAgentIds,
        from: badDays,
        to: badDays,
        offset: badCounts(1_000_000),
        limit: [...badCounts(ENTRY_PAGE_SIZE_MAX), new Pick<string | string[]>('0', '0')],
      },
    },
  },
  { route: 'GET /api/exports/income-entries.csv', query: { schema: incomeEntryExportQuery, invalid: { agentId: badAgentIds, from: badDays, to: badDays } } },
  {
    route: 'GET /api/exports/activities.csv',
    query: { schema: activityExportQuery, invalid: { metric: badMetricKeyQueries, agentId: badAgentIds, from: badDays, to: badDays } },
  },
  { route: 'GET /api/exports/agents.csv' },
  {
    route: 'POST /api/imports/income-entries',
    query: {
      schema: importQuery,
      invalid: {
        dryRun: picks<string | string[]>([['yes', 'yes'], ['2', '2'], ['empty', ''], ['twice', ['1', '0']]]),
        dateFormat: picks<string | string[]>([['YYYY/MM/DD', 'YYYY/MM/DD'], ['lower case', 'yyyy-mm-dd'], ['empty', ''], ['twice', ['YYYY-MM-DD', 'DD.MM.YYYY']]]),
        mode: picks<string | string[]>([['unknown', 'some'], ['upper case', 'VALID-ROWS'], ['empty', ''], ['twice', ['all', 'valid-rows']]]),
        ignore: picks<string | string[]>([['201 characters', 'x'.repeat(201)], ['101 columns', Array.from({ length: 101 }, (_, i) => `c${i}`)]]),
      },
    },
  },
  {
    // The file's metric is always named (the fixture's), so that the other parameters and the bodies are what is wrong.
    route: 'POST /api/imports/activities',
    query: {
      schema: activityImportQuery,
      base: (f) => ({ metric: f.metric }),
      invalid: {
        metric: badMetricKeyQueries,
        dryRun: picks<string | string[]>([['yes', 'yes'], ['2', '2'], ['empty', ''], ['twice', ['1', '0']]]),
        dateFormat: picks<string | string[]>([['YYYY/MM/DD', 'YYYY/MM/DD'], ['lower case', 'yyyy-mm-dd'], ['empty', ''], ['twice', ['YYYY-MM-DD', 'DD.MM.YYYY']]]),
        mode: picks<string | string[]>([['unknown', 'some'], ['upper case', 'VALID-ROWS'], ['empty', ''], ['twice', ['all', 'valid-rows']]]),
        ignore: picks<string | string[]>([['201 characters', 'x'.repeat(201)], ['101 columns', Array.from({ length: 101 }, (_, i) => `c${i}`)]]),
      },
    },
  },
  {
    route: 'POST /api/imports/agents',
    query: {
      schema: agentImportQuery,
      invalid: {
        dryRun: picks<string | string[]>([['yes', 'yes'], ['2', '2'], ['empty', ''], ['twice', ['1', '0']]]),
        ignore: picks<string | string[]>([['201 characters', 'x'.repeat(201)], ['101 columns', Array.from({ length: 101 }, (_, i) => `c${i}`)]]),
      },
    },
  },
  {
    route: 'POST /api/password-resets',
    body: () => ({ email: freshEmail('reset') }),
    fields: { email: email() },
    schema: requestPasswordResetInput,
    strict: true,
  },
  {
    route: 'POST /api/password-resets/complete',
    body: () => ({ token: 'not-a-token-that-exists', newPassword: 'long enough password' }),
    fields: { token: text(RESET_TOKEN_MAX), newPassword: { kind: 'new-password', required: true } },
    schema: completePasswordResetInput,
    strict: true,
  },
  { route: 'GET /api/exports/reward-claims.csv' },
  {
    route: 'GET /api/audit',
    query: {
      schema: auditListQuery,
      invalid: {
        actor: picks<string | string[]>([['unknown kind', 'robot:1'], ['no id', 'user:'], ['zero', 'user:0'], ['empty', ''], ['twice', ['system', 'user:1']]]),
        action: picks<string | string[]>([['unknown', 'entry.deleted'], ['upper case', 'ENTRY.CREATED'], ['empty', ''], ['twice', ['entry.created', 'entry.voided']]]),
        from: badDays,
        to: badDays,
        offset: badCounts(1_000_000),
        limit: badCounts(AUDIT_PAGE_SIZE_MAX),
      },
    },
  },
  { route: 'GET /api/audit/actors' },
  {
    route: 'GET /api/notifications',
    query: {
      schema: notificationListQuery,
      invalid: {
        unread: picks<string | string[]>([['yes', 'yes'], ['2', '2'], ['empty', ''], ['twice', ['1', '0']]]),
        offset: badCounts(1_000_000),
        limit: badCounts(NOTIFICATION_PAGE_SIZE_MAX),
      },
    },
  },
  { route: 'POST /api/notifications/read', body: () => ({ all: true }), schema: markNotificationsReadInput, strict: true },
  { route: 'GET /api/notification-preferences' },
  { route: 'GET /api/notifications/unsubscribe/:token', param: () => 'tier_reached.agent.1.not-a-signature' },
  { route: 'POST /api/notifications/unsubscribe/:token', param: () => 'tier_reached.agent.1.not-a-signature' },
  { route: 'GET /api/push-subscriptions/key' },
  {
    route: 'POST /api/push-subscriptions',
    body: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      };
    },
    fields: { endpoint: text(PUSH_ENDPOINT_MAX) },
    schema: pushSubscriptionInput,
    strict: true,
  },
  { route: 'DELETE /api/push-subscriptions', body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/none' }), fields: { endpoint: text(PUSH_ENDPOINT_MAX) }, schema: pushUnsubscribeInput, strict: true },
  {
    route: 'PUT /api/notification-preferences',
    body: () => ({ preferences: [{ kind: 'tier_reached', inApp: true, email: false }] }),
    schema: updateNotificationPreferencesInput,
    strict: true,
  },
  {
    route: 'GET /api/exports/audit.csv',
    query: { schema: auditExportQuery, invalid: { actor: picks<string | string[]>([['unknown kind', 'robot:1'], ['empty', '']]), from: badDays, to: badDays } },
  },
  {
    route: 'GET /api/events',
    stream: true,
    query: {
      schema: eventStreamQuery,
      invalid: {
        lastEventId: badEventIds,
      },
    },
  },
  {
    route: 'GET /api/owner/leaderboard',
    query: {
      schema: leaderboardQuery,
      invalid: {
        ...agentListQueryFuzz.invalid,
        period: picks<string | string[]>([['unknown', 'decade'], ['upper case', 'MONTH'], ['empty', ''], ['twice', ['week', 'month']]]),
        at: badDays,
        mode: picks<string | string[]>([['unknown', 'speed'], ['empty', ''], ['twice', ['income', 'growth']]]),
      },
    },
  },
  { route: 'GET /api/owner/trends', query: trendQueryFuzz },
  { route: 'GET /api/owner/tier-distribution' },
  { route: 'GET /api/agents/:id', param: (f) => f.agent.id },
  { route: 'GET /api/agents/:id/history', param: (f) => f.agent.id, query: trendQueryFuzz },
  { route: 'GET /api/agents/me/history', query: trendQueryFuzz },
  {
    route: 'GET /api/agents/me/rank',
    query: { schema: myRankQuery, invalid: { period: picks<string | string[]>([['unknown', 'fortnight'], ['empty', ''], ['twice', ['week', 'year']]]) } },
  },
  {
    route: 'GET /api/agents/me/entries',
    query: { schema: agentEntriesQuery, invalid: { offset: badCounts(1_000_000), limit: badCounts(100), from: badDays, to: badDays } },
  },
  { route: 'GET /api/agents/me' },
  {
    route: 'PATCH /api/agents/me',
    body: () => ({ position: 'Fuzz Position' }),
    fields: {
      name: text(100, false),
      position: text(100, false),
      publicProfile: { kind: 'boolean', required: false },
      language: { kind: 'enum', values: LANGUAGES, required: false, nullable: true },
    },
    schema: updateMyProfileInput,
    strict: true,
  },
  {
    route: 'PATCH /api/auth/user',
    body: () => ({ language: 'de' }),
    fields: { language: { kind: 'enum', values: LANGUAGES, required: true, nullable: true } },
    schema: updateMyAccountInput,
    strict: true,
  },
  { route: 'GET /api/sessions' },
  { route: 'DELETE /api/sessions/:id', param: () => 2_000_000_000 },
  { route: 'DELETE /api/sessions' },
  {
    route: 'POST /api/auth/password',
    body: () => ({ currentPassword: 'not the password', newPassword: 'a long enough password' }),
    fields: { currentPassword: { kind: 'login-password', required: true }, newPassword: { kind: 'new-password', required: true } },
    schema: changeStaffPasswordInput,
  },
  {
    route: 'POST /api/agents/me/password',
    body: () => ({ currentPassword: 'not the password', newPassword: 'a long enough password' }),
    fields: { currentPassword: { kind: 'login-password', required: true }, newPassword: { kind: 'new-password', required: true } },
    schema: changeMyPasswordInput,
  },
  {
    route: 'GET /api/owner/reward-claims',
    query: {
      schema: rewardClaimListQuery,
      invalid: {
        status: picks<string | string[]>([['unknown', 'lost'], ['upper case', 'PENDING'], ['empty', ''], ['twice', ['pending', 'processed']]]),
        search: agentListQueryFuzz.invalid.search,
      },
    },
  },
  { route: 'PATCH /api/reward-claims/:id/process', param: (f) => f.claim },
  {
    route: 'PATCH /api/reward-claims/:id',
    param: (f) => f.claim,
    body: () => ({ status: 'rejected', reason: 'Out of stock' }),
    fields: {
      status: { kind: 'enum', values: claimTargetStatuses, required: true },
      reason: text(CLAIM_NOTE_MAX),
      note: text(CLAIM_NOTE_MAX, false),
    },
    schema: claimTransitionInput,
    strict: true,
  },
  { route: 'GET /api/agents/me/claims' },
  {
    route: 'POST /api/agents',
    body: () => ({ name: 'Fuzz Agent', position: 'Sales Agent', email: freshEmail('added'), password: 'long enough' }),
    fields: { name: text(100), position: text(100), email: email(), password: { kind: 'new-password', required: true } },
    schema: createAgentInput,
  },
  { route: 'DELETE /api/agents/:id', param: (f) => f.otherAgent.id },
  {
    route: 'PATCH /api/agents/:id',
    param: (f) => f.otherAgent.id,
    // An edit (name, email, position, team); `active` beside it is refused, as is a bad value of any field.
    body: () => ({ name: 'Fuzz Agent', position: 'Sales Agent' }),
    fields: {
      name: text(100, false),
      position: text(100, false),
      email: { kind: 'email', required: false },
      teamId: { kind: 'id', required: false, nullable: true },
      active: { kind: 'boolean', required: false },
    },
    schema: updateAgentInput,
    strict: true,
  },
  { route: 'GET /api/teams' },
  {
    route: 'GET /api/teams/leaderboard',
    query: {
      schema: teamBoardQuery,
      invalid: {
        period: picks<string | string[]>([['unknown', 'decade'], ['upper case', 'MONTH'], ['empty', ''], ['twice', ['week', 'month']]]),
        at: badDays,
      },
    },
  },
  {
    route: 'POST /api/teams',
    body: () => ({ name: `Fuzz team ${uniqueSuffix()}` }),
    fields: { name: text(TEAM_NAME_MAX), managerIds: { kind: 'id-list', required: false }, agentIds: { kind: 'id-list', required: false } },
    schema: createTeamInput,
    strict: true,
  },
  {
    route: 'PATCH /api/teams/:id',
    param: (f) => f.team,
    body: (f) => ({ agentIds: [f.otherAgent.id] }),
    fields: {
      name: text(TEAM_NAME_MAX, false),
      managerIds: { kind: 'id-list', required: false },
      agentIds: { kind: 'id-list', required: false },
      addAgentIds: { kind: 'id-list', required: false },
      removeAgentIds: { kind: 'id-list', required: false },
    },
    schema: updateTeamInput,
    strict: true,
  },
  { route: 'DELETE /api/teams/:id', param: (f) => f.team },
  {
    route: 'POST /api/income-entries',
    body: (f, now) => ({ agentId: f.agent.id, amount: '250.00', date: now.toISOString(), description: 'Fuzz' }),
    fields: {
      agentId: id(),
      amount: { kind: 'money', required: true },
      date: { kind: 'iso-date', required: false },
      description: text(500, false, true),
      externalId: text(EXTERNAL_ID_MAX, false),
    },
    schema: createIncomeEntryInput,
    refusedByRoute: entryDateOutOfRange,
  },
  {
    route: 'POST /api/income-entries/:id/void',
    param: (f) => f.entry,
    body: () => ({ reason: 'Fuzz void' }),
    fields: { reason: text(VOID_REASON_MAX) },
    schema: voidIncomeEntryInput,
    strict: true,
  },
  { route: 'GET /api/metrics' },
  {
    route: 'POST /api/metrics',
    body: () => ({ key: `fuzz-${uniqueSuffix()}`, name: 'Fuzz metric', unit: 'count', agentsMayRecord: false }),
    fields: {
      key: { kind: 'metric-key', required: true },
      name: text(METRIC_NAME_MAX),
      unit: { kind: 'enum', values: metricUnits, required: true },
      agentsMayRecord: { kind: 'boolean', required: false },
    },
    schema: createMetricInput,
    strict: true,
  },
  {
    // The path names a metric by key: the path mutations' digits and signs are not keys (400); "abc" and "null" are,
    // of no metric (404).
    route: 'PATCH /api/metrics/:key',
    param: (f) => f.metric,
    body: () => ({ name: 'Fuzz calls renamed' }),
    fields: { name: text(METRIC_NAME_MAX, false), agentsMayRecord: { kind: 'boolean', required: false }, active: { kind: 'boolean', required: false } },
    schema: updateMetricInput,
    strict: true,
  },
  {
    route: 'POST /api/activities',
    body: (f, now) => ({ agentId: f.agent.id, metric: f.metric, value: 2, date: now.toISOString(), note: 'Fuzz' }),
    fields: {
      agentId: id(false),
      metric: { kind: 'metric-key', required: true },
      value: { kind: 'count', required: true },
      date: { kind: 'iso-date', required: false },
      note: text(ACTIVITY_NOTE_MAX, false, true),
      externalId: text(EXTERNAL_ID_MAX, false),
    },
    schema: createActivityInput,
    refusedByRoute: activityRefusedByRoute,
    strict: true,
  },
  {
    route: 'GET /api/activities',
    query: {
      schema: activityListQuery,
      invalid: {
        metric: badMetricKeyQueries,
        agentId: badAgentIds,
        from: badDays,
        to: badDays,
        offset: badCounts(PAGE_OFFSET_MAX),
        limit: [...badCounts(ENTRY_PAGE_SIZE_MAX), new Pick<string | string[]>('0', '0')],
      },
    },
  },
  {
    route: 'POST /api/activities/:id/void',
    param: (f) => f.activity,
    body: () => ({ reason: 'Fuzz void' }),
    fields: { reason: text(VOID_REASON_MAX) },
    schema: voidActivityInput,
    strict: true,
  },
  {
    route: 'GET /api/goals',
    query: {
      schema: goalListQuery,
      invalid: {
        at: badDays,
        metric: badMetricKeyQueries,
        period: badPeriods,
        agentId: badAgentIds,
        teamId: badAgentIds,
        pace: picks<string | string[]>([['unknown', 'slow'], ['empty', ''], ['twice', ['ahead', 'behind']]]),
      },
    },
  },
  {
    route: 'GET /api/goals/suggestion',
    query: {
      schema: goalSuggestionQuery,
      base: (f) => ({ metric: f.metric, period: 'month', agentId: String(f.agent.id) }),
      invalid: { metric: badMetricKeyQueries, period: badPeriods, agentId: badAgentIds },
    },
  },
  {
    route: 'GET /api/goals/suggestions',
    query: {
      schema: teamSuggestionsQuery,
      base: (f) => ({ metric: f.metric, period: 'month', teamId: String(f.team) }),
      invalid: { metric: badMetricKeyQueries, period: badPeriods, teamId: badAgentIds },
    },
  },
  {
    route: 'POST /api/goals',
    body: (f) => ({ agentId: f.agent.id, metric: f.metric, period: 'week', target: 5, recurring: false }),
    fields: {
      agentId: id(false),
      teamId: id(false),
      metric: { kind: 'metric-key', required: true, profit: 'allowed' },
      period: { kind: 'enum', values: ['week', 'month', 'quarter'], required: true },
      target: { kind: 'count', required: true, max: GOAL_COUNT_MAX },
      recurring: { kind: 'boolean', required: false },
    },
    schema: createGoalInput,
    refusedByRoute: goalRefusedByRoute,
    strict: true,
  },
  {
    route: 'POST /api/goals/batch',
    body: (f) => ({ metric: f.metric, period: 'quarter', recurring: false, goals: [{ agentId: f.agent.id, target: 7 }] }),
    fields: {
      metric: { kind: 'metric-key', required: true, profit: 'allowed' },
      period: { kind: 'enum', values: ['week', 'month', 'quarter'], required: true },
      recurring: { kind: 'boolean', required: false },
    },
    schema: createGoalBatchInput,
    strict: true,
  },
  {
    route: 'PATCH /api/goals/:id',
    param: (f) => f.goal,
    body: () => ({ target: 25 }),
    fields: { target: { kind: 'count', required: false, max: GOAL_COUNT_MAX }, recurring: { kind: 'boolean', required: false } },
    schema: updateGoalInput,
    refusedByRoute: goalRefusedByRoute,
    strict: true,
  },
  { route: 'DELETE /api/goals/:id', param: (f) => f.goal },
  {
    route: 'GET /api/contests',
    query: { schema: contestListQuery, invalid: { state: picks<string | string[]>([['unknown', 'done'], ['empty', ''], ['capitalised', 'Running'], ['twice', ['draft', 'final']]]) } },
  },
  { route: 'GET /api/contests/:id', param: (f) => f.contest },
  {
    route: 'GET /api/contests/:id/standings',
    param: (f) => f.contest,
    query: {
      schema: contestStandingsQuery,
      invalid: {
        offset: picks<string | string[]>([['negative', '-1'], ['words', 'first'], ['fraction', '2.5']]),
        limit: picks<string | string[]>([['zero', '0'], ['too many', '101'], ['empty', '']]),
      },
    },
  },
  {
    route: 'POST /api/contests',
    body: (f) => ({ name: 'Fuzz contest', metric: f.metric, startsAt: '2099-04-06', endsAt: '2099-04-12', format: 'total', participants: { kind: 'all' } }),
    fields: {
      name: text(CONTEST_NAME_MAX),
      description: text(CONTEST_DESCRIPTION_MAX, false),
      metric: { kind: 'metric-key', required: true, profit: 'allowed' },
      format: { kind: 'enum', values: contestFormats, required: true },
      teamsCompete: { kind: 'boolean', required: false },
      showOnTv: { kind: 'boolean', required: false },
      draft: { kind: 'boolean', required: false },
    },
    schema: createContestInput,
    strict: true,
  },
  {
    route: 'PATCH /api/contests/:id',
    param: (f) => f.contest,
    body: () => ({ name: 'Fuzz renamed' }),
    fields: { name: text(CONTEST_NAME_MAX, false), description: text(CONTEST_DESCRIPTION_MAX, false), showOnTv: { kind: 'boolean', required: false } },
    schema: updateContestInput,
    strict: true,
  },
  { route: 'POST /api/contests/:id/cancel', param: (f) => f.contest },
  { route: 'DELETE /api/contests/:id', param: (f) => f.draftContest },
  { route: 'GET /api/agents/me/prizes' },
  { route: 'GET /api/badges' },
  { route: 'GET /api/agents/me/badges' },
  { route: 'GET /api/agents/me/badges/:id/credential', param: (f) => f.heldBadge },
  { route: 'GET /.well-known/jwks.json' },
  { route: 'GET /api/agents/:id/badges', param: (f) => f.agent.id },
  {
    route: 'POST /api/badges',
    body: () => ({ kind: 'goal_streak', name: 'Fuzz streak', params: { count: 3 } }),
    fields: {
      kind: { kind: 'enum', values: badgeKinds, required: true },
      name: text(BADGE_NAME_MAX),
      description: text(BADGE_DESCRIPTION_MAX, false),
      active: { kind: 'boolean', required: false },
    },
    schema: createBadgeRuleInput,
    strict: true,
  },
  {
    route: 'PATCH /api/badges/:id',
    param: (f) => f.badge,
    body: () => ({ name: 'Fuzz renamed' }),
    fields: { name: text(BADGE_NAME_MAX, false), active: { kind: 'boolean', required: false } },
    schema: updateBadgeRuleInput,
    strict: true,
  },
  {
    route: 'POST /api/agents/me/prizes/:id/claim',
    param: (f) => f.prize,
    body: () => ({ name: 'Pat Example', email: 'pat@example.test', phone: '+1 555 0100', address: '1 Main Street', shippingInfo: 'Leave at the door' }),
    fields: { name: text(200), email: email(), phone: text(50, false), address: text(500), shippingInfo: text(1000, false) },
    schema: prizeClaimInput,
  },
  {
    route: 'PATCH /api/tier-settings/:id',
    param: () => 1,
    body: () => ({ threshold: '5000.00', rewards: 'Fuzz reward' }),
    fields: { threshold: { kind: 'money', positive: true, required: false }, rewards: { kind: 'text', max: 5000, required: false } },
    schema: updateTierSettingInput,
    strict: true,
  },
  {
    route: 'POST /api/rewards',
    body: () => ({ title: 'Fuzz reward', description: 'Made by the fuzzer', category: 'Gift Card', tierId: 1, isActive: true }),
    fields: {
      title: text(120),
      description: text(1000),
      category: { kind: 'enum', values: rewardCategories, required: true },
      tierId: id(),
      isActive: { kind: 'boolean', required: false },
    },
    schema: createRewardOptionInput,
  },
  { route: 'DELETE /api/rewards/:id', param: (f) => f.rewardOption },
  {
    route: 'GET /api/owner/calculator-percentages',
    query: {
      schema: calculatorPercentagesQuery,
      base: (f) => ({ agentIds: `${f.agent.id},${f.otherAgent.id}` }),
      invalid: {
        agentIds: [
          ...badAgentIds,
          ...picks<string | string[]>([
            ['a space after a comma', '1, 2'],
            ['a trailing comma', '1,'],
            ['two commas', '1,,2'],
            ['semicolons', '1;2'],
            ['an id of 0 in the list', '1,0'],
            [`${CALCULATOR_PERCENTAGE_IDS_MAX + 1} ids`, Array.from({ length: CALCULATOR_PERCENTAGE_IDS_MAX + 1 }, (_, i) => i + 1).join(',')],
          ]),
        ],
      },
    },
  },
  {
    route: 'PUT /api/owner/calculator-percentages/:id',
    param: (f) => f.agent.id,
    body: () => ({ percentage: '12.5' }),
    fields: { percentage: { kind: 'percentage', required: true } },
    schema: calculatorPercentageInput,
    strict: true,
  },
  { route: 'GET /api/users' },
  {
    route: 'POST /api/users',
    body: () => ({ email: freshEmail('mgr'), name: 'Fuzz Manager', role: 'manager', password: 'long enough' }),
    fields: { email: email(), name: text(100), role: { kind: 'enum', values: ['manager'], required: true }, password: { kind: 'new-password', required: true } },
    schema: createManagerInput,
  },
  { route: 'DELETE /api/users/:id', param: (f) => f.manager.id },
  { route: 'DELETE /api/users/:id/2fa', param: (f) => f.manager.id },
  { route: 'POST /api/users/:id/reset-link', param: (f) => f.manager.id },
  { route: 'POST /api/agents/:id/reset-link', param: (f) => f.agent.id },
  { route: 'POST /api/admin/backup' },
  { route: 'GET /api/owner/sign-up' },
  {
    route: 'PUT /api/owner/sign-up',
    body: () => ({ mode: 'open' }),
    fields: { mode: { kind: 'enum', values: signUpModes, required: true } },
    schema: signUpSettingsInput,
  },
  { route: 'GET /api/settings' },
  {
    route: 'PATCH /api/settings',
    body: () => ({ orgName: 'Fuzz Org' }),
    fields: { orgName: text(80, false), currency: { kind: 'currency', required: false }, locale: { kind: 'locale', required: false }, requireManagerTwoFactor: { kind: 'boolean', required: false }, managersRecord: { kind: 'boolean', required: false } },
    schema: updateOrganisationSettingsInput,
    strict: true,
  },
  { route: 'POST /api/owner/invitations' },
  { route: 'DELETE /api/owner/invitations/:id', param: () => 1 },
  { route: 'POST /api/agents/:id/approve', param: (f) => f.agent.id },
  {
    route: 'POST /api/tv-links',
    body: () => ({ name: 'Fuzz TV', showAmounts: true }),
    fields: { name: text(100), showAmounts: { kind: 'boolean', required: true } },
    schema: createTvLinkInput,
    strict: true,
  },
  { route: 'GET /api/tv-links' },
  {
    route: 'POST /api/tv-links/pair',
    body: () => ({ code: 'ABCD-2345', name: 'Fuzz TV', showAmounts: true }),
    fields: { code: text(9), name: text(100), showAmounts: { kind: 'boolean', required: true } },
    schema: pairTvLinkInput,
    // A well-formed code no TV is waiting with is refused (400, on the code field).
    refusedByRoute: () => true,
    strict: true,
  },
  { route: 'POST /api/tv-pairings' },
  {
    route: 'POST /api/tv-pairings/status',
    body: () => ({ secret: 'x'.repeat(32) }),
    fields: { secret: text(64) },
    schema: tvPairingStatusInput,
    // A secret no TV holds: 404.
    refusedByRoute: () => true,
    strict: true,
  },
  {
    route: 'POST /api/tokens',
    body: () => ({ name: 'Fuzz CRM', scopes: ['read', 'entries:write'] }),
    fields: { name: text(100), scopes: { kind: 'enum-list', values: API_SCOPES, required: true }, expiresAt: { kind: 'iso-date', required: false } },
    schema: createApiTokenInput,
    refusedByRoute: tokenExpiryOutOfRange,
    strict: true,
  },
  { route: 'GET /api/tokens' },
  { route: 'DELETE /api/tokens/:id', param: (f) => f.apiToken.id },
  { route: 'DELETE /api/tv-links/:id', param: (f) => f.tvLink.id },
  {
    route: 'POST /api/webhooks',
    body: () => ({ url: 'https://hooks.invalid/fuzz', events: ['tier.reached'] }),
    fields: {
      url: text(WEBHOOK_URL_MAX),
      events: { kind: 'enum-list', values: WEBHOOK_EVENT_TYPES, required: true },
      format: { kind: 'enum', values: WEBHOOK_FORMATS, required: false },
    },
    schema: createWebhookInput,
    strict: true,
  },
  { route: 'GET /api/webhooks' },
  {
    route: 'PATCH /api/webhooks/:id',
    param: (f) => f.webhook.id,
    body: () => ({ events: ['tier.reached', 'claim.created'] }),
    fields: {
      url: text(WEBHOOK_URL_MAX, false),
      events: { kind: 'enum-list', values: WEBHOOK_EVENT_TYPES, required: false },
      format: { kind: 'enum', values: WEBHOOK_FORMATS, required: false },
    },
    schema: updateWebhookInput,
    strict: true,
  },
  { route: 'DELETE /api/webhooks/:id', param: (f) => f.webhook.id },
  { route: 'GET /api/webhooks/:id/deliveries', param: (f) => f.webhook.id, query: { schema: webhookDeliveryQuery, invalid: { offset: badCounts(1_000_000), limit: [...badCounts(200), new Pick<string | string[]>('0', '0')] } } },
  { route: 'POST /api/webhooks/:id/deliveries/:deliveryId/retry', param: (f) => f.webhook.id, secondParam: (f) => f.webhook.deliveryId },
  { route: 'POST /api/webhooks/:id/test', param: (f) => f.webhook.id },
  {
    route: 'POST /api/connectors',
    body: () => ({ provider: 'generic', name: 'Fuzz CRM 2', mapping: { agentBy: 'email' } }),
    fields: {
      provider: { kind: 'enum', values: CONNECTOR_PROVIDERS, required: true },
      name: text(CONNECTOR_NAME_MAX),
      mapping: {
        kind: 'object',
        required: true,
        fields: {
          agentBy: { kind: 'enum', values: CONNECTOR_AGENT_BY, required: true },
          metric: { kind: 'metric-key', required: false, profit: 'allowed' },
          amountField: text(CONNECTOR_FIELD_MAX, false),
          stage: text(CONNECTOR_FIELD_MAX, false),
        },
      },
    },
    schema: createConnectorInput,
    strict: true,
  },
  { route: 'GET /api/connectors' },
  { route: 'GET /api/connectors/:id', param: (f) => f.connector },
  {
    route: 'PATCH /api/connectors/:id',
    param: (f) => f.connector,
    body: () => ({ name: 'Fuzz CRM renamed' }),
    fields: { name: text(CONNECTOR_NAME_MAX, false), active: { kind: 'boolean', required: false } },
    schema: updateConnectorInput,
    strict: true,
  },
  { route: 'DELETE /api/connectors/:id', param: (f) => f.connector },
  { route: 'GET /api/connectors/:id/deliveries', param: (f) => f.connector, query: { schema: connectorDeliveryQuery, invalid: { offset: badCounts(1_000_000), limit: [...badCounts(200), new Pick<string | string[]>('0', '0')] } } },
  { route: 'GET /api/connectors/:id/unmatched', param: (f) => f.connector },
  {
    route: 'POST /api/connectors/:id/unmatched/map',
    param: (f) => f.connector,
    body: (f) => ({ ownerKey: 'crm-fuzz', agentId: f.agent.id }),
    fields: { ownerKey: text(320), agentId: id() },
    schema: mapUnmatchedOwnerInput,
    strict: true,
  },
  // The CRM's own credentials only: every fuzzed delivery is unsigned, so refused (and logged as refused).
  { route: 'POST /api/connectors/:id/inbound', param: (f) => f.connector },
  // SCIM provisioning (docs/decisions/0091-scim-provisioning.md): the token caller holds the scim scope; every refusal
  // is a SCIM error. Users are agents (the fixture's agent), Groups teams (the fixture's team).
  { route: 'GET /scim/v2/ServiceProviderConfig' },
  { route: 'GET /scim/v2/ResourceTypes' },
  { route: 'GET /scim/v2/ResourceTypes/:id', param: () => 'User' },
  { route: 'GET /scim/v2/Schemas' },
  { route: 'GET /scim/v2/Schemas/:id', param: () => SCIM_SCHEMA.group },
  { route: 'GET /scim/v2/Users', query: { schema: scimListQuery, invalid: { filter: badScimTexts, startIndex: badScimNumbers, count: badScimNumbers, attributes: badScimTexts, excludedAttributes: badScimTexts } } },
  { route: 'POST /scim/v2/Users', body: () => scimUserBody(freshEmail('fuzz-scim')), fields: scimUserFields, schema: scimUserInput },
  { route: 'GET /scim/v2/Users/:id', param: (f) => f.agent.id, query: { schema: scimResourceQuery, invalid: { attributes: badScimTexts, excludedAttributes: badScimTexts } } },
  { route: 'PUT /scim/v2/Users/:id', param: (f) => f.agent.id, body: (f) => scimUserBody(f.agent.email), fields: scimUserFields, schema: scimUserInput },
  {
    route: 'PATCH /scim/v2/Users/:id',
    param: (f) => f.agent.id,
    body: () => ({ schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'replace', path: 'title', value: 'Fuzz title' }] }),
    fields: { Operations: { kind: 'scim-operations', resource: 'User', required: true } },
    schema: scimPatchInput,
    refusedByRoute: (body) => scimPatchRefused('User', body),
  },
  { route: 'DELETE /scim/v2/Users/:id', param: (f) => f.agent.id },
  { route: 'GET /scim/v2/Groups', query: { schema: scimListQuery, invalid: { filter: badScimTexts, startIndex: badScimNumbers, count: badScimNumbers, excludedAttributes: badScimTexts } } },
  { route: 'POST /scim/v2/Groups', body: (f) => scimGroupBody(f, `Fuzz SCIM ${uniqueSuffix()}`), fields: scimGroupFields, schema: scimGroupInput },
  { route: 'GET /scim/v2/Groups/:id', param: (f) => f.team, query: { schema: scimResourceQuery, invalid: { attributes: badScimTexts, excludedAttributes: badScimTexts } } },
  { route: 'PUT /scim/v2/Groups/:id', param: (f) => f.team, body: (f) => scimGroupBody(f, 'Fuzz SCIM renamed'), fields: scimGroupFields, schema: scimGroupInput },
  {
    route: 'PATCH /scim/v2/Groups/:id',
    param: (f) => f.team,
    body: (f) => ({ schemas: [SCIM_SCHEMA.patchOp], Operations: [{ op: 'Add', path: 'members', value: [{ value: String(f.agent.id) }] }] }),
    fields: { Operations: { kind: 'scim-operations', resource: 'Group', required: true } },
    schema: scimPatchInput,
    refusedByRoute: (body) => scimPatchRefused('Group', body),
  },
  { route: 'DELETE /scim/v2/Groups/:id', param: (f) => f.team },
  { route: 'GET /api/tv/:token', param: (f) => f.tvLink.token },
  {
    route: 'GET /api/tv/:token/events',
    param: (f) => f.tvLink.token,
    stream: true,
    query: { schema: eventStreamQuery, invalid: { lastEventId: badEventIds } },
  },
];

/** "GET /api/agents/:id" -> "GET /api/agents/:param", to compare with the registered routes. */
export const routeKey = (route: string) => route.replace(/:\w+/g, ':param');

// ---------------------------------------------------------------------------------------------------------------
// Mutations

/** Bodies Fastify refuses before any handler runs: not JSON, proto poisoning, or not declared as JSON. */
const JSON_TYPE = 'application/json';
const rawBodies = picks<{ contentType: string | undefined; payload: string | Buffer }>([
  ['{', { contentType: JSON_TYPE, payload: '{' }],
  ['truncated object', { contentType: JSON_TYPE, payload: '{"email":' }],
  ['truncated array', { contentType: JSON_TYPE, payload: '[1,2' }],
  ['trailing brace', { contentType: JSON_TYPE, payload: '{"a":1}}' }],
  ['single quotes', { contentType: JSON_TYPE, payload: "{'a':1}" }],
  ['nul keyword', { contentType: JSON_TYPE, payload: 'nul' }],
  ['undefined', { contentType: JSON_TYPE, payload: 'undefined' }],
  ['NaN value', { contentType: JSON_TYPE, payload: '{"a":NaN}' }],
  ['NUL byte', { contentType: JSON_TYPE, payload: '\u0000' }],
  ['BOM then garbage', { contentType: JSON_TYPE, payload: '\ufeff{' }],
  ['binary', { contentType: JSON_TYPE, payload: Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x7b]) }],
  ['__proto__', { contentType: JSON_TYPE, payload: '{"__proto__":{"isAdmin":true}}' }],
  ['constructor.prototype', { contentType: JSON_TYPE, payload: '{"a":{"constructor":{"prototype":{"isAdmin":true}}}}' }],
  ['text/plain JSON', { contentType: 'text/plain', payload: '{}' }],
  ['text/html', { contentType: 'text/html', payload: '<p>{}</p>' }],
  ['form encoded', { contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.test&password=x' }],
  ['multipart', { contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n' }],
  ['xml', { contentType: 'application/xml', payload: '<a>1</a>' }],
  ['octet-stream', { contentType: 'application/octet-stream', payload: '{}' }],
  ['vnd+json', { contentType: 'application/vnd.api+json', payload: '{}' }],
  ['no content type', { contentType: undefined, payload: '{}' }],
  ['oversized JSON', { contentType: JSON_TYPE, payload: JSON.stringify({ x: 'a'.repeat(70_000) }) }],
  ['oversized text', { contentType: 'text/plain', payload: 'a'.repeat(70_000) }],
]);
/** Refused only where a body is expected: a bodyless route takes an empty body. */
const emptyJsonBody = new Pick('empty body labelled JSON', { contentType: JSON_TYPE as string | undefined, payload: '' as string | Buffer });

const notObjects = picks<Value>([
  ['array', []],
  ['array of an object', [{}]],
  ['string', 'hello'],
  ['number', 42],
  ['null', null],
  ['true', true],
  ['5,000 nested arrays', new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`)],
]);

const badPathIds = picks<string>([
  ['0', '0'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['1e3', '1e3'],
  ['01', '01'],
  ['+1', '%2B1'],
  ['0x1F', '0x1F'],
  ['abc', 'abc'],
  ['space', '%20'],
  ['NUL', '%00'],
  ['newline', '1%0A'],
  ['2^31', '2147483648'],
  ['20 digits', '99999999999999999999'],
  ['arabic-indic digits', encodeURIComponent('\u0661\u0662')],
  ['fullwidth 1', encodeURIComponent('\uff11')],
  ['encoded slash', '1%2F2'],
  ['SQL', encodeURIComponent("1' OR '1'='1")],
  ['null', 'null'],
  ['[1]', '%5B1%5D'],
  ['é', encodeURIComponent('\u00e9')],
  ['bad percent-encoding', '%E0%A4%A'],
  ['lone percent', '%'],
  ['5,000 digits', '1'.repeat(5000)],
  ['2147483647 (no such row)', '2147483647'],
]);

type Primary =
  | { kind: 'field'; path: string[]; value: Pick<Value> }
  | { kind: 'not-an-object'; value: Pick<Value> }
  | { kind: 'empty-object' }
  | { kind: 'extra-field-strict'; name: string }
  | { kind: 'raw-body'; body: Pick<{ contentType: string | undefined; payload: string | Buffer }> }
  | { kind: 'path-id'; id: Pick<string> }
  | { kind: 'query'; name: string; value: Pick<string | string[]> }
  | { kind: 'method'; method: 'PUT' | 'OPTIONS' };

type CookieNoise = 'identity' | 'garbage' | 'empty' | 'long' | 'bad-encoding' | 'duplicate' | 'quoted' | 'junk' | 'latin1' | 'swapped' | 'extra';

interface Noise {
  cookie: CookieNoise;
  extraFields: Record<string, Value>;
  query: string;
  headers: Record<string, string>;
  remoteAddress: string;
}

export interface FuzzCase {
  route: string;
  identity: Identity;
  primary: Primary | null;
  noise: Noise;
}

function primaryMutations(spec: RouteSpec): fc.Arbitrary<Primary | null> {
  const [method] = spec.route.split(' ');
  const options: fc.WeightedArbitrary<Primary | null>[] = [
    // A method the route does not answer (PUT routes exist: they get OPTIONS only).
    {
      arbitrary: fc.constantFrom<Primary>(
        ...(method === 'PUT' ? [] : [{ kind: 'method', method: 'PUT' } as const]),
        { kind: 'method', method: 'OPTIONS' },
      ),
      weight: 1,
    },
  ];
  if (spec.param) options.push({ arbitrary: fc.constantFrom(...badPathIds).map((pick): Primary => ({ kind: 'path-id', id: pick })), weight: 4 });
  if (method !== 'GET') {
    const bodies = spec.body ? [...rawBodies, emptyJsonBody] : rawBodies;
    options.push({ arbitrary: fc.constantFrom(...bodies).map((pick): Primary => ({ kind: 'raw-body', body: pick })), weight: 3 });
  }
  if (spec.fields) {
    const paths = fieldPaths(spec.fields);
    const field = fc.constantFrom(...paths).chain(({ path, field: f }) =>
      fc.constantFrom(...invalidValues(f)).map((value): Primary => ({ kind: 'field', path, value })),
    );
    // Field values are the interesting part: weigh them most.
    options.push({ arbitrary: field, weight: 10 });
    options.push({ arbitrary: fc.constantFrom(...notObjects).map((value): Primary => ({ kind: 'not-an-object', value })), weight: 1 });
    options.push({ arbitrary: fc.constant<Primary>({ kind: 'empty-object' }), weight: 1 });
    if (spec.strict) {
      options.push({ arbitrary: fc.constantFrom('extra', 'id', 'order', 'name').map((name): Primary => ({ kind: 'extra-field-strict', name })), weight: 1 });
    }
  }
  if (spec.query) {
    const entries = Object.entries(spec.query.invalid);
    const query = fc
      .constantFrom(...entries)
      .chain(([name, values]) => fc.constantFrom(...values).map((value): Primary => ({ kind: 'query', name, value })));
    options.push({ arbitrary: query, weight: 6 });
  }
  // A route without input can only be sent noise (it may answer 2xx); one with input always gets a primary mutation.
  const hasInput = spec.param !== undefined || spec.body !== undefined || spec.query !== undefined || method !== 'GET';
  if (!hasInput) options.push({ arbitrary: fc.constant(null), weight: 3 });
  return fc.oneof(...options);
}

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'));

function noiseArbitrary(spec: RouteSpec): fc.Arbitrary<Noise> {
  const specFields = new Set(Object.keys(spec.fields ?? {}));
  const extraName = fc.constantFrom('extra', 'isAdmin', 'role', 'id', 'status', 'totalIncome', 'userId', 'ownerId', 'constructor', '', '\u00e9', 'a'.repeat(300));
  const extraValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom<Value>('owner', true, 1, null));
  return fc.record({
    cookie: fc.constantFrom<CookieNoise>('identity', 'identity', 'identity', 'identity', 'garbage', 'empty', 'long', 'bad-encoding', 'duplicate', 'quoted', 'junk', 'latin1', 'swapped', 'extra'),
    extraFields: fc
      .dictionary(extraName, extraValue, { maxKeys: 3 })
      .map((fields) => Object.fromEntries(Object.entries(fields).filter(([name]) => !specFields.has(name)))),
    query: fc.constantFrom('', '', '', '?x=1', '?id=1&id=2', '?__proto__[isAdmin]=1', `?q=${'a'.repeat(3000)}`, '?%E0%A4%A', '?agentId=1'),
    headers: fc.record(
      {
        accept: fc.constantFrom('text/html', '*/*', 'application/xml', ''),
        // Mostly the app's own origin: another site's is refused before the body is read (403), hiding the rest.
        origin: fc.oneof(
          { arbitrary: fc.constantFrom('http://localhost:80', 'http://localhost'), weight: 8 },
          { arbitrary: fc.constantFrom('http://evil.example', 'null', 'not a url'), weight: 1 },
        ),
        'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1'),
        'accept-language': fc.constantFrom('\u00e9\u00e9', 'x'.repeat(2000)),
      },
      { requiredKeys: [] },
    ),
    remoteAddress: fc.oneof(ipv4, fc.constantFrom('::1', '2001:db8::1', '127.0.0.1')),
  });
}

/** Cases over the given routes (each needs a spec) and every identity. */
export function fuzzCaseArbitrary(routes: string[]): fc.Arbitrary<FuzzCase> {
  const specs = routes.map((route) => {
    const spec = routeSpecs.find((s) => routeKey(s.route) === routeKey(route));
    if (!spec) throw new Error(`no fuzz spec for ${route}`);
    return spec;
  });
  return fc.constantFrom(...specs).chain((spec) =>
    fc.record({
      route: fc.constant(spec.route),
      identity: fc.constantFrom(...identities),
      primary: primaryMutations(spec),
      noise: noiseArbitrary(spec),
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Building and sending

function toJson(value: Value): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The body with its JSON types, raw splices resolved, for checking it against the contract schema. */
function asParsed(value: Value): Value {
  try {
    return JSON.parse(toJson(value));
  } catch {
    return value;
  }
}

function setPath(body: Record<string, unknown>, path: string[], value: Value): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return copy;
    node = next as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === MISSING) delete node[last];
  else node[last] = value;
  return copy;
}

function cookieHeader(noise: CookieNoise, cookie: string | undefined): string | undefined {
  const token = cookie?.split('=')[1] ?? 'nothing';
  const name = cookie?.split('=')[0] ?? 'sid';
  switch (noise) {
    case 'identity':
      return cookie;
    case 'garbage':
      return `sid=${'A'.repeat(43)}; agent_sid=${'B'.repeat(43)}`;
    case 'empty':
      return 'sid=; agent_sid=';
    case 'long':
      return `${name}=${token}${'x'.repeat(4000)}`;
    case 'bad-encoding':
      return `${name}=%E0%A4%A${token}`;
    case 'duplicate':
      return `${name}=garbage; ${name}=${token}`;
    case 'quoted':
      return `${name}="${token}"`;
    case 'junk':
      return ';;;=;=; ==; sid';
    case 'latin1':
      return `${name}=\u00ff\u00fe${token}`;
    case 'swapped':
      return `${name === 'sid' ? 'agent_sid' : 'sid'}=${token}`;
    case 'extra':
      return `${cookie ? `${cookie}; ` : ''}other=${'%'.repeat(10)}; __proto__=1`;
  }
}

interface BuiltRequest {
  options: InjectOptions;
  /** True when the request is malformed whoever sends it, so the answer must be a 4xx. */
  malformed: boolean;
  /** A generated body the route's contract accepts: a fuzzer bug, the request is not sent. */
  wellFormedBody?: string;
}

export function buildRequest(c: FuzzCase, fixture: FuzzFixture, cookie: string | undefined, now: Date): BuiltRequest {
  const spec = routeSpecs.find((s) => s.route === c.route)!;
  const [routeMethod, pattern] = c.route.split(' ') as [string, string];
  const primary = c.primary;
  let method = routeMethod;
  let pathId = spec.param ? String(spec.param(fixture)) : undefined;
  let body: Value = spec.body?.(fixture, now);
  let raw: { contentType: string | undefined; payload: string | Buffer } | undefined;

  switch (primary?.kind) {
    case 'field':
      body = setPath(body as Record<string, unknown>, primary.path, primary.value.value);
      break;
    case 'not-an-object':
      body = primary.value.value;
      break;
    case 'empty-object':
      body = {};
      break;
    case 'extra-field-strict':
      body = { ...(body as object), [primary.name]: 1 };
      break;
    case 'raw-body':
      raw = primary.body.value;
      break;
    case 'path-id':
      pathId = primary.id.value;
      break;
    case 'method':
      method = primary.method;
      break;
    case 'query':
      break;
    case undefined:
      break;
  }

  // Extra fields: only into an object body, and never over a field the route reads.
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && !(body instanceof RawJson)) {
    body = { ...c.noise.extraFields, ...(body as object) };
  }

  let wellFormedBody: string | undefined;
  const namesNothing = primary?.kind === 'field' && primary.value.namesNothing;
  if (spec.schema && !namesNothing && (primary?.kind === 'field' || primary?.kind === 'not-an-object' || primary?.kind === 'empty-object' || primary?.kind === 'extra-field-strict')) {
    const parsed = asParsed(body);
    if (spec.schema.safeParse(parsed).success && !spec.refusedByRoute?.(parsed, now)) wellFormedBody = toJson(body).slice(0, 500);
  }

  // The route's own parameters: those it always needs (`base`), the mutated one in place of its base value.
  const params: Record<string, string | string[]> = { ...spec.query?.base?.(fixture) };
  if (primary?.kind === 'query') params[primary.name] = primary.value.value;
  const own = Object.entries(params)
    .flatMap(([name, value]) => [value].flat().map((item) => `${name}=${encodeURIComponent(item)}`))
    .join('&');
  let query = c.noise.query;
  if (own) query = query ? `${query}&${own}` : `?${own}`;
  if (primary?.kind === 'query' && spec.query?.schema.safeParse(params).success) wellFormedBody = `query ${own}`;
  const url = pattern.replace(/:\w+/, pathId ?? '').replace(/:\w+/, spec.secondParam ? String(spec.secondParam(fixture)) : '') + query;
  const headers: Record<string, string> = { ...c.noise.headers };
  const cookieValue = cookieHeader(c.noise.cookie, cookie);
  if (cookieValue !== undefined) headers.cookie = cookieValue;
  if (c.identity === 'token') headers.authorization = `Bearer ${fixture.apiToken.token}`;

  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers, remoteAddress: c.noise.remoteAddress };
  if (raw) {
    if (raw.contentType !== undefined) headers['content-type'] = raw.contentType;
    options.payload = raw.payload;
  } else if (body !== undefined) {
    headers['content-type'] = JSON_TYPE;
    options.payload = toJson(body);
  }
  return { options, malformed: primary !== null, ...(wellFormedBody !== undefined ? { wellFormedBody } : {}) };
}

interface FuzzOutcome {
  status: number;
  problems: string[];
}

/** Checks an answer: never a 5xx, a 4xx for malformed requests, the JSON error shape on every 4xx. */
function checkResponse(res: LightMyRequestResponse, malformed: boolean, scim: boolean): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`answered ${status}: ${res.body.slice(0, 300)}`);
  else if (malformed && (status < 400 || status >= 500)) problems.push(`answered ${status} to a malformed request`);
  if (status >= 400 && status < 500) {
    let json: unknown;
    try {
      json = res.json();
    } catch {
      problems.push(`answered ${status} with a body that is not JSON: ${res.body.slice(0, 200)}`);
      return problems;
    }
    // Under /scim/v2 the error shape is SCIM's, its status the answer's (docs/decisions/0091-scim-provisioning.md).
    if (scim) {
      const parsed = scimError.safeParse(json);
      if (!parsed.success) problems.push(`answered ${status} without the SCIM error shape: ${res.body.slice(0, 300)}`);
      else if (parsed.data.status !== String(status)) problems.push(`answered ${status} with status "${parsed.data.status}"`);
    } else {
      const parsed = errorBody.safeParse(json);
      if (!parsed.success) problems.push(`answered ${status} without the error shape: ${res.body.slice(0, 300)}`);
      else if (errorStatus[parsed.data.code] !== status) problems.push(`answered ${status} with code ${parsed.data.code}`);
    }
    const type = scim ? SCIM_MEDIA_TYPE : 'application/json';
    if (!String(res.headers['content-type'] ?? '').startsWith(type)) problems.push(`answered ${status} as ${res.headers['content-type']}`);
  }
  return problems;
}

export interface FuzzTarget {
  app: FastifyInstance;
  db: Db;
  now: () => Date;
  fixture: FuzzFixture;
}

/**
 * Sends one case and checks the answer and that the database (sessions and sign-in counters aside) is unchanged.
 * `before` may be passed to skip one fingerprint when the caller keeps the last one.
 */
export async function runFuzzCase(target: FuzzTarget, c: FuzzCase, before?: Fingerprint): Promise<FuzzOutcome & { after: Fingerprint }> {
  const now = target.now();
  const cookie = await cookieFor(target.db, target.fixture, c.identity, now);
  const built = buildRequest(c, target.fixture, cookie, now);
  const start = before ?? (await databaseFingerprint(target.db));
  if (built.wellFormedBody !== undefined) {
    return { status: 0, problems: [`the fuzzer generated a well-formed body (not sent): ${built.wellFormedBody}`], after: start };
  }
  const spec = routeSpecs.find((s) => s.route === c.route)!;
  const res = spec.stream ? await injectStream(target.app, built.options) : await target.app.inject(built.options);
  const problems = checkResponse(res, built.malformed, c.route.split(' ')[1]!.startsWith('/scim/'));
  const after = await databaseFingerprint(target.db);
  for (const table of new Set([...Object.keys(start), ...Object.keys(after)])) {
    if (JSON.stringify(start[table]) !== JSON.stringify(after[table])) {
      problems.push(`changed table ${table} (answered ${res.statusCode}: ${res.body.slice(0, 200)})`);
    }
  }
  return { status: res.statusCode, problems, after };
}

/** Sends a request to an event stream route: a stream that opens is closed at once, any other answer read whole. */
async function injectStream(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  let body = '';
  if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream')) {
    (res.raw.res as ServerResponse).destroy();
  } else {
    const chunks: Buffer[] = [];
    for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk as Buffer));
    body = Buffer.concat(chunks).toString('utf8');
  }
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) as unknown } as LightMyRequestResponse;
}

/** A short description of a case, for summaries. */
export function primaryLabel(c: FuzzCase): string {
  const p = c.primary;
  switch (p?.kind) {
    case undefined:
      return 'noise only';
    case 'field':
      return `field ${p.path.join('.')}`;
    case 'raw-body':
      return `body: ${p.body.label}`;
    case 'path-id':
      return 'bad path id';
    case 'query':
      return `query ${p.name}`;
    case 'method':
      return `method ${p.method}`;
    default:
      return p?.kind ?? 'none';
  }
}
