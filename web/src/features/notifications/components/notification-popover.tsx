import { X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Popover, PopoverAnchor, PopoverClose, PopoverContent, PopoverTitle, PopoverTrigger } from '../../../components/ui/popover';
import { Spinner } from '../../../components/ui/spinner';
import { BellButton } from './bell-button';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The list and the settings come in a chunk of their own: the dashboards load only the button and its count.
const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

/**
 * The bell with its popover (docs/product.md §12.13): the latest notifications and their settings. Loaded after the
 * screen's first paint, in place of the bell's plain button (notification-bell.tsx), which looks the same.
 */
export function NotificationPopover({
  unread,
  className,
  defaultOpen,
  takeFocus,
}: {
  unread: number;
  className?: string;
  defaultOpen: boolean;
  /** The stand-in had the focus: this button takes it over. */
  takeFocus: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const t = useT(messages);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor>
        <PopoverTrigger asChild>
          {/* The panel's code is fetched as the pointer or the focus reaches the bell, so that it opens with it. */}
          <BellButton
            unread={unread}
            className={className}
            autoFocus={takeFocus}
            onPointerEnter={() => void loadPanel()}
            onFocus={() => void loadPanel()}
          />
        </PopoverTrigger>
        <PopoverContent className="max-h-[min(36rem,calc(100dvh-6rem))]">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-2 pl-4 pr-2">
            <PopoverTitle>{t('title')}</PopoverTitle>
            <PopoverClose asChild>
              <Button variant="ghost" size="icon" className="size-9" aria-label={t('close')}>
                <X aria-hidden="true" />
              </Button>
            </PopoverClose>
          </div>
          <Suspense fallback={<Spinner label={t('loading')} className="min-h-32" />}>
            <NotificationPanel />
          </Suspense>
        </PopoverContent>
      </PopoverAnchor>
    </Popover>
  );
}
