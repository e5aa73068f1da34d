import { z } from 'zod';
import { backupRequest } from './admin';
import { createTeamInput, team, teamBoard, teamBoardQuery, teamList, updateTeamInput } from './teams';
import { agentListQuery, agentPage, agentSummary, createAgentInput, updateAgentInput } from './agents';
import { agentTierData } from './agent-tier-data';
import { calculatorPercentage, calculatorPercentageInput, calculatorPercentageList, calculatorPercentagesQuery } from './calculator-percentages';
import { apiTokenList, createApiTokenInput, createdApiToken } from './api-tokens';
import { agentRegisterInput, agentSessionRefused, agentSessionResponse, appInfo, changeStaffPasswordInput, confirmPasswordInput, createManagerInput, loginInput, userAccount } from './auth';
import { ownerDashboard } from './dashboard';
import { errorBody } from './errors';
import { healthStatus, liveness } from './health';
import { deviceSessionList, endedSessions } from './sessions';
import { currentUser, enableTwoFactorInput, loginAnswer, twoFactorCodeInput, twoFactorEnabled, twoFactorSetup, updateMyAccountInput } from './two-factor';
import {
  agentDetail,
  agentEntriesPage,
  agentEntriesQuery,
  changeMyPasswordInput,
  leaderboardBoardPage,
  leaderboardQuery,
  myProfile,
  myRank,
  myRankQuery,
  tierDistribution,
  trend,
  trendQuery,
  updateMyProfileInput,
} from './insight';
import { eventTypes } from './events';
import { eventStreamQuery } from './event-stream-query';
import { markNotificationsReadInput, notificationListQuery, notificationPage, notificationPreferences, updateNotificationPreferencesInput } from './notifications';
import { auditActorList, auditExportQuery, auditListQuery, auditPage } from './audit';
import { agentImportQuery, agentImportReport, importQuery, importReport } from './imports';
import { completePasswordResetInput, createdResetLink, passwordResetRequested, requestPasswordResetInput } from './password-resets';
import {
  createdIncomeEntry,
  createIncomeEntryInput,
  incomeEntryExportQuery,
  incomeEntryListQuery,
  incomeEntryPage,
  voidedIncomeEntry,
  voidIncomeEntryInput,
} from './income-entries';
import {
  agentClaim,
  agentRewardData,
  claimCreated,
  claimTransitionInput,
  createRewardOptionInput,
  dashboardClaimInput,
  portalClaimInput,
  rewardClaim,
  rewardClaimListQuery,
  rewardOption,
} from './rewards';
import { createdInvitation, registrationResponse, signUpSettings, signUpSettingsInput } from './sign-up';
import { organisationSettings, updateOrganisationSettingsInput } from './settings';
import { pushPublicKey, pushSubscription, pushSubscriptionInput, pushUnsubscribeInput } from './push';
import { tierSetting, tierSettingList, updateTierSettingInput } from './tiers';
import { createdTvLink, createTvLinkInput, pairTvLinkInput, tvLink, tvLinkList, tvPairingRequest, tvPairingStatus, tvPairingStatusInput, tvSnapshot } from './tv-links';
import { activity, activityExportQuery, activityImportQuery, activityListQuery, activityPage, createActivityInput, createMetricInput, metric, metricList, updateMetricInput, voidActivityInput, voidedActivity } from './metrics';
import { createGoalBatchInput, createGoalInput, goal, goalList, goalListQuery, goalSuggestion, goalSuggestionQuery, teamSuggestions, teamSuggestionsQuery, updateGoalInput } from './goals';
import { agentBadgeList, badgeCredential, badgeRule, badgeRuleList, createBadgeRuleInput, jsonWebKeySet, updateBadgeRuleInput } from './badges';
import { contest, contestList, contestListQuery, contestPrizeList, contestStandings, contestStandingsQuery, createContestInput, prizeClaimInput, updateContestInput } from './contests';
import { ssoSettingsInput, ssoSettingsView, ssoStartQuery, ssoStatus } from './sso';
import { scimError, scimGroup, scimGroupInput, scimListQuery, scimListResponse, scimPatchInput, scimResourceQuery, scimResourceType, scimSchemaDocument, scimServiceProviderConfig, scimUser, scimUserInput } from './scim';
import { connector, connectorDeliveryPage, connectorDeliveryQuery, connectorList, createConnectorInput, createdConnector, inboundAccepted, mappedOwner, mapUnmatchedOwnerInput, unmatchedOwnerList, updateConnectorInput } from './connectors';
import { createdWebhook, createWebhookInput, updateWebhookInput, webhook, webhookDelivery, webhookDeliveryPage, webhookDeliveryQuery, webhookList } from './webhooks';

/**
 * Every API route with what it takes and answers, for the OpenAPI document (GET /api/openapi.json, built by
 * server/http/openapi.ts) and the test that checks the server's answers against it. A route the server registers
 * without an entry here fails that test.
 */
export type Credential = 'session' | 'agentSession' | 'bearer' | 'tvToken' | 'none';

export interface Answer {
  description: string;
  /** JSON schema of the answer; absent: no body (204, 302) or a body described by `contentType`. */
  schema?: z.ZodType;
  /** Other than application/json: text/csv, text/event-stream, application/gzip. */
  contentType?: string;
}

export interface RouteDoc {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As Fastify registers it: /api/agents/:id. */
  path: string;
  summary: string;
  tag: string;
  /** Who may call it, in words (the authorization matrix test pins it). */
  access: string;
  /** Credentials accepted; bearer with the scopes named. */
  credentials: Credential[];
  scopes?: string[];
  query?: z.ZodType;
  body?: z.ZodType;
  /** A body that is a file rather than JSON. */
  bodyContentType?: string;
  /** Request headers the route reads beyond credentials. */
  headers?: { name: string; description: string }[];
  /** The answers the route gives besides the errors every route may give (400, 401, 403, 404, 429, 500). */
  answers: Record<number, Answer>;
  /**
   * `scim`: a SCIM 2.0 route (RFC 7644, contract/scim.ts): its body is JSON labelled application/scim+json or
   * application/json, its answers application/scim+json, its errors SCIM's error shape (scimError), not the JSON one.
   */
  protocol?: 'scim';
}

const NO_BODY = (description: string): Answer => ({ description });
const json = (schema: z.ZodType, description: string): Answer => ({ schema, description });
const staff = ['session', 'bearer'] as Credential[];
const eventStream: Answer = {
  description: `A server-sent event stream: each message has id, event (one of ${eventTypes.join(', ')}) and data (JSON); a comment every 15 s keeps it open.`,
  contentType: 'text/event-stream',
};
const csv = (what: string): Answer => ({ description: `${what} as RFC 4180 CSV (UTF-8 with a byte order mark).`, contentType: 'text/csv' });
const idempotencyKey = {
  name: 'Idempotency-Key',
  description: 'Makes the write safe to retry: the same key within 24 hours answers the first answer again (with Idempotent-Replayed: true) and writes nothing; with another body it is 422.',
};

/** What every SCIM route shares: who calls it, with what, and its protocol. */
const scimRoute = { tag: 'SCIM', access: 'the company directory: an API token with the scim scope', credentials: ['bearer'] as Credential[], scopes: ['scim'], protocol: 'scim' as const };

export const apiRoutes: RouteDoc[] = [
  // Public
  { method: 'GET', path: '/api/tier-settings', summary: 'The 12 tiers with their thresholds and rewards', tag: 'Tiers', access: 'anyone', credentials: ['none'], answers: { 200: json(tierSettingList, 'The tiers, by order') } },
  { method: 'GET', path: '/api/health', summary: 'Whether this instance can serve (its database answers)', tag: 'App', access: 'anyone', credentials: ['none'], answers: { 200: json(healthStatus, 'Ready'), 503: json(healthStatus, 'Not ready: the database does not answer (with Retry-After)') } },
  { method: 'GET', path: '/api/health/ready', summary: 'The same as /api/health', tag: 'App', access: 'anyone', credentials: ['none'], answers: { 200: json(healthStatus, 'Ready'), 503: json(healthStatus, 'Not ready: the database does not answer (with Retry-After)') } },
  { method: 'GET', path: '/api/health/live', summary: 'Whether the process answers (reads no database)', tag: 'App', access: 'anyone', credentials: ['none'], answers: { 200: json(liveness, 'Live') } },
  { method: 'GET', path: '/api/app-info', summary: 'What the screens need before sign-in', tag: 'App', access: 'anyone', credentials: ['none'], answers: { 200: json(appInfo, 'Demo mode and who may register') } },
  { method: 'GET', path: '/api/openapi.json', summary: 'This document', tag: 'App', access: 'anyone', credentials: ['none'], answers: { 200: { description: 'The OpenAPI 3.1 document' } } },
  { method: 'GET', path: '/api/docs', summary: 'This document as a readable page', tag: 'App', access: 'anyone', credentials: ['none'], answers: { 200: { description: 'An HTML page', contentType: 'text/html' } } },
  // Agents' identity
  { method: 'POST', path: '/api/password-resets', summary: 'Ask for a password link by email', tag: 'Agent sign-in', access: 'anyone (counted like a sign-in)', credentials: ['none'], body: requestPasswordResetInput, answers: { 202: json(passwordResetRequested, 'The same answer whether or not an account uses the email; each that does is emailed a link valid for 30 minutes') } },
  { method: 'POST', path: '/api/password-resets/complete', summary: 'Set a password with a one-time link', tag: 'Agent sign-in', access: 'whoever holds the link', credentials: ['none'], body: completePasswordResetInput, answers: { 204: NO_BODY('Set; every session of the account has ended') } },
  { method: 'POST', path: '/api/agents/register', summary: 'Register as an agent', tag: 'Agent sign-in', access: 'anyone', credentials: ['none'], body: agentRegisterInput, answers: { 202: json(registrationResponse, 'Received (the same answer whether or not the email had an account)') } },
  { method: 'POST', path: '/api/agents/login', summary: 'Sign in as an agent (sets agent_sid)', tag: 'Agent sign-in', access: 'anyone', credentials: ['none'], body: loginInput, answers: { 200: json(agentSessionResponse, 'Signed in') } },
  { method: 'POST', path: '/api/agents/logout', summary: 'Sign the agent out', tag: 'Agent sign-in', access: 'anyone', credentials: ['agentSession', 'none'], answers: { 204: NO_BODY('Signed out') } },
  { method: 'GET', path: '/api/agents/session', summary: 'The signed-in agent', tag: 'Agent sign-in', access: 'a signed-in agent', credentials: ['agentSession'], answers: { 200: json(agentSessionResponse, 'The agent'), 401: json(agentSessionRefused, 'No agent session: the error shape with authenticated: false') } },
  // Owners' and managers' identity
  { method: 'GET', path: '/api/login', summary: 'Redirects to the sign-in page', tag: 'Sign-in', access: 'anyone', credentials: ['none'], answers: { 302: NO_BODY('To /login') } },
  { method: 'POST', path: '/api/auth/login', summary: 'Sign in as an owner or manager (sets sid)', tag: 'Sign-in', access: 'anyone', credentials: ['none'], body: loginInput, answers: { 200: json(loginAnswer, 'Signed in (the user); or, with two-factor sign-in on, {twoFactorRequired: true}, no session yet and a challenge cookie for POST /api/auth/login/2fa') } },
  { method: 'POST', path: '/api/auth/login/2fa', summary: 'Complete a sign-in with a code of the authenticator app or a recovery code (sets sid)', tag: 'Sign-in', access: 'whoever holds a sign-in challenge (5 minutes, 5 wrong codes)', credentials: ['none'], body: twoFactorCodeInput, answers: { 200: json(currentUser, 'Signed in') } },
  { method: 'GET', path: '/api/auth/user', summary: 'The signed-in owner or manager', tag: 'Sign-in', access: 'an owner or manager', credentials: ['session'], answers: { 200: json(currentUser, 'The user, whether two-factor sign-in is on, and whether it must be set up first') } },
  { method: 'PATCH', path: '/api/auth/user', summary: 'Choose the language of one’s screens and emails', tag: 'Sign-in', access: 'an owner or manager, for themselves', credentials: ['session'], body: updateMyAccountInput, answers: { 200: json(currentUser, 'The user as changed') } },
  { method: 'POST', path: '/api/auth/2fa/setup', summary: 'Begin setting up two-factor sign-in: a new secret, not yet in force', tag: 'Sign-in', access: 'an owner or manager (password entered in the last 10 minutes)', credentials: ['session'], answers: { 200: json(twoFactorSetup, 'The secret and its otpauth URI'), 409: json(errorBody, 'Two-factor sign-in is already on') } },
  { method: 'POST', path: '/api/auth/2fa/enable', summary: 'Turn two-factor sign-in on with a code of the secret set up', tag: 'Sign-in', access: 'an owner or manager', credentials: ['session'], body: enableTwoFactorInput, answers: { 200: json(twoFactorEnabled, 'On; the ten recovery codes, shown this once'), 409: json(errorBody, 'Already on, or not set up') } },
  { method: 'DELETE', path: '/api/auth/2fa', summary: 'Turn two-factor sign-in off with a code or a recovery code', tag: 'Sign-in', access: 'an owner or manager (password entered in the last 10 minutes)', credentials: ['session'], body: twoFactorCodeInput, answers: { 204: NO_BODY('Off; the secret and recovery codes are erased'), 409: json(errorBody, 'It is not on') } },
  { method: 'POST', path: '/api/auth/password', summary: 'Change one’s password (other sessions end)', tag: 'Sign-in', access: 'an owner or manager', credentials: ['session'], body: changeStaffPasswordInput, answers: { 204: NO_BODY('Changed; the other sessions of the account have ended') } },
  { method: 'GET', path: '/api/sessions', summary: 'One’s signed-in devices', tag: 'Sign-in', access: 'anyone signed in, for themselves', credentials: ['session', 'agentSession'], answers: { 200: json(deviceSessionList, 'Most recently used first') } },
  { method: 'DELETE', path: '/api/sessions/:id', summary: 'Sign one of one’s devices out', tag: 'Sign-in', access: 'anyone signed in, for themselves', credentials: ['session', 'agentSession'], answers: { 204: NO_BODY('Signed out') } },
  { method: 'DELETE', path: '/api/sessions', summary: 'Sign out every other device', tag: 'Sign-in', access: 'anyone signed in, for themselves', credentials: ['session', 'agentSession'], answers: { 200: json(endedSessions, 'How many sessions ended') } },
  { method: 'POST', path: '/api/auth/confirm-password', summary: 'Enter the password again before a sensitive action', tag: 'Sign-in', access: 'an owner or manager', credentials: ['session'], body: confirmPasswordInput, answers: { 204: NO_BODY('Confirmed for ten minutes') } },
  { method: 'GET', path: '/api/logout', summary: 'Sign out and go to the landing page', tag: 'Sign-in', access: 'anyone', credentials: ['session', 'none'], answers: { 302: NO_BODY('To /') } },
  { method: 'GET', path: '/api/sso', summary: 'Whether the sign-in pages offer company sign-in, and its label', tag: 'Sign-in', access: 'anyone', credentials: ['none'], answers: { 200: json(ssoStatus, 'Enabled, the company name on the button, and whether passwords are off for all but the owner') } },
  { method: 'GET', path: '/api/sso/start', summary: 'Start a company sign-in (OpenID Connect): to the provider', tag: 'Sign-in', access: 'anyone (counted like a sign-in)', credentials: ['none'], query: ssoStartQuery, answers: { 302: NO_BODY('To the provider with PKCE, state and nonce (sets the sso_state cookie); or back to the sign-in page with ?ssoError=<code> when the provider does not answer or company sign-in is off') } },
  { method: 'GET', path: '/api/sso/callback', summary: 'Where the provider sends the browser back', tag: 'Sign-in', access: 'the browser that started the sign-in', credentials: ['none'], answers: { 302: NO_BODY('Signed in (sets sid or agent_sid) and on to returnTo; or to the sign-in page with ?ssoError=<code>') } },
  // Agents, for themselves
  { method: 'GET', path: '/api/agents/me', summary: "The signed-in agent's profile", tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], answers: { 200: json(myProfile, 'The profile') } },
  { method: 'PATCH', path: '/api/agents/me', summary: 'Change one’s name, position or whether one is shown on public boards', tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], body: updateMyProfileInput, answers: { 200: json(myProfile, 'The profile as changed') } },
  { method: 'POST', path: '/api/agents/me/password', summary: 'Change one’s password (other sessions end)', tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], body: changeMyPasswordInput, answers: { 204: NO_BODY('Changed; the agent’s other sessions have ended') } },
  { method: 'GET', path: '/api/agents/me/rank', summary: "The signed-in agent's rank this period, with its neighbours", tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], query: myRankQuery, answers: { 200: json(myRank, 'The rank') } },
  { method: 'GET', path: '/api/agents/me/history', summary: "The signed-in agent's income by week or month", tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], query: trendQuery, answers: { 200: json(trend, 'Oldest period first') } },
  { method: 'GET', path: '/api/agents/me/entries', summary: "The signed-in agent's income entries, newest first", tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], query: agentEntriesQuery, answers: { 200: json(agentEntriesPage, 'The page') } },
  { method: 'GET', path: '/api/agents/me/claims', summary: "The signed-in agent's reward claims and where each stands", tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], answers: { 200: json(z.array(agentClaim), 'The claims with their histories, newest first') } },
  { method: 'GET', path: '/api/agent-tier-data', summary: "The signed-in agent's total, tiers and claims", tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], answers: { 200: json(agentTierData, 'The agent’s standing') } },
  { method: 'POST', path: '/api/agents/claim-reward', summary: 'Claim the reward of a reached tier', tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], body: portalClaimInput, answers: { 201: json(claimCreated, 'Claimed') } },
  { method: 'POST', path: '/api/rewards/claim', summary: 'Claim a reward with contact details', tag: 'Agent', access: 'an agent, for itself', credentials: ['agentSession'], body: dashboardClaimInput, answers: { 201: json(claimCreated, 'Claimed') } },
  { method: 'GET', path: '/api/rewards/agent/:id', summary: "An agent's tiers, rewards and claims", tag: 'Rewards', access: 'the agent itself, owners, managers, read tokens', credentials: ['agentSession', 'session', 'bearer'], scopes: ['read'], answers: { 200: json(agentRewardData, 'The agent’s rewards') } },
  { method: 'GET', path: '/api/rewards/tier/:id', summary: "A tier's reward options", tag: 'Rewards', access: 'anyone signed in, read tokens', credentials: ['agentSession', 'session', 'bearer'], scopes: ['read'], answers: { 200: json(z.array(rewardOption), 'The options (agents see active ones only)') } },
  { method: 'GET', path: '/api/events', summary: 'Live updates', tag: 'Live', access: 'anyone signed in (what each may see)', credentials: ['session', 'agentSession'], query: eventStreamQuery, headers: [{ name: 'Last-Event-ID', description: 'Replays the events after this id (kept at least 24 hours).' }], answers: { 200: eventStream } },
  // Owners and managers
  { method: 'GET', path: '/api/owner/dashboard', summary: 'Overview, period totals, recent entries, the leaderboard’s first page', tag: 'Dashboard', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], answers: { 200: json(ownerDashboard, 'The dashboard') } },
  { method: 'GET', path: '/api/owner/leaderboard', summary: 'A page of the leaderboard of a period (this month by default), with movement', tag: 'Dashboard', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], query: leaderboardQuery, answers: { 200: json(leaderboardBoardPage, 'The page') } },
  { method: 'GET', path: '/api/owner/trends', summary: 'The team’s income by week or month, the last periods', tag: 'Dashboard', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], query: trendQuery, answers: { 200: json(trend, 'Oldest period first') } },
  { method: 'GET', path: '/api/owner/tier-distribution', summary: 'How many agents sit at each tier', tag: 'Dashboard', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], answers: { 200: json(tierDistribution, 'Every tier, by order') } },
  { method: 'GET', path: '/api/agents/:id', summary: 'An agent’s figures, tiers reached and claims', tag: 'Agents', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], answers: { 200: json(agentDetail, 'The agent') } },
  { method: 'GET', path: '/api/agents/:id/history', summary: 'An agent’s income by week or month, the last periods', tag: 'Agents', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], query: trendQuery, answers: { 200: json(trend, 'Oldest period first') } },
  { method: 'GET', path: '/api/agents', summary: 'A page of agents, searched', tag: 'Agents', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], query: agentListQuery, answers: { 200: json(agentPage, 'The page') } },
  { method: 'GET', path: '/api/income-entries', summary: 'A page of income entries, newest first', tag: 'Income entries', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], query: incomeEntryListQuery, answers: { 200: json(incomeEntryPage, 'The page') } },
  { method: 'GET', path: '/api/exports/income-entries.csv', summary: 'Export income entries', tag: 'Exports', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], query: incomeEntryExportQuery, answers: { 200: csv('Every entry of the filter, oldest first') } },
  { method: 'GET', path: '/api/exports/agents.csv', summary: 'Export agents with their totals', tag: 'Exports', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], answers: { 200: csv('Every agent') } },
  // Owner only (and tokens with a write scope)
  { method: 'GET', path: '/api/notifications', summary: 'The caller’s notifications, newest first, with the unread count', tag: 'Notifications', access: 'agents, owners, managers', credentials: ['session'], query: notificationListQuery, answers: { 200: json(notificationPage, 'The page') } },
  { method: 'POST', path: '/api/notifications/read', summary: 'Mark notifications read (some, or all)', tag: 'Notifications', access: 'agents, owners, managers', credentials: ['session'], body: markNotificationsReadInput, answers: { 200: json(z.object({ marked: z.number() }), 'How many were unread and are now read') } },
  { method: 'GET', path: '/api/notifications/unsubscribe/:token', summary: 'The page of an email’s unsubscribe link (asks first)', tag: 'Notifications', access: 'anyone with the link', credentials: ['none'], answers: { 200: { description: 'An HTML page with the button that confirms', contentType: 'text/html' }, 400: json(errorBody, 'The link is not valid') } },
  { method: 'POST', path: '/api/notifications/unsubscribe/:token', summary: 'One-click unsubscribe (RFC 8058): stops one kind of email for one person', tag: 'Notifications', access: 'anyone with the link', credentials: ['none'], answers: { 200: { description: 'An HTML page: unsubscribed', contentType: 'text/html' }, 400: json(errorBody, 'The link is not valid') } },
  { method: 'GET', path: '/api/notification-preferences', summary: 'The caller’s choices per kind of notification', tag: 'Notifications', access: 'agents, owners, managers', credentials: ['session'], answers: { 200: json(notificationPreferences, 'One entry per kind the caller can receive') } },
  { method: 'PUT', path: '/api/notification-preferences', summary: 'Choose which notifications to receive: in the app, by email and pushed to the caller’s devices', tag: 'Notifications', access: 'agents, owners, managers', credentials: ['session'], body: updateNotificationPreferencesInput, answers: { 200: json(notificationPreferences, 'The choices now') } },
  { method: 'GET', path: '/api/push-subscriptions/key', summary: 'The app’s VAPID public key (RFC 8292): the applicationServerKey a browser subscribes with', tag: 'Notifications', access: 'agents, owners, managers', credentials: ['session'], answers: { 200: json(pushPublicKey, 'The key, base64url (an uncompressed P-256 point)') } },
  { method: 'POST', path: '/api/push-subscriptions', summary: 'Receive push notifications on this device: the browser’s PushSubscription (RFC 8030/8291)', tag: 'Notifications', access: 'agents, owners, managers (their own devices)', credentials: ['session'], body: pushSubscriptionInput, answers: { 201: json(pushSubscription, 'The device is the caller’s and receives pushes') } },
  { method: 'DELETE', path: '/api/push-subscriptions', summary: 'Stop push notifications on a device of the caller’s, by its endpoint', tag: 'Notifications', access: 'agents, owners, managers (their own devices)', credentials: ['session'], body: pushUnsubscribeInput, answers: { 204: NO_BODY('Removed'), 404: json(errorBody, 'The caller has no device with this endpoint') } },
  { method: 'GET', path: '/api/audit', summary: 'A page of the audit trail, newest first', tag: 'Audit', access: 'owner', credentials: ['session'], query: auditListQuery, answers: { 200: json(auditPage, 'The page') } },
  { method: 'GET', path: '/api/audit/actors', summary: 'Everyone who appears in the audit trail', tag: 'Audit', access: 'owner', credentials: ['session'], answers: { 200: json(auditActorList, 'People, tokens, agents and the system') } },
  { method: 'GET', path: '/api/exports/audit.csv', summary: 'Export the audit trail with its hashes', tag: 'Exports', access: 'owner', credentials: ['session'], query: auditExportQuery, answers: { 200: csv('Every row of the filter, oldest first') } },
  { method: 'GET', path: '/api/exports/reward-claims.csv', summary: 'Export reward claims with contact details', tag: 'Exports', access: 'owner', credentials: ['session'], answers: { 200: csv('Every claim') } },
  { method: 'GET', path: '/api/owner/reward-claims', summary: 'The reward claims with contact details and histories', tag: 'Reward claims', access: 'owner; managers of the agent’s team when the owner lets managers record', credentials: ['session'], query: rewardClaimListQuery, answers: { 200: json(z.array(rewardClaim), 'The claims, newest first') } },
  { method: 'PATCH', path: '/api/reward-claims/:id/process', summary: 'Mark a claim filled (pending to processed)', tag: 'Reward claims', access: 'owner; managers of the agent’s team when the owner lets managers record', credentials: ['session'], answers: { 200: json(rewardClaim, 'The claim'), 409: json(errorBody, 'The claim is not pending') } },
  { method: 'PATCH', path: '/api/reward-claims/:id', summary: 'Move a claim to another status (processed, shipped, delivered, rejected)', tag: 'Reward claims', access: 'owner; managers of the agent’s team when the owner lets managers record', credentials: ['session'], body: claimTransitionInput, answers: { 200: json(rewardClaim, 'The claim'), 409: json(errorBody, 'Its status cannot become that one (the message says why)') } },
  { method: 'POST', path: '/api/agents', summary: 'Add an agent', tag: 'Agents', access: 'owner, agents:write tokens', credentials: ['session', 'bearer'], scopes: ['agents:write'], body: createAgentInput, answers: { 201: json(agentSummary, 'The agent') } },
  { method: 'PATCH', path: '/api/agents/:id', summary: 'Make an agent inactive or active again, or change its name, email, position or team', tag: 'Agents', access: 'owner', credentials: ['session'], body: updateAgentInput, answers: { 200: json(agentDetail.shape.agent, 'The agent as it is now (unchanged when it already was so)') } },
  { method: 'DELETE', path: '/api/agents/:id', summary: 'Delete an agent and its history', tag: 'Agents', access: 'owner (password entered in the last 10 minutes)', credentials: ['session'], answers: { 204: NO_BODY('Deleted') } },
  { method: 'POST', path: '/api/agents/:id/approve', summary: 'Approve a registration', tag: 'Agents', access: 'owner', credentials: ['session'], answers: { 204: NO_BODY('Approved') } },
  { method: 'POST', path: '/api/income-entries', summary: 'Record an income entry', tag: 'Income entries', access: 'owner, entries:write tokens; managers of the agent’s team when the owner lets managers record', credentials: ['session', 'bearer'], scopes: ['entries:write'], body: createIncomeEntryInput, headers: [idempotencyKey], answers: { 201: json(createdIncomeEntry, 'Recorded (Idempotent-Replayed: true when answered again for a key)'), 409: json(errorBody, 'An entry with this externalId exists (the message names it)'), 422: json(errorBody, 'The Idempotency-Key was used with another request') } },
  { method: 'POST', path: '/api/income-entries/:id/void', summary: 'Void an income entry (writes a reversal)', tag: 'Income entries', access: 'owner, entries:write tokens; managers of the agent’s team when the owner lets managers record', credentials: ['session', 'bearer'], scopes: ['entries:write'], body: voidIncomeEntryInput, answers: { 200: json(voidedIncomeEntry, 'Voided: the entry, its reversal and the tiers the agent no longer reaches'), 409: json(errorBody, 'A reversal, an entry already voided, or a tier whose reward is claimed would be taken back (the message says which)') } },
  // Metrics and activities (docs/decisions/0072-metrics-and-activities.md)
  { method: 'GET', path: '/api/metrics', summary: 'The metrics: profit, then those the owner made', tag: 'Metrics', access: 'anyone signed in, read tokens', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], answers: { 200: json(metricList, 'Profit first, then the others in the order they were made') } },
  { method: 'POST', path: '/api/metrics', summary: 'Make a metric (at most 20 besides profit)', tag: 'Metrics', access: 'owner', credentials: ['session'], body: createMetricInput, answers: { 201: json(metric, 'The metric'), 409: json(errorBody, 'The key is taken, or there are 20 metrics already') } },
  { method: 'PATCH', path: '/api/metrics/:key', summary: 'Rename a metric, let agents record it, or make it inactive', tag: 'Metrics', access: 'owner', credentials: ['session'], body: updateMetricInput, answers: { 200: json(metric, 'The metric as changed'), 409: json(errorBody, 'Profit is built in') } },
  { method: 'POST', path: '/api/activities', summary: 'Record an activity on a metric', tag: 'Metrics', access: 'owners and managers (their teams’ agents), activities:write tokens, an agent for itself on a metric that allows it', credentials: ['session', 'agentSession', 'bearer'], scopes: ['activities:write'], body: createActivityInput, headers: [idempotencyKey], answers: { 201: json(activity, 'Recorded (Idempotent-Replayed: true when answered again for a key)'), 409: json(errorBody, 'An activity of the metric with this externalId exists, or the metric is inactive'), 422: json(errorBody, 'The Idempotency-Key was used with another request') } },
  { method: 'GET', path: '/api/activities', summary: 'A page of activities, newest first', tag: 'Metrics', access: 'owners and managers (their teams’ agents), read tokens, an agent (its own)', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], query: activityListQuery, answers: { 200: json(activityPage, 'The page') } },
  { method: 'GET', path: '/api/exports/activities.csv', summary: 'Export activities', tag: 'Exports', access: 'owners, managers (their teams’ agents), read tokens', credentials: staff, scopes: ['read'], query: activityExportQuery, answers: { 200: csv('Every activity of the filter, oldest first') } },
  { method: 'POST', path: '/api/imports/activities', summary: 'Import activities of one metric from a CSV file', tag: 'Imports', access: 'owner, activities:write tokens', credentials: ['session', 'bearer'], scopes: ['activities:write'], query: activityImportQuery, bodyContentType: 'text/csv', answers: { 200: json(importReport, 'The dry run’s report (dryRun=1)'), 201: json(importReport, 'Imported'), 409: json(errorBody, 'The metric is inactive'), 413: json(errorBody, 'The file is larger than 20 MB'), 415: json(errorBody, 'The body is not text/csv'), 422: json(importReport.extend({ message: z.string(), code: z.literal('IMPORT_REJECTED') }), 'Rows have errors: nothing was imported') } },
  { method: 'POST', path: '/api/activities/:id/void', summary: 'Void an activity (writes a reversal)', tag: 'Metrics', access: 'owners and managers (their teams’ agents), activities:write tokens', credentials: ['session', 'bearer'], scopes: ['activities:write'], body: voidActivityInput, answers: { 200: json(voidedActivity, 'Voided: the activity and its reversal'), 409: json(errorBody, 'A reversal, or an activity already voided') } },
  { method: 'GET', path: '/api/goals', summary: 'Goals in force on a day, with progress and pace', tag: 'Goals', access: 'owners and managers (their teams), read tokens, an agent (its own and its team’s)', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], query: goalListQuery, answers: { 200: json(goalList, 'Team goals first, then agents’ by name') } },
  { method: 'GET', path: '/api/goals/suggestion', summary: 'A suggested target: the 80th percentile of the last 12 complete periods', tag: 'Goals', access: 'owners and managers (their teams), read tokens, an agent (its own and its team’s)', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], query: goalSuggestionQuery, answers: { 200: json(goalSuggestion, 'The suggestion (target null: no complete period yet)') } },
  { method: 'GET', path: '/api/goals/suggestions', summary: 'Suggested targets for every active agent of a team', tag: 'Goals', access: 'owners and managers (their teams)', credentials: ['session'], query: teamSuggestionsQuery, answers: { 200: json(teamSuggestions, 'One per agent, by name') } },
  { method: 'POST', path: '/api/goals', summary: 'Set a goal for an agent or a team', tag: 'Goals', access: 'owners, managers (their teams)', credentials: ['session'], body: createGoalInput, answers: { 201: json(goal, 'The goal with its progress'), 409: json(errorBody, 'The holder has a goal of this metric and period in force then, the metric is inactive, or the agent is not active') } },
  { method: 'POST', path: '/api/goals/batch', summary: 'Set goals of one metric and period for several agents at once', tag: 'Goals', access: 'owners, managers (their teams)', credentials: ['session'], body: createGoalBatchInput, answers: { 201: json(goalList, 'The goals with their progress'), 409: json(errorBody, 'An agent has a goal of this metric and period in force then: none was set') } },
  { method: 'PATCH', path: '/api/goals/:id', summary: 'Change a goal’s target or whether it renews', tag: 'Goals', access: 'owners, managers (their teams)', credentials: ['session'], body: updateGoalInput, answers: { 200: json(goal, 'The goal as changed'), 409: json(errorBody, 'Made recurring, it would overlap another goal') } },
  { method: 'DELETE', path: '/api/goals/:id', summary: 'Remove a goal', tag: 'Goals', access: 'owners, managers (their teams)', credentials: ['session'], answers: { 204: NO_BODY('Removed') } },
  { method: 'GET', path: '/api/contests', summary: 'Contests, the latest window first, with their state', tag: 'Contests', access: 'owners and managers (contests with their teams’ agents), read tokens, an agent (published contests it takes part in)', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], query: contestListQuery, answers: { 200: json(contestList, 'The contests the caller sees') } },
  { method: 'GET', path: '/api/contests/:id', summary: 'One contest', tag: 'Contests', access: 'as the list', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], answers: { 200: json(contest, 'The contest') } },
  { method: 'GET', path: '/api/contests/:id/standings', summary: 'Who leads a contest: ranks shared by equal figures, the gap to the place above, a race’s percent of its target; a page of it, and the reader’s own place', tag: 'Contests', access: 'as the list', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], query: contestStandingsQuery, answers: { 200: json(contestStandings, 'The page of the standings, first place first') } },
  { method: 'POST', path: '/api/contests', summary: 'Make a contest (a draft, or published: scheduled or running from today)', tag: 'Contests', access: 'owners, managers (their teams’ agents)', credentials: ['session'], body: createContestInput, answers: { 201: json(contest, 'The contest'), 409: json(errorBody, 'The metric is inactive') } },
  { method: 'PATCH', path: '/api/contests/:id', summary: 'Change a contest as its state allows, or publish a draft (draft: false)', tag: 'Contests', access: 'owners, managers (their teams’ agents)', credentials: ['session'], body: updateContestInput, answers: { 200: json(contest, 'The contest as changed'), 409: json(errorBody, 'The contest’s state does not allow this change, or the metric is inactive') } },
  { method: 'POST', path: '/api/contests/:id/cancel', summary: 'Cancel a contest before it is final (kept, with its standings)', tag: 'Contests', access: 'owners, managers (their teams’ agents)', credentials: ['session'], answers: { 200: json(contest, 'The contest, cancelled'), 409: json(errorBody, 'Final or cancelled already') } },
  { method: 'GET', path: '/api/badges', summary: 'The badges agents can earn: the rules the owner switched on (staff: every rule, with how many hold it)', tag: 'Badges', access: 'anyone signed in, read tokens', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], answers: { 200: json(badgeRuleList, 'The rules, oldest first') } },
  { method: 'POST', path: '/api/badges', summary: 'Make a badge: a rule of a kind with its settings, switched on unless active is false', tag: 'Badges', access: 'owner', credentials: ['session'], body: createBadgeRuleInput, answers: { 201: json(badgeRule, 'The rule'), 409: json(errorBody, 'As many rules as allowed exist') } },
  { method: 'PATCH', path: '/api/badges/:id', summary: 'Rename a badge, change its description, switch it on or off (badges awarded stay)', tag: 'Badges', access: 'owner', credentials: ['session'], body: updateBadgeRuleInput, answers: { 200: json(badgeRule, 'The rule') } },
  { method: 'GET', path: '/api/agents/:id/badges', summary: 'The badges an agent holds', tag: 'Badges', access: 'the agent itself, owners, managers (their teams’ agents), read tokens', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], answers: { 200: json(agentBadgeList, 'Newest first') } },
  { method: 'GET', path: '/api/agents/me/badges', summary: 'The badges the signed-in agent holds', tag: 'Badges', access: 'an agent, for itself', credentials: ['agentSession'], answers: { 200: json(agentBadgeList, 'Newest first') } },
  { method: 'GET', path: '/api/agents/me/badges/:id/credential', summary: 'A badge as an Open Badges 3.0 credential (a VC-JWT signed with the organisation’s key): it verifies offline against /.well-known/jwks.json', tag: 'Badges', access: 'an agent, for its own badges', credentials: ['agentSession'], answers: { 200: json(badgeCredential, 'The signed credential and what it says') } },
  { method: 'GET', path: '/.well-known/jwks.json', summary: 'The public keys that sign badge credentials (a JSON Web Key Set)', tag: 'Badges', access: 'anyone', credentials: ['none'], answers: { 200: json(jsonWebKeySet, 'The key set') } },
  { method: 'GET', path: '/api/agents/me/prizes', summary: 'The prizes contests awarded the signed-in agent, and the claim of each that is a reward', tag: 'Contests', access: 'an agent, for itself', credentials: ['agentSession'], answers: { 200: json(contestPrizeList, 'The prizes, newest first') } },
  { method: 'POST', path: '/api/agents/me/prizes/:id/claim', summary: 'Claim a prize that is a reward: it becomes a reward claim, processed like a tier’s', tag: 'Contests', access: 'an agent, for its own prizes', credentials: ['agentSession'], body: prizeClaimInput, answers: { 201: json(claimCreated, 'Claimed'), 409: json(errorBody, 'Claimed already, or a prize given in person') } },
  { method: 'DELETE', path: '/api/contests/:id', summary: 'Delete a draft contest', tag: 'Contests', access: 'owners, managers (their teams’ agents)', credentials: ['session'], answers: { 204: NO_BODY('Deleted'), 409: json(errorBody, 'Not a draft: cancel it instead') } },
  { method: 'POST', path: '/api/imports/income-entries', summary: 'Import income entries from a CSV file', tag: 'Imports', access: 'owner, entries:write tokens', credentials: ['session', 'bearer'], scopes: ['entries:write'], query: importQuery, bodyContentType: 'text/csv', answers: { 200: json(importReport, 'The dry run’s report (dryRun=1)'), 201: json(importReport, 'Imported'), 413: json(errorBody, 'The file is larger than 20 MB'), 415: json(errorBody, 'The body is not text/csv'), 422: json(importReport.extend({ message: z.string(), code: z.literal('IMPORT_REJECTED') }), 'Rows have errors: nothing was imported') } },
  { method: 'POST', path: '/api/imports/agents', summary: 'Import agents from a CSV file', tag: 'Imports', access: 'owner, agents:write tokens', credentials: ['session', 'bearer'], scopes: ['agents:write'], query: agentImportQuery, bodyContentType: 'text/csv', answers: { 200: json(agentImportReport, 'The dry run’s report (dryRun=1)'), 201: json(agentImportReport, 'Imported, with a one-time link for each agent without a password (shown once)'), 409: json(errorBody, 'An account with one of the emails was made meanwhile'), 413: json(errorBody, 'The file is larger than 20 MB'), 415: json(errorBody, 'The body is not text/csv'), 422: json(agentImportReport.extend({ message: z.string(), code: z.literal('IMPORT_REJECTED') }), 'Rows have errors: nothing was imported') } },
  { method: 'PATCH', path: '/api/tier-settings/:id', summary: 'Change a tier’s threshold or rewards', tag: 'Tiers', access: 'owner', credentials: ['session'], body: updateTierSettingInput, answers: { 200: json(tierSetting, 'The tier') } },
  { method: 'GET', path: '/api/owner/calculator-percentages', summary: 'The Profit Calculator’s saved percentage of each agent named', tag: 'Profit calculator', access: 'owner', credentials: ['session'], query: calculatorPercentagesQuery, answers: { 200: json(calculatorPercentageList, 'The agents named that have one, by id (the others start at 0)') } },
  { method: 'PUT', path: '/api/owner/calculator-percentages/:id', summary: 'Save the percentage the Profit Calculator uses for an agent', tag: 'Profit calculator', access: 'owner', credentials: ['session'], body: calculatorPercentageInput, answers: { 200: json(calculatorPercentage, 'As saved (unchanged and not audited when it already was so)') } },
  { method: 'POST', path: '/api/rewards', summary: 'Add a reward option to a tier', tag: 'Rewards', access: 'owner', credentials: ['session'], body: createRewardOptionInput, answers: { 201: json(rewardOption, 'The option') } },
  { method: 'DELETE', path: '/api/rewards/:id', summary: 'Delete a reward option', tag: 'Rewards', access: 'owner', credentials: ['session'], answers: { 204: NO_BODY('Deleted') } },
  { method: 'GET', path: '/api/users', summary: 'Owner and manager accounts', tag: 'Team', access: 'owner', credentials: ['session'], answers: { 200: json(z.array(userAccount), 'The accounts') } },
  { method: 'POST', path: '/api/users', summary: 'Add a manager', tag: 'Team', access: 'owner', credentials: ['session'], body: createManagerInput, answers: { 201: json(userAccount, 'The account') } },
  { method: 'DELETE', path: '/api/users/:id', summary: 'Delete a manager', tag: 'Team', access: 'owner (password entered in the last 10 minutes)', credentials: ['session'], answers: { 204: NO_BODY('Deleted') } },
  { method: 'DELETE', path: '/api/users/:id/2fa', summary: 'Turn off the two-factor sign-in of a manager or another owner who lost it', tag: 'Team', access: 'owner (password entered in the last 10 minutes), not for themselves', credentials: ['session'], answers: { 204: NO_BODY('Off: they sign in with their password and may set it up again') } },
  { method: 'POST', path: '/api/users/:id/reset-link', summary: 'Make a one-time password link for a manager or another owner', tag: 'Team', access: 'owner (password entered in the last 10 minutes), not for themselves', credentials: ['session'], answers: { 201: json(createdResetLink, 'The link (shown once, valid for 24 hours); the account’s earlier unused links stop working') } },
  { method: 'POST', path: '/api/agents/:id/reset-link', summary: 'Make a one-time password link for an agent', tag: 'Agents', access: 'owner (password entered in the last 10 minutes)', credentials: ['session'], answers: { 201: json(createdResetLink, 'The link (shown once, valid for 24 hours); the agent’s earlier unused links stop working') } },
  { method: 'GET', path: '/api/owner/sign-up', summary: 'Who may register, and open invitations', tag: 'Sign-up', access: 'owner', credentials: ['session'], answers: { 200: json(signUpSettings, 'The settings') } },
  { method: 'GET', path: '/api/settings', summary: 'The organisation’s name, currency, locale, managers’ second factor and working calendar', tag: 'Settings', access: 'anyone signed in, read tokens', credentials: ['session', 'agentSession', 'bearer'], scopes: ['read'], answers: { 200: json(organisationSettings, 'The settings (the defaults until the owner saves some)') } },
  { method: 'PATCH', path: '/api/settings', summary: 'Change the organisation’s name, currency, locale, managers’ second factor or working calendar (working days, holidays, working hours)', tag: 'Settings', access: 'owner (switching the managers’ second factor: password entered in the last 10 minutes)', credentials: ['session'], body: updateOrganisationSettingsInput, answers: { 200: json(organisationSettings, 'The settings as saved') } },
  { method: 'GET', path: '/api/owner/sso', summary: 'Company sign-in settings', tag: 'Settings', access: 'owner', credentials: ['session'], answers: { 200: json(ssoSettingsView, 'The settings without the client secret, and the redirect URL to register at the provider') } },
  { method: 'PUT', path: '/api/owner/sso', summary: 'Set up or change company sign-in (OpenID Connect)', tag: 'Settings', access: 'owner (password entered in the last 10 minutes; requiring it: the owner\'s two-factor sign-in on)', credentials: ['session'], body: ssoSettingsInput, answers: { 200: json(ssoSettingsView, 'Saved, after the issuer\'s discovery document was read') } },
  { method: 'DELETE', path: '/api/owner/sso', summary: 'Turn company sign-in off', tag: 'Settings', access: 'owner (password entered in the last 10 minutes)', credentials: ['session'], answers: { 204: NO_BODY('Off: passwords work for everyone again') } },
  { method: 'PUT', path: '/api/owner/sign-up', summary: 'Choose who may register', tag: 'Sign-up', access: 'owner (password entered in the last 10 minutes)', credentials: ['session'], body: signUpSettingsInput, answers: { 200: json(signUpSettings, 'The settings') } },
  { method: 'POST', path: '/api/owner/invitations', summary: 'Make an invitation link', tag: 'Sign-up', access: 'owner', credentials: ['session'], answers: { 201: json(createdInvitation, 'The invitation, with its token (shown once)') } },
  { method: 'DELETE', path: '/api/owner/invitations/:id', summary: 'Withdraw an invitation', tag: 'Sign-up', access: 'owner', credentials: ['session'], answers: { 204: NO_BODY('Withdrawn') } },
  { method: 'GET', path: '/api/teams', summary: 'The teams with their managers and agents', tag: 'Teams', access: 'owners, managers (those who lead teams: theirs), read tokens', credentials: staff, scopes: ['read'], answers: { 200: json(teamList, 'The teams, by name') } },
  { method: 'GET', path: '/api/teams/leaderboard', summary: 'The team-against-team board of a period (this month by default)', tag: 'Teams', access: 'owners, managers, read tokens', credentials: staff, scopes: ['read'], query: teamBoardQuery, answers: { 200: json(teamBoard, 'Every team, by income') } },
  { method: 'POST', path: '/api/teams', summary: 'Make a team', tag: 'Teams', access: 'owner', credentials: ['session'], body: createTeamInput, answers: { 201: json(team, 'The team; agents named move from any other team') } },
  { method: 'PATCH', path: '/api/teams/:id', summary: 'Rename a team, set its managers, or move agents into or out of it', tag: 'Teams', access: 'owner', credentials: ['session'], body: updateTeamInput, answers: { 200: json(team, 'The team as it is now') } },
  { method: 'DELETE', path: '/api/teams/:id', summary: 'Delete a team (its agents stay, in no team)', tag: 'Teams', access: 'owner', credentials: ['session'], answers: { 204: NO_BODY('Deleted') } },
  { method: 'POST', path: '/api/tv-links', summary: 'Make a TV link', tag: 'TV', access: 'owner', credentials: ['session'], body: createTvLinkInput, answers: { 201: json(createdTvLink, 'The link, with its address and token (shown once)') } },
  { method: 'GET', path: '/api/tv-links', summary: 'The TV links', tag: 'TV', access: 'owner', credentials: ['session'], answers: { 200: json(tvLinkList, 'The links') } },
  { method: 'POST', path: '/api/tv-links/pair', summary: 'Pair a TV with the code it shows: makes its TV link', tag: 'TV', access: 'owner (10 wrong codes per 15 minutes)', credentials: ['session'], body: pairTvLinkInput, answers: { 201: json(tvLink, 'The link; the TV is told its address, the owner is not'), 400: json(errorBody, 'No TV waits with this code (wrong, expired or used): nothing made') } },
  { method: 'POST', path: '/api/tv-pairings', summary: 'A TV asks for a pairing code', tag: 'TV', access: 'anyone (30 per 10 minutes per address)', credentials: ['none'], answers: { 201: json(tvPairingRequest, 'The code to show (10 minutes) and the secret the TV keeps') } },
  { method: 'POST', path: '/api/tv-pairings/status', summary: 'Whether a TV waiting to be paired is paired', tag: 'TV', access: 'the TV that asked (its secret)', credentials: ['none'], body: tvPairingStatusInput, answers: { 200: json(tvPairingStatus, 'Waiting, or paired with the board’s address (told once)'), 404: json(errorBody, 'Unknown, expired or already told') } },
  { method: 'DELETE', path: '/api/tv-links/:id', summary: 'Revoke a TV link', tag: 'TV', access: 'owner', credentials: ['session'], answers: { 204: NO_BODY('Revoked; its screens stop within 5 s') } },
  { method: 'GET', path: '/api/tv/:token', summary: 'A TV board’s snapshot', tag: 'TV', access: 'whoever holds the link', credentials: ['tvToken'], answers: { 200: json(tvSnapshot, 'Public fields only') } },
  { method: 'GET', path: '/api/tv/:token/events', summary: 'A TV board’s live updates', tag: 'TV', access: 'whoever holds the link', credentials: ['tvToken'], query: eventStreamQuery, answers: { 200: eventStream } },
  { method: 'POST', path: '/api/tokens', summary: 'Make an API token', tag: 'API tokens', access: 'owner', credentials: ['session'], body: createApiTokenInput, answers: { 201: json(createdApiToken, 'The token (shown once)') } },
  { method: 'GET', path: '/api/tokens', summary: 'The API tokens', tag: 'API tokens', access: 'owner', credentials: ['session'], answers: { 200: json(apiTokenList, 'The tokens, never their secret') } },
  { method: 'DELETE', path: '/api/tokens/:id', summary: 'Revoke an API token', tag: 'API tokens', access: 'owner', credentials: ['session'], answers: { 204: NO_BODY('Revoked at once') } },
  { method: 'POST', path: '/api/webhooks', summary: 'Register a webhook', tag: 'Webhooks', access: 'owner', credentials: ['session'], body: createWebhookInput, answers: { 201: json(createdWebhook, 'The webhook, with its signing secret (shown once)'), 409: json(errorBody, 'There are 20 webhooks already') } },
  { method: 'GET', path: '/api/webhooks', summary: 'The webhooks', tag: 'Webhooks', access: 'owner', credentials: ['session'], answers: { 200: json(webhookList, 'The webhooks, never their secret') } },
  { method: 'PATCH', path: '/api/webhooks/:id', summary: 'Change a webhook', tag: 'Webhooks', access: 'owner', credentials: ['session'], body: updateWebhookInput, answers: { 200: json(webhook, 'The webhook as it is now; its secret is unchanged') } },
  { method: 'DELETE', path: '/api/webhooks/:id', summary: 'Delete a webhook', tag: 'Webhooks', access: 'owner', credentials: ['session'], answers: { 204: NO_BODY('Deleted, with its deliveries (pending ones are not sent)') } },
  { method: 'GET', path: '/api/webhooks/:id/deliveries', summary: 'A webhook’s delivery log', tag: 'Webhooks', access: 'owner', credentials: ['session'], query: webhookDeliveryQuery, answers: { 200: json(webhookDeliveryPage, 'Newest first; kept 7 days') } },
  { method: 'POST', path: '/api/webhooks/:id/deliveries/:deliveryId/retry', summary: 'Send a delivery again', tag: 'Webhooks', access: 'owner', credentials: ['session'], answers: { 202: json(webhookDelivery, 'Queued: due now, retried for 24 more hours'), 409: json(errorBody, 'An attempt of it is under way') } },
  { method: 'POST', path: '/api/webhooks/:id/test', summary: 'Send a test event', tag: 'Webhooks', access: 'owner', credentials: ['session'], answers: { 202: json(webhookDelivery, 'Queued: due now') } },
  { method: 'POST', path: '/api/connectors', summary: 'Add a CRM connector', tag: 'Connectors', access: 'owner', credentials: ['session'], body: createConnectorInput, answers: { 201: json(createdConnector, 'The connector, with its receiving address and the credentials to give the CRM (shown once)'), 409: json(errorBody, 'There are 20 connectors already') } },
  { method: 'GET', path: '/api/connectors', summary: 'The CRM connectors', tag: 'Connectors', access: 'owner', credentials: ['session'], answers: { 200: json(connectorList, 'The connectors, never their credentials') } },
  { method: 'GET', path: '/api/connectors/:id', summary: 'A CRM connector', tag: 'Connectors', access: 'owner', credentials: ['session'], answers: { 200: json(connector, 'The connector, never its credentials') } },
  { method: 'PATCH', path: '/api/connectors/:id', summary: 'Change a CRM connector', tag: 'Connectors', access: 'owner', credentials: ['session'], body: updateConnectorInput, answers: { 200: json(connector, 'The connector as it is now; its provider and credentials are unchanged') } },
  { method: 'DELETE', path: '/api/connectors/:id', summary: 'Delete a CRM connector', tag: 'Connectors', access: 'owner', credentials: ['session'], answers: { 204: NO_BODY('Deleted with its log; what it recorded stays') } },
  { method: 'GET', path: '/api/connectors/:id/deliveries', summary: 'A connector’s delivery log', tag: 'Connectors', access: 'owner', credentials: ['session'], query: connectorDeliveryQuery, answers: { 200: json(connectorDeliveryPage, 'Newest first, with what each delivery became; kept 7 days') } },
  { method: 'GET', path: '/api/connectors/:id/unmatched', summary: 'CRM users whose won deals wait for an agent', tag: 'Connectors', access: 'owner', credentials: ['session'], answers: { 200: json(unmatchedOwnerList, 'The CRM users, the most deals first') } },
  { method: 'POST', path: '/api/connectors/:id/unmatched/map', summary: 'Map a CRM user to an agent', tag: 'Connectors', access: 'owner', credentials: ['session'], body: mapUnmatchedOwnerInput, answers: { 200: json(mappedOwner, 'Remembered; the waiting deals were recorded') } },
  { method: 'POST', path: '/api/connectors/:id/inbound', summary: 'Where the CRM sends its deals', tag: 'Connectors', access: 'the CRM, authenticated as its provider documents (HubSpot v3 signature, Pipedrive HTTP auth, Salesforce token and organisation id, TierTrack-Signature)', credentials: ['none'], bodyContentType: 'application/json or text/xml', answers: { 202: json(inboundAccepted, 'Kept; its deals are recorded in the background'), 200: { description: 'Salesforce: the SOAP acknowledgement (<Ack>true</Ack>)', contentType: 'text/xml' } } },
  // SCIM 2.0 provisioning (docs/decisions/0091-scim-provisioning.md): the company directory's. Users are agents (owners
  // and managers are not provisioned), Groups are teams.
  { method: 'GET', path: '/scim/v2/ServiceProviderConfig', summary: 'What this SCIM service supports', ...scimRoute, answers: { 200: json(scimServiceProviderConfig, 'PATCH and filters (one eq comparison) supported; no bulk, sort, ETags or password changes; bearer tokens') } },
  { method: 'GET', path: '/scim/v2/ResourceTypes', summary: 'The SCIM resource types: User (an agent) and Group (a team)', ...scimRoute, answers: { 200: json(scimListResponse(scimResourceType), 'Both, as a ListResponse') } },
  { method: 'GET', path: '/scim/v2/ResourceTypes/:id', summary: 'One SCIM resource type (User or Group)', ...scimRoute, answers: { 200: json(scimResourceType, 'The resource type') } },
  { method: 'GET', path: '/scim/v2/Schemas', summary: 'The User and Group schemas, naming the attributes TierTrack keeps', ...scimRoute, answers: { 200: json(scimListResponse(scimSchemaDocument), 'Both, as a ListResponse') } },
  { method: 'GET', path: '/scim/v2/Schemas/:id', summary: 'One schema, by its URN', ...scimRoute, answers: { 200: json(scimSchemaDocument, 'The schema') } },
  { method: 'GET', path: '/scim/v2/Users', summary: 'The agents as SCIM Users, a page at a time', ...scimRoute, query: scimListQuery, answers: { 200: json(scimListResponse(scimUser), 'A ListResponse of the users the filter names (userName, externalId, emails.value or id eq), by id; not those the directory deleted') } },
  { method: 'POST', path: '/scim/v2/Users', summary: 'Provision an agent', ...scimRoute, query: scimResourceQuery, body: scimUserInput, answers: { 201: json(scimUser, 'Made, active unless told otherwise, without a password (company sign-in or a reset link); or an agent the directory had deleted brought back, its history kept'), 409: json(scimError, 'Another user has this userName or externalId (scimType uniqueness)') } },
  { method: 'GET', path: '/scim/v2/Users/:id', summary: 'One agent as a SCIM User', ...scimRoute, query: scimResourceQuery, answers: { 200: json(scimUser, 'The user') } },
  { method: 'PUT', path: '/scim/v2/Users/:id', summary: 'Replace an agent’s attributes', ...scimRoute, query: scimResourceQuery, body: scimUserInput, answers: { 200: json(scimUser, 'The user as it now is; active false ended its sessions and live streams'), 409: json(scimError, 'Another user has this userName or externalId (scimType uniqueness)') } },
  { method: 'PATCH', path: '/scim/v2/Users/:id', summary: 'Change an agent: Okta’s and Microsoft Entra ID’s PATCH dialects', ...scimRoute, query: scimResourceQuery, body: scimPatchInput, answers: { 200: json(scimUser, 'The user as it now is; active false ended its sessions and live streams'), 409: json(scimError, 'Another user has this userName or externalId (scimType uniqueness)') } },
  { method: 'DELETE', path: '/scim/v2/Users/:id', summary: 'Deprovision an agent: made inactive and hidden from SCIM, its history kept', ...scimRoute, answers: { 204: NO_BODY('Done: its sessions and live streams have ended; it answers 404 from now on') } },
  { method: 'GET', path: '/scim/v2/Groups', summary: 'The teams as SCIM Groups, a page at a time', ...scimRoute, query: scimListQuery, answers: { 200: json(scimListResponse(scimGroup), 'A ListResponse of the groups the filter names (displayName, externalId or id eq), by id; excludedAttributes=members leaves the members out') } },
  { method: 'POST', path: '/scim/v2/Groups', summary: 'Make a team', ...scimRoute, query: scimResourceQuery, body: scimGroupInput, answers: { 201: json(scimGroup, 'Made; its members left their other teams'), 409: json(scimError, 'Another team has this name, or another group this externalId (scimType uniqueness)') } },
  { method: 'GET', path: '/scim/v2/Groups/:id', summary: 'One team as a SCIM Group', ...scimRoute, query: scimResourceQuery, answers: { 200: json(scimGroup, 'The group') } },
  { method: 'PUT', path: '/scim/v2/Groups/:id', summary: 'Replace a team’s name, externalId and whole member list', ...scimRoute, query: scimResourceQuery, body: scimGroupInput, answers: { 200: json(scimGroup, 'The group as it now is'), 409: json(scimError, 'Another team has this name, or another group this externalId (scimType uniqueness)') } },
  { method: 'PATCH', path: '/scim/v2/Groups/:id', summary: 'Rename a team, or add and remove members: Okta’s and Microsoft Entra ID’s PATCH dialects', ...scimRoute, query: scimResourceQuery, body: scimPatchInput, answers: { 200: json(scimGroup, 'The group as it now is'), 409: json(scimError, 'Another team has this name, or another group this externalId (scimType uniqueness)') } },
  { method: 'DELETE', path: '/scim/v2/Groups/:id', summary: 'Delete a team (its agents are in no team any more)', ...scimRoute, answers: { 204: NO_BODY('Deleted; its agents and their history stay') } },
  { method: 'POST', path: '/api/admin/backup', summary: 'Download a backup of the embedded database', tag: 'Admin', access: 'owner (password entered in the last 10 minutes; embedded database only)', credentials: ['session'], body: backupRequest, answers: { 200: { description: 'A .tar.gz (or encrypted .enc) file', contentType: 'application/gzip' } } },
];
