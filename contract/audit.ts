import { z } from 'zod';
import { calendarDay, fromNotAfterTo, queryInteger } from './fields';
import { text, zodText } from './i18n';
import { PAGE_OFFSET_MAX } from './limits';
import { messages } from './messages';

/**
 * The audit trail (docs/product.md §12.12): every change made by a person, an API token or the system appends one row,
 * in the transaction of the change, to an append-only table whose rows are chained by SHA-256. Rows hold ids, amounts
 * and settings, never agents' names, emails, addresses or entry descriptions: a row cannot be erased, personal data
 * must be (docs/decisions/0022-audit-trail.md).
 */
export const AUDIT_ACTIONS = [
  'entry.created',
  'entry.voided',
  'entries.imported',
  'agents.imported',
  'tier.updated',
  'reward_option.created',
  'reward_option.deleted',
  'claim.created',
  'claim.status_changed',
  'claims.contacts_erased',
  'agent.created',
  'agent.registered',
  'agent.approved',
  'agent.deleted',
  'agent.deactivated',
  'agent.reactivated',
  'agent.updated',
  'agent.deprovisioned',
  'agent.reprovisioned',
  'password.reset',
  'password.reset_link_created',
  'password.reset_requested',
  'password.changed',
  'language.changed',
  'sessions.ended',
  'two_factor.setup_started',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_code_used',
  'two_factor.reset',
  'user.created',
  'user.deleted',
  'token.created',
  'token.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.tested',
  'webhook.delivery_retried',
  'connector.created',
  'connector.updated',
  'connector.deleted',
  'connector.owner_mapped',
  'team.created',
  'team.updated',
  'team.deleted',
  'tv_link.created',
  'tv_link.revoked',
  'sign_up.updated',
  'settings.updated',
  'sso.updated',
  'sso.removed',
  'invitation.created',
  'invitation.withdrawn',
  'data.repaired',
  'backup.taken',
  'claims.exported',
  'metric.created',
  'metric.updated',
  'activity.created',
  'activity.voided',
  'activities.imported',
  'goal.created',
  'goal.updated',
  'goal.deleted',
  'contest.created',
  'contest.updated',
  'contest.cancelled',
  'contest.deleted',
  'contest.finalised',
  'badge_rule.created',
  'badge_rule.updated',
  'calculator_percentage.updated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'entry.created': 'Recorded an income entry',
  'entry.voided': 'Voided an income entry',
  'entries.imported': 'Imported income entries',
  'agents.imported': 'Imported agents',
  'tier.updated': 'Changed a tier',
  'reward_option.created': 'Added a reward option',
  'reward_option.deleted': 'Deleted a reward option',
  'claim.created': 'Claimed a reward',
  'claim.status_changed': 'Changed a claim’s status',
  'claims.contacts_erased': 'Erased claims’ contact details',
  'agent.created': 'Added an agent',
  'agent.registered': 'Registered as an agent',
  'agent.approved': 'Approved a registration',
  'agent.deleted': 'Deleted an agent',
  'agent.deactivated': 'Made an agent inactive',
  'agent.reactivated': 'Made an agent active again',
  'agent.updated': 'Changed an agent’s profile',
  'agent.deprovisioned': 'Removed an agent through the company directory (SCIM)',
  'agent.reprovisioned': 'Brought back an agent the company directory had removed (SCIM)',
  'password.reset': 'Set a password with a one-time link',
  'password.reset_link_created': 'Made a password reset link',
  'password.reset_requested': 'Asked for a password link by email',
  'password.changed': 'Changed their password',
  'language.changed': 'Changed the language they read TierTrack in',
  'sessions.ended': 'Signed out other devices',
  'two_factor.setup_started': 'Began setting up two-factor sign-in',
  'two_factor.enabled': 'Turned on two-factor sign-in',
  'two_factor.disabled': 'Turned off two-factor sign-in',
  'two_factor.recovery_code_used': 'Used a two-factor recovery code',
  'two_factor.reset': 'Turned off another person’s two-factor sign-in',
  'user.created': 'Added a manager',
  'user.deleted': 'Deleted a manager',
  'token.created': 'Made an API token',
  'token.revoked': 'Revoked an API token',
  'webhook.created': 'Added a webhook',
  'webhook.updated': 'Changed a webhook',
  'webhook.deleted': 'Deleted a webhook',
  'webhook.tested': 'Sent a webhook test event',
  'webhook.delivery_retried': 'Resent a webhook delivery',
  'connector.created': 'Added a CRM connector',
  'connector.updated': 'Changed a CRM connector',
  'connector.deleted': 'Deleted a CRM connector',
  'connector.owner_mapped': 'Mapped a CRM user to an agent',
  'team.created': 'Made a team',
  'team.updated': 'Changed a team',
  'team.deleted': 'Deleted a team',
  'tv_link.created': 'Made a TV link',
  'tv_link.revoked': 'Revoked a TV link',
  'sign_up.updated': 'Changed who may register',
  'settings.updated': 'Changed the organisation settings',
  'sso.updated': 'Changed company sign-in',
  'sso.removed': 'Turned off company sign-in',
  'invitation.created': 'Made an invitation link',
  'invitation.withdrawn': 'Withdrew an invitation link',
  'data.repaired': 'Repaired stored totals (db:check)',
  'backup.taken': 'Took a backup of the whole database',
  'claims.exported': 'Exported reward claims with contact details',
  'metric.created': 'Made a metric',
  'metric.updated': 'Changed a metric',
  'activity.created': 'Recorded an activity',
  'activity.voided': 'Voided an activity',
  'activities.imported': 'Imported activities',
  'goal.created': 'Set a goal',
  'goal.updated': 'Changed a goal',
  'goal.deleted': 'Removed a goal',
  'contest.created': 'Made a contest',
  'contest.updated': 'Changed a contest',
  'contest.cancelled': 'Cancelled a contest',
  'contest.deleted': 'Deleted a draft contest',
  'contest.finalised': 'Froze a contest’s results',
  'badge_rule.created': 'Made a badge',
  'badge_rule.updated': 'Changed a badge',
  'calculator_percentage.updated': 'Changed an agent’s calculator percentage',
};

/** `connector`: a CRM connector recording or voiding its deals (docs/decisions/0089-connectors.md). */
export const auditActorKinds = ['user', 'agent', 'token', 'connector', 'system'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/** A filter by who: `user:<id>`, `agent:<id>`, `token:<id>`, `connector:<id>` or `system`. */
const ACTOR_PATTERN = /^(?:(?:user|agent|token|connector):[1-9]\d{0,9}|system)$/;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

const auditFilter = {
  actor: z.string(zodText(text(messages, 'auditActor'))).regex(ACTOR_PATTERN, zodText(text(messages, 'auditActor'))).optional(),
  action: z.enum(AUDIT_ACTIONS, zodText(text(messages, 'auditAction'))).optional(),
  /** Days in the organisation's time zone, inclusive. */
  from: calendarDay('from').optional(),
  to: calendarDay('to').optional(),
};

/** GET /api/audit (owner): a page of the trail, newest first. */
export const auditListQuery = z
  .object({
    ...auditFilter,
    offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
    limit: queryInteger('limit', 1, AUDIT_PAGE_SIZE_MAX, AUDIT_PAGE_SIZE),
  })
  .refine(...fromNotAfterTo);
export type AuditListQuery = z.output<typeof auditListQuery>;
export type AuditListParams = z.input<typeof auditListQuery>;

/** GET /api/exports/audit.csv (owner): every row of the filter, oldest first. */
export const auditExportQuery = z.object(auditFilter).refine(...fromNotAfterTo);
export type AuditExportQuery = z.output<typeof auditExportQuery>;

export const auditActor = z.object({
  kind: z.enum(auditActorKinds),
  id: z.number().nullable(),
  /** The name then (people and tokens); an agent's is read from its account while it exists; null when gone. */
  name: z.string().nullable(),
});
export type AuditActor = z.infer<typeof auditActor>;

/** One row of the trail as read back. `hash` is SHA-256(previous row's hash + this row's content), hex. */
export const auditRow = z.object({
  id: z.number(),
  at: z.string(),
  actor: auditActor,
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  hash: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditPage = z.object({
  rows: z.array(auditRow),
  offset: z.number(),
  limit: z.number(),
  nextOffset: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

/** GET /api/audit/actors (owner): everyone who appears in the trail, for the filter by person. */
export const auditActorList = z.array(auditActor.extend({ key: z.string() }));
export type AuditActorList = z.infer<typeof auditActorList>;

export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'at',
  'actorKind',
  'actorId',
  'actorName',
  'action',
  'targetType',
  'targetId',
  'before',
  'after',
  'ip',
  'userAgent',
  'prevHash',
  'hash',
] as const;
