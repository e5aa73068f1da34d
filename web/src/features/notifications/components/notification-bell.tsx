import { Bell, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverAnchor, PopoverClose, PopoverContent, PopoverTitle, PopoverTrigger } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useLatestNotifications } from '../api/get-notifications';
import { bellLabel, unreadBadgeText } from '../utils/unread';

// The list and the settings come in a chunk of their own: the dashboards load only the button and its count.
const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

/**
 * The bell of a signed-in person's header (docs/product.md §12.13): the unread count on a badge and in the button's
 * name; it opens the latest notifications, with their settings.
 */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const latest = useLatestNotifications();
  const unread = latest.data?.unreadCount ?? 0;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor>
        <PopoverTrigger asChild>
          {/* The panel's code is fetched as the pointer or the focus reaches the bell, so that it opens with it. */}
          <Button
            variant="outline"
            size="icon"
            aria-label={bellLabel(unread)}
            className={cn('relative data-[state=open]:bg-slate-100', className)}
            onPointerEnter={() => void loadPanel()}
            onFocus={() => void loadPanel()}
          >
            <Bell aria-hidden="true" />
            {unread > 0 && (
              <span
                aria-hidden="true"
                data-testid="notification-count"
                className="absolute -right-2 -top-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] font-semibold leading-none text-white tabular-nums ring-2 ring-white"
              >
                {unreadBadgeText(unread)}
              </span>
            )}
          </Button>
        </PopoverTrigger>
        <PopoverContent className="max-h-[min(36rem,calc(100dvh-6rem))]">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-2 pl-4 pr-2">
            <PopoverTitle>Notifications</PopoverTitle>
            <PopoverClose asChild>
              <Button variant="ghost" size="icon" className="size-9" aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </PopoverClose>
          </div>
          <Suspense fallback={<Spinner label="Loading..." className="min-h-32" />}>
            <NotificationPanel />
          </Suspense>
        </PopoverContent>
      </PopoverAnchor>
    </Popover>
  );
}
