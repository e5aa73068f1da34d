import type { AuditAction, AuditActor, AuditActorKind } from '@contract/audit';
import { formatCurrency2, formatDateTime } from '../../../lib/format';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// Every text here is in the language shown (docs/decisions/0093-message-catalogs.md): the functions are called while
// rendering, so they give the words of the language the page shows then.

/** What each action of the trail did, as a sentence without its subject: "Changed a tier" (one key per action). */
const actionLabels: Record<AuditAction, () => string> = {
  'entry.created': () => translate(messages, 'actionEntryCreated'),
  'entry.voided': () => translate(messages, 'actionEntryVoided'),
  'entries.imported': () => translate(messages, 'actionEntriesImported'),
  'agents.imported': () => translate(messages, 'actionAgentsImported'),
  'tier.updated': () => translate(messages, 'actionTierUpdated'),
  'reward_option.created': () => translate(messages, 'actionRewardOptionCreated'),
  'reward_option.deleted': () => translate(messages, 'actionRewardOptionDeleted'),
  'claim.created': () => translate(messages, 'actionClaimCreated'),
  'claim.status_changed': () => translate(messages, 'actionClaimStatusChanged'),
  'claims.contacts_erased': () => translate(messages, 'actionClaimsContactsErased'),
  'agent.created': () => translate(messages, 'actionAgentCreated'),
  'agent.registered': () => translate(messages, 'actionAgentRegistered'),
  'agent.approved': () => translate(messages, 'actionAgentApproved'),
  'agent.deleted': () => translate(messages, 'actionAgentDeleted'),
  'agent.deactivated': () => translate(messages, 'actionAgentDeactivated'),
  'agent.reactivated': () => translate(messages, 'actionAgentReactivated'),
  'agent.updated': () => translate(messages, 'actionAgentUpdated'),
  'agent.deprovisioned': () => translate(messages, 'actionAgentDeprovisioned'),
  'agent.reprovisioned': () => translate(messages, 'actionAgentReprovisioned'),
  'password.reset': () => translate(messages, 'actionPasswordReset'),
  'password.reset_link_created': () => translate(messages, 'actionPasswordResetLinkCreated'),
  'password.reset_requested': () => translate(messages, 'actionPasswordResetRequested'),
  'password.changed': () => translate(messages, 'actionPasswordChanged'),
  'language.changed': () => translate(messages, 'actionLanguageChanged'),
  'sessions.ended': () => translate(messages, 'actionSessionsEnded'),
  'two_factor.setup_started': () => translate(messages, 'actionTwoFactorSetupStarted'),
  'two_factor.enabled': () => translate(messages, 'actionTwoFactorEnabled'),
  'two_factor.disabled': () => translate(messages, 'actionTwoFactorDisabled'),
  'two_factor.recovery_code_used': () => translate(messages, 'actionTwoFactorRecoveryCodeUsed'),
  'two_factor.reset': () => translate(messages, 'actionTwoFactorReset'),
  'user.created': () => translate(messages, 'actionUserCreated'),
  'user.deleted': () => translate(messages, 'actionUserDeleted'),
  'token.created': () => translate(messages, 'actionTokenCreated'),
  'token.revoked': () => translate(messages, 'actionTokenRevoked'),
  'webhook.created': () => translate(messages, 'actionWebhookCreated'),
  'webhook.updated': () => translate(messages, 'actionWebhookUpdated'),
  'webhook.deleted': () => translate(messages, 'actionWebhookDeleted'),
  'webhook.tested': () => translate(messages, 'actionWebhookTested'),
  'webhook.delivery_retried': () => translate(messages, 'actionWebhookDeliveryRetried'),
  'connector.created': () => translate(messages, 'actionConnectorCreated'),
  'connector.updated': () => translate(messages, 'actionConnectorUpdated'),
  'connector.deleted': () => translate(messages, 'actionConnectorDeleted'),
  'connector.owner_mapped': () => translate(messages, 'actionConnectorOwnerMapped'),
  'team.created': () => translate(messages, 'actionTeamCreated'),
  'team.updated': () => translate(messages, 'actionTeamUpdated'),
  'team.deleted': () => translate(messages, 'actionTeamDeleted'),
  'tv_link.created': () => translate(messages, 'actionTvLinkCreated'),
  'tv_link.revoked': () => translate(messages, 'actionTvLinkRevoked'),
  'sign_up.updated': () => translate(messages, 'actionSignUpUpdated'),
  'settings.updated': () => translate(messages, 'actionSettingsUpdated'),
  'sso.updated': () => translate(messages, 'actionSsoUpdated'),
  'sso.removed': () => translate(messages, 'actionSsoRemoved'),
  'invitation.created': () => translate(messages, 'actionInvitationCreated'),
  'invitation.withdrawn': () => translate(messages, 'actionInvitationWithdrawn'),
  'data.repaired': () => translate(messages, 'actionDataRepaired'),
  'backup.taken': () => translate(messages, 'actionBackupTaken'),
  'claims.exported': () => translate(messages, 'actionClaimsExported'),
  'metric.created': () => translate(messages, 'actionMetricCreated'),
  'metric.updated': () => translate(messages, 'actionMetricUpdated'),
  'activity.created': () => translate(messages, 'actionActivityCreated'),
  'activity.voided': () => translate(messages, 'actionActivityVoided'),
  'activities.imported': () => translate(messages, 'actionActivitiesImported'),
  'goal.created': () => translate(messages, 'actionGoalCreated'),
  'goal.updated': () => translate(messages, 'actionGoalUpdated'),
  'goal.deleted': () => translate(messages, 'actionGoalDeleted'),
  'contest.created': () => translate(messages, 'actionContestCreated'),
  'contest.updated': () => translate(messages, 'actionContestUpdated'),
  'contest.cancelled': () => translate(messages, 'actionContestCancelled'),
  'contest.deleted': () => translate(messages, 'actionContestDeleted'),
  'contest.finalised': () => translate(messages, 'actionContestFinalised'),
  'badge_rule.created': () => translate(messages, 'actionBadgeRuleCreated'),
  'badge_rule.updated': () => translate(messages, 'actionBadgeRuleUpdated'),
  'calculator_percentage.updated': () => translate(messages, 'actionCalculatorPercentageUpdated'),
};

/** What an action did: "Recorded an income entry", "Changed a tier". */
export function auditActionLabel(action: AuditAction): string {
  return actionLabels[action]();
}

/** Who made a change: the name, "System", or "Agent #7" for an account deleted since (docs/product.md §12.12). */
export function actorName(actor: AuditActor): string {
  if (actor.kind === 'system') return translate(messages, 'system');
  return actor.name ?? translate(messages, 'unnamedActor', { kind: actor.kind, id: actor.id === null ? '?' : String(actor.id) });
}

/** The kind of actor shown beside a name, where the name alone could be a person's: agents, API tokens and connectors. */
export function actorKindLabel(kind: AuditActorKind): string | undefined {
  if (kind === 'agent' || kind === 'token' || kind === 'connector') return translate(messages, 'actorKind', { kind });
  return undefined;
}

/** A choice of the filter by person: "Dana Reyes", "HR sync (API token)", "System". */
export function actorOptionLabel(actor: AuditActor): string {
  const kind = actorKindLabel(actor.kind);
  return kind ? translate(messages, 'actorWithKind', { name: actorName(actor), kind }) : actorName(actor);
}

/** The trail's target types (server/db/audit.ts callers) as a person names them. */
const targetNames: Record<string, () => string> = {
  income_entry: () => translate(messages, 'targetEntry'),
  agent: () => translate(messages, 'targetAgent'),
  tier: () => translate(messages, 'targetTier'),
  reward_option: () => translate(messages, 'targetRewardOption'),
  reward_claim: () => translate(messages, 'targetClaim'),
  user: () => translate(messages, 'targetUser'),
  api_token: () => translate(messages, 'targetApiToken'),
  webhook: () => translate(messages, 'targetWebhook'),
  connector: () => translate(messages, 'targetConnector'),
  tv_link: () => translate(messages, 'targetTvLink'),
  invitation: () => translate(messages, 'targetInvitation'),
  settings: () => translate(messages, 'targetSettings'),
};

/** "Entry #12", "Tier #2"; the type alone for a change of many (an import); an unknown type as it is stored. */
export function targetLabel(targetType: string | null, targetId: string | null): string {
  if (targetType === null) return '—';
  const name = Object.hasOwn(targetNames, targetType) ? targetNames[targetType]!() : targetType;
  return targetId === null ? name : translate(messages, 'targetWithId', { name, id: targetId });
}

/** Characters of a value shown in the list; the row's details show it whole. */
const BRIEF_LENGTH = 60;

/** A moment as the trail stores it (toISOString), e.g. an entry's date or a token's expiry. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/**
 * A stored JSON value in a few words: moments as the app writes dates, other text as it is, lists joined, anything
 * else as JSON; cut at BRIEF_LENGTH.
 */
export function briefValue(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = translate(messages, 'none');
  else if (typeof value === 'string') text = ISO_MOMENT.test(value) ? formatDateTime(value) : value;
  else if (Array.isArray(value) && value.length === 0) text = translate(messages, 'none');
  else if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) text = value.map(String).join(', ');
  else text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > BRIEF_LENGTH ? `${text.slice(0, BRIEF_LENGTH - 1)}…` : text;
}

export interface ChangeLine {
  key: string;
  /** The key as a person reads it: "Agent", "Reward option", "Show amounts". */
  label: string;
  /** Present when the value was changed: what it was. */
  before?: string;
  value: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Keys whose two-decimal strings are money (entries, tiers, totals, calculator amounts). */
const MONEY_KEYS = new Set(['amount', 'threshold', 'total', 'totalIncome', 'newTotal', 'previousTotal', 'periodIncome', 'prize']);
const MONEY = /^-?\d+\.\d{2}$/;

/**
 * The keys the trail's before and after hold most (server/db/operations), in the language shown: in English each is
 * the key's words (as keyWords makes them), a few named differently ("url" is "URL").
 */
const keyNames: Record<string, () => string> = {
  name: () => translate(messages, 'keyName'),
  amount: () => translate(messages, 'keyAmount'),
  agentId: () => translate(messages, 'keyAgentId'),
  agentIds: () => translate(messages, 'keyAgentIds'),
  tierId: () => translate(messages, 'keyTierId'),
  rewardOptionId: () => translate(messages, 'keyRewardOptionId'),
  rewards: () => translate(messages, 'keyRewards'),
  threshold: () => translate(messages, 'keyThreshold'),
  status: () => translate(messages, 'keyStatus'),
  state: () => translate(messages, 'keyState'),
  role: () => translate(messages, 'keyRole'),
  reason: () => translate(messages, 'keyReason'),
  note: () => translate(messages, 'keyNote'),
  metric: () => translate(messages, 'keyMetric'),
  metrics: () => translate(messages, 'keyMetrics'),
  value: () => translate(messages, 'keyValue'),
  target: () => translate(messages, 'keyTarget'),
  period: () => translate(messages, 'keyPeriod'),
  language: () => translate(messages, 'keyLanguage'),
  url: () => translate(messages, 'keyUrl'),
  events: () => translate(messages, 'keyEvents'),
  format: () => translate(messages, 'keyFormat'),
  scopes: () => translate(messages, 'keyScopes'),
  showAmounts: () => translate(messages, 'keyShowAmounts'),
  position: () => translate(messages, 'keyPosition'),
  via: () => translate(messages, 'keyVia'),
  expiresAt: () => translate(messages, 'keyExpiresAt'),
  date: () => translate(messages, 'keyDate'),
  active: () => translate(messages, 'keyActive'),
  email: () => translate(messages, 'keyEmail'),
  title: () => translate(messages, 'keyTitle'),
  unit: () => translate(messages, 'keyUnit'),
  percentage: () => translate(messages, 'keyPercentage'),
  sessions: () => translate(messages, 'keySessions'),
  otherSessionsEnded: () => translate(messages, 'keyOtherSessionsEnded'),
  mode: () => translate(messages, 'keyMode'),
  externalId: () => translate(messages, 'keyExternalId'),
  total: () => translate(messages, 'keyTotal'),
  newTotal: () => translate(messages, 'keyNewTotal'),
  previousTotal: () => translate(messages, 'keyPreviousTotal'),
  totalIncome: () => translate(messages, 'keyTotalIncome'),
  prize: () => translate(messages, 'keyPrize'),
  description: () => translate(messages, 'keyDescription'),
  recurring: () => translate(messages, 'keyRecurring'),
  startsOn: () => translate(messages, 'keyStartsOn'),
  required: () => translate(messages, 'keyRequired'),
  enabled: () => translate(messages, 'keyEnabled'),
  skippedRows: () => translate(messages, 'keySkippedRows'),
  rewardTitle: () => translate(messages, 'keyRewardTitle'),
  attributes: () => translate(messages, 'keyAttributes'),
  draft: () => translate(messages, 'keyDraft'),
  dryRun: () => translate(messages, 'keyDryRun'),
  publicProfile: () => translate(messages, 'keyPublicProfile'),
  invited: () => translate(messages, 'keyInvited'),
  how: () => translate(messages, 'keyHow'),
  with: () => translate(messages, 'keyWith'),
  key: () => translate(messages, 'keyKey'),
  host: () => translate(messages, 'keyHost'),
  sessionsEnded: () => translate(messages, 'keySessionsEnded'),
  agentTotal: () => translate(messages, 'keyAgentTotal'),
  domains: () => translate(messages, 'keyDomains'),
  issuer: () => translate(messages, 'keyIssuer'),
  provider: () => translate(messages, 'keyProvider'),
  participants: () => translate(messages, 'keyParticipants'),
  category: () => translate(messages, 'keyCategory'),
  recoveryCodesLeft: () => translate(messages, 'keyRecoveryCodesLeft'),
  agentsMayRecord: () => translate(messages, 'keyAgentsMayRecord'),
  retentionDays: () => translate(messages, 'keyRetentionDays'),
  claimIds: () => translate(messages, 'keyClaimIds'),
};

/** The keys named in the language shown (the rest are their English words). */
export const namedKeys = (): string[] => Object.keys(keyNames);

/**
 * A key of the trail's before and after as a person reads it: "agentId" is "Agent" (its value "#12"), "showAmounts" is
 * "Show amounts", "reward_option" is "Reward option". A key not in keyNames is its English words.
 */
export function keyLabel(key: string): string {
  return Object.hasOwn(keyNames, key) ? keyNames[key]!() : keyWords(key);
}

/** A key's own words: "skippedRows" is "Skipped rows", "agentIds" is "Agents", "reward_option" is "Reward option". */
export function keyWords(key: string): string {
  const words = key
    .replace(/Ids?$/, (suffix) => (suffix === 'Ids' ? 's' : ''))
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value under its key: money as the app writes it, an id as "#12", yes or no; the rest as briefValue says. */
export function valueUnder(key: string, value: unknown): string {
  if (typeof value === 'string' && MONEY_KEYS.has(key) && MONEY.test(value)) return formatCurrency2(value);
  if (typeof value === 'number' && /[a-z]Id$/.test(key)) return `#${value}`;
  if (Array.isArray(value) && /[a-z]Ids$/.test(key) && value.every((item) => typeof item === 'number'))
    return value.length === 0 ? translate(messages, 'none') : value.map((id) => `#${id}`).join(', ');
  if (typeof value === 'boolean') return value ? translate(messages, 'yes') : translate(messages, 'no');
  return briefValue(value);
}

/**
 * What a change was about, a line per key of `after`: "Key: before → after" when `before` held another value, else
 * "Key: value". A deletion has no `after`: its `before` is what was there.
 */
export function describeChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ChangeLine[] {
  if (!after) return Object.entries(before ?? {}).map(([key, value]) => ({ key, label: keyLabel(key), value: valueUnder(key, value) }));
  return Object.entries(after).map(([key, value]) =>
    before && key in before && !same(before[key], value)
      ? { key, label: keyLabel(key), before: valueUnder(key, before[key]), value: valueUnder(key, value) }
      : { key, label: keyLabel(key), value: valueUnder(key, value) },
  );
}
