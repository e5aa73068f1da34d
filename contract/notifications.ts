import { z } from 'zod';
import { queryInteger } from './fields';
import { PAGE_OFFSET_MAX } from './limits';

/**
 * Notifications (docs/product.md §12.13): what concerns a person, in the app (a bell with an unread count). Agents hear
 * of the tiers they reach and of their claims' steps; owners of new claims; owners and managers of agents who register
 * and of the tiers the agents they oversee reach.
 */
export const NOTIFICATION_KINDS = [
  'tier_reached',
  'claim_status',
  'claim_created',
  'agent_registered',
  'goal_progress',
  'goal_reached',
  'goal_behind',
  'contest_started',
  'contest_result',
  'badge_awarded',
  'agent_tier_reached',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  tier_reached: 'I reach a tier',
  claim_status: 'One of my reward claims changes status',
  claim_created: 'An agent claims a reward',
  agent_registered: 'An agent registers',
  goal_progress: 'A goal of mine (or my team’s) reaches 50%, 90% or 100%',
  goal_reached: 'An agent or team reaches a goal',
  goal_behind: 'A goal falls behind pace (at most weekly)',
  contest_started: 'A contest I take part in begins',
  contest_result: 'A contest’s results are final',
  badge_awarded: 'I earn a badge',
  agent_tier_reached: 'An agent reaches a tier',
};

/** Kinds that come often enough to flood a mailbox (every tier of every agent the reader oversees): in the app only until chosen. */
export const EMAIL_OFF_BY_DEFAULT: readonly NotificationKind[] = ['agent_tier_reached'];

/** A kind's choices until its reader makes some: all on, but email for EMAIL_OFF_BY_DEFAULT. */
export function notificationDefaults(kind: NotificationKind): { inApp: boolean; email: boolean; push: boolean } {
  return { inApp: true, email: !EMAIL_OFF_BY_DEFAULT.includes(kind), push: true };
}

/** The kinds each reader can receive. */
export const NOTIFICATION_KINDS_BY_ROLE: Record<'agent' | 'owner' | 'manager', readonly NotificationKind[]> = {
  agent: ['tier_reached', 'claim_status', 'goal_progress', 'goal_behind', 'contest_started', 'contest_result', 'badge_awarded'],
  owner: ['claim_created', 'agent_registered', 'agent_tier_reached', 'goal_reached', 'goal_behind', 'contest_result'],
  manager: ['agent_registered', 'agent_tier_reached', 'goal_reached', 'goal_behind', 'contest_result'],
};

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 100;
/** Notifications marked read in one request, at most. */
export const NOTIFICATIONS_READ_MAX = 100;

/** GET /api/notifications: newest first; `unread=1` for the unread ones only. */
export const notificationListQuery = z.object({
  unread: z.enum(['0', '1'], { error: 'unread must be 0 or 1' }).optional(),
  offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
  limit: queryInteger('limit', 1, NOTIFICATION_PAGE_SIZE_MAX, NOTIFICATION_PAGE_SIZE),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

export const notification = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = z.object({
  notifications: z.array(notification),
  unreadCount: z.number(),
  nextOffset: z.number().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

const idList = z
  .array(z.number({ error: 'ids must be notification ids' }).int('ids must be notification ids').positive('ids must be notification ids'), {
    error: 'ids must be a list of notification ids',
  })
  .min(1, 'ids must name at least one notification')
  .max(NOTIFICATIONS_READ_MAX, `ids may name at most ${NOTIFICATIONS_READ_MAX} notifications`);

/** POST /api/notifications/read: `{ids}` or `{all: true}`; the caller's own only (others' ids are ignored). */
export const markNotificationsReadInput = z.union(
  [z.strictObject({ ids: idList }), z.strictObject({ all: z.literal(true, { error: 'all must be true' }) })],
  { error: 'Send {"ids": [...]} or {"all": true}' },
);
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadInput>;

const preferenceFields = {
  kind: z.enum(NOTIFICATION_KINDS, { error: `kind must be one of ${NOTIFICATION_KINDS.join(', ')}` }),
  inApp: z.boolean({ error: 'inApp must be true or false' }),
  email: z.boolean({ error: 'email must be true or false' }),
};

/** A kind's choices: in the app (the bell), by email, and pushed to the person's devices (docs/product.md §12.21). */
export const notificationPreference = z.object({ ...preferenceFields, push: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreference>;

/** A kind's choices as sent: push may be left out (then it stays as it was, on for a kind never chosen). */
export const notificationPreferenceInput = z.object({ ...preferenceFields, push: z.boolean({ error: 'push must be true or false' }).optional() });
export type NotificationPreferenceInput = z.infer<typeof notificationPreferenceInput>;

/** GET and PUT /api/notification-preferences: one entry per kind the caller can receive. */
export const notificationPreferences = z.object({ preferences: z.array(notificationPreference) });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const updateNotificationPreferencesInput = z.strictObject({
  preferences: z
    .array(notificationPreferenceInput, { error: 'preferences must be a list' })
    .min(1, 'preferences must name at least one kind')
    .max(NOTIFICATION_KINDS.length, `preferences may name at most ${NOTIFICATION_KINDS.length} kinds`)
    .refine((list) => new Set(list.map((item) => item.kind)).size === list.length, 'Each kind may appear once'),
});
export type UpdateNotificationPreferencesInput = z.input<typeof updateNotificationPreferencesInput>;
