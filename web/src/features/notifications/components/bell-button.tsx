import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { bellLabel, unreadBadgeText } from '../utils/unread';
import { useLanguage } from '../../../lib/i18n/language';

/** The bell's button: the unread count on a badge and in its name. The popover's trigger, and its stand-in before. */
export function BellButton({ unread, className, ...props }: { unread: number } & ComponentProps<typeof Button>) {
  // Renders again with the language (bellLabel translates).
  useLanguage();
  return (
    <Button variant="outline" size="icon" aria-label={bellLabel(unread)} className={cn('relative data-[state=open]:bg-slate-100', className)} {...props}>
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
  );
}
