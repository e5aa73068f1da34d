import { lazy, Suspense, useState } from 'react';
import { useAfterFirstPaint } from '../../../hooks/use-after-first-paint';
import { useLatestNotifications } from '../api/get-notifications';
import { BellButton } from './bell-button';

// The popover (Radix's, with its positioning library: about 15 KB) comes after the screen's first paint; until then
// the same button stands in, and a click on it opens the popover as soon as it has loaded.
const NotificationPopover = lazy(() => import('./notification-popover').then((m) => ({ default: m.NotificationPopover })));

/**
 * The bell of a signed-in person's header (docs/product.md §12.13): the unread count on a badge and in the button's
 * name; it opens the latest notifications, with their settings. The count is read once the screen's content has
 * painted (`contentShown`: whether the screen shows its content yet, rather than a spinner): it is not what the
 * person came for.
 */
export function NotificationBell({ className, contentShown = true }: { className?: string; contentShown?: boolean }) {
  const painted = useAfterFirstPaint(contentShown);
  const [clickedEarly, setClickedEarly] = useState(false);
  const latest = useLatestNotifications({ enabled: painted });
  const unread = latest.data?.unreadCount ?? 0;
  // A keyboard user may be on the stand-in when the popover's button replaces it: the focus moves with them.
  const [standInFocused, setStandInFocused] = useState(false);
  const standIn = (
    <BellButton
      unread={unread}
      className={className}
      onClick={() => setClickedEarly(true)}
      onFocus={() => setStandInFocused(true)}
      onBlur={() => setStandInFocused(false)}
    />
  );
  if (!painted && !clickedEarly) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NotificationPopover unread={unread} className={className} defaultOpen={clickedEarly} takeFocus={standInFocused} />
    </Suspense>
  );
}
