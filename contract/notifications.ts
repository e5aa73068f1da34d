import { z } from 'zod';
import { queryInteger } from './fields';
import { text, zodText } from './i18n';
import { PAGE_OFFSET_MAX } from './limits';
import { messages } from './messages';

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
  unread: z.enum(['0', '1'], zodText(text(messages, 'unreadFlag'))).optional(),
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

const NOTIFICATION_IDS = zodText(text(messages, 'notificationIds'));
const idList = z
  .array(z.number(NOTIFICATION_IDS).int(NOTIFICATION_IDS).positive(NOTIFICATION_IDS), zodText(text(messages, 'notificationIdList')))
  .min(1, zodText(text(messages, 'notificationIdsAtLeastOne')))
  .max(NOTIFICATIONS_READ_MAX, zodText(text(messages, 'notificationIdsAtMost', { max: NOTIFICATIONS_READ_MAX })));

/** POST /api/notifications/read: `{ids}` or `{all: true}`; the caller's own only (others' ids are ignored). */
export const markNotificationsReadInput = z.union(
  [z.strictObject({ ids: idList }), z.strictObject({ all: z.literal(true, zodText(text(messages, 'allMustBeTrue'))) })],
  zodText(text(messages, 'sendIdsOrAll', { ids: '{"ids": [...]}', all: '{"all": true}' })),
);
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadInput>;

const preferenceFields = {
  kind: z.enum(NOTIFICATION_KINDS, zodText(text(messages, 'mustBeOneOf', { field: 'kind', options: NOTIFICATION_KINDS.join(', ') }))),
  inApp: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'inApp' }))),
  email: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'email' }))),
};

/** A kind's choices: in the app (the bell), by email, and pushed to the person's devices (docs/product.md §12.21). */
export const notificationPreference = z.object({ ...preferenceFields, push: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreference>;

/** A kind's choices as sent: push may be left out (then it stays as it was, on for a kind never chosen). */
export const notificationPreferenceInput = z.object({ ...preferenceFields, push: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'push' }))).optional() });
export type NotificationPreferenceInput = z.infer<typeof notificationPreferenceInput>;

/** GET and PUT /api/notification-preferences: one entry per kind the caller can receive. */
export const notificationPreferences = z.object({ preferences: z.array(notificationPreference) });
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const updateNotificationPreferencesInput = z.strictObject({
  preferences: z
    .array(notificationPreferenceInput, zodText(text(messages, 'preferencesList')))
    .min(1, zodText(text(messages, 'preferencesAtLeastOne')))
    .max(NOTIFICATION_KINDS.length, zodText(text(messages, 'preferencesAtMost', { max: NOTIFICATION_KINDS.length })))
    .refine((list) => new Set(list.map((item) => item.kind)).size === list.length, zodText(text(messages, 'eachKindOnce'))),
});
export type UpdateNotificationPreferencesInput = z.input<typeof updateNotificationPreferencesInput>;
