import type { Notification } from '@contract/notifications';
import { BellOff, CheckCheck, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useLatestNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { NotificationSettings } from './notification-settings';

const itemId = (id: number) => `notification-${id}`;

/** What the bell opens: the latest notifications, or their settings. */
export function NotificationPanel() {
  // 'back': the list again, after the settings; the focus returns to the button that opened them.
  const [view, setView] = useState<'list' | 'settings' | 'back'>('list');
  if (view === 'settings') return <NotificationSettings onBack={() => setView('back')} />;
  return <NotificationList onSettings={() => setView('settings')} focusSettings={view === 'back'} />;
}

function NotificationList({ onSettings, focusSettings }: { onSettings: () => void; focusSettings: boolean }) {
  const t = useT(messages);
  const latest = useLatestNotifications();
  const markRead = useMarkNotificationsRead();
  const list = useRef<HTMLUListElement>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (focusSettings) settingsButton.current?.focus();
  }, [focusSettings]);

  // The button that had the focus goes once the notifications read: the list, or the item, takes it. While the
  // request is on its way the buttons are marked busy rather than disabled, so that they keep the focus meanwhile.
  const markAll = () => !markRead.isPending && markRead.mutate({ all: true }, { onSuccess: () => list.current?.focus() });
  const markOne = (id: number) => markRead.mutate({ ids: [id] }, { onSuccess: () => document.getElementById(itemId(id))?.focus() });

  const unread = latest.data?.unreadCount ?? 0;
  const notifications = latest.data?.notifications ?? [];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <p className="text-sm text-slate-700">{unread > 0 ? t('unreadCount', { count: unread }) : t('allRead')}</p>
        {/* Wraps: "Mark all read" and "Settings" are wider than a phone's popover in German. */}
        <div className="flex flex-wrap items-center gap-1">
          <Button variant="ghost" size="sm" onClick={markAll} disabled={unread === 0} aria-disabled={markRead.isPending || undefined}>
            <CheckCheck aria-hidden="true" />
            {t('markAllRead')}
          </Button>
          {/* Not lucide's Settings icon: shared with the sign-up settings, it put a group of owner-tab modules in the
              agent dashboard's first load (vite.config.ts merges small shared groups). */}
          <Button ref={settingsButton} variant="ghost" size="sm" onClick={onSettings}>
            <SlidersHorizontal aria-hidden="true" />
            {t('settings')}
          </Button>
        </div>
      </div>
      {markRead.isError && (
        // Here rather than in a toast: a toast over the popover would take the Escape that closes it.
        <p role="alert" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
          {errorMessage(markRead.error, t('markReadFailed'))}
        </p>
      )}
      {latest.isPending ? (
        <Spinner label={t('loadingNotifications')} className="min-h-32" />
      ) : latest.isError ? (
        <div className="p-4">
          <LoadError error={latest.error} fallback={t('loadFailed')} />
        </div>
      ) : notifications.length === 0 ? (
        <EmptyState icon={BellOff} title={t('nothingNew')} className="m-4 py-8" />
      ) : (
        <>
          <span id={hintId} className="sr-only">
            {t('markReadHint')}
          </span>
          {/* Focusable, so that a long list can be scrolled from the keyboard once nothing in it is a button. */}
          <ul
            ref={list}
            tabIndex={0}
            aria-label={t('latestNotifications')}
            className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          >
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                hintId={hintId}
                onRead={markRead.isPending ? undefined : () => markOne(notification.id)}
              />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** One notification; an unread one is marked (a dot, a tint and "Unread" for screen readers) and reads on a click. */
function NotificationItem({ notification, hintId, onRead }: { notification: Notification; hintId: string; onRead: (() => void) | undefined }) {
  const t = useT(messages);
  const unread = notification.readAt === null;
  const content = (
    <>
      <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread && 'bg-brand-600')} aria-hidden="true" />
      <span className="grid min-w-0 gap-0.5 [overflow-wrap:anywhere]">
        {unread && <span className="sr-only">{t('unreadPrefix')} </span>}
        <span className={cn('text-sm text-slate-900', unread ? 'font-semibold' : 'font-medium')}>{notification.title}</span>
        <span className="text-sm text-slate-700">{notification.body}</span>
        <time dateTime={notification.createdAt} className="text-xs text-slate-600">
          {formatDateTime(notification.createdAt)}
        </time>
      </span>
    </>
  );
  return (
    <li
      id={itemId(notification.id)}
      tabIndex={-1}
      className="border-b border-slate-100 last:border-b-0 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
    >
      {unread ? (
        <button
          type="button"
          aria-describedby={hintId}
          aria-disabled={onRead ? undefined : true}
          onClick={onRead}
          className="flex w-full gap-3 bg-brand-50 px-4 py-3 text-left hover:bg-brand-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          {content}
        </button>
      ) : (
        <div className="flex gap-3 px-4 py-3">{content}</div>
      )}
    </li>
  );
}
