import type { MarkNotificationsReadInput, NotificationPage } from '@contract/notifications';
import { translate } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The badge shows at most this; more reads "99+" (the bell's name still says the exact count). */
export const UNREAD_BADGE_MAX = 99;

/** The bell's badge text: the count, capped. */
export function unreadBadgeText(count: number): string {
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}

/** The bell's accessible name: "Notifications", then the unread count when there is one. */
export function bellLabel(count: number): string {
  return translate(messages, 'bellLabel', { count });
}

/**
 * The page as it reads once `which` is marked read at `at`: the list changes at once, before the read that confirms
 * it. Notifications read already keep their time; the count loses the ones marked here.
 */
export function markedRead(page: NotificationPage, which: MarkNotificationsReadInput, at: string): NotificationPage {
  const ids = 'ids' in which ? new Set(which.ids) : undefined;
  let marked = 0;
  const notifications = page.notifications.map((notification) => {
    if (notification.readAt !== null || (ids && !ids.has(notification.id))) return notification;
    marked += 1;
    return { ...notification, readAt: at };
  });
  // {all: true} also marks those beyond this page.
  const unreadCount = ids ? Math.max(0, page.unreadCount - marked) : 0;
  return { ...page, notifications, unreadCount };
}
