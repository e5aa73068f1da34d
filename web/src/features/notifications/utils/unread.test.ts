import type { Notification, NotificationPage } from '@contract/notifications';
import { describe, expect, it } from 'vitest';
import { bellLabel, markedRead, unreadBadgeText } from './unread';

const note = (id: number, readAt: string | null = null): Notification => ({
  id,
  kind: 'tier_reached',
  title: `Title ${id}`,
  body: 'Body',
  createdAt: '2026-11-20T10:00:00.000Z',
  readAt,
});
const AT = '2026-11-23T09:00:00.000Z';

describe('the bell', () => {
  it('caps the badge at 99+ and names the exact count', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(250)).toBe('Notifications, 250 unread');
  });
});

describe('markedRead', () => {
  const page: NotificationPage = { notifications: [note(3), note(2, '2026-11-21T00:00:00.000Z'), note(1)], unreadCount: 5, nextOffset: 3 };

  it('marks the named unread ones and lowers the count by them only', () => {
    const next = markedRead(page, { ids: [3, 2] }, AT);
    expect(next.notifications.map((n) => n.readAt)).toEqual([AT, '2026-11-21T00:00:00.000Z', null]);
    expect(next.unreadCount).toBe(4);
  });

  it('marks everything for {all: true}, the ones beyond the page too', () => {
    const next = markedRead(page, { all: true }, AT);
    expect(next.notifications.every((n) => n.readAt !== null)).toBe(true);
    expect(next.unreadCount).toBe(0);
    expect(next.nextOffset).toBe(3);
  });

  it('never counts below zero', () => {
    expect(markedRead({ ...page, unreadCount: 0 }, { ids: [1, 3] }, AT).unreadCount).toBe(0);
  });
});
