import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/*
 * A panel that opens under its trigger, over the page (the notification bell's list). Built on Radix's Dialog, not
 * modal, as no popover primitive is installed: the page stays usable, Escape or a click outside closes it, the focus
 * moves in when it opens and back to the trigger when it closes. No portal and no positioning library: put the
 * trigger and the content in a `relative` element (PopoverAnchor); the content hangs from its right edge and is moved
 * sideways when that would take it off screen.
 */

export function Popover(props: Omit<ComponentProps<typeof DialogPrimitive.Root>, 'modal'>) {
  return <DialogPrimitive.Root modal={false} {...props} />;
}
export const PopoverTrigger = DialogPrimitive.Trigger;
export const PopoverClose = DialogPrimitive.Close;

export function PopoverAnchor({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('relative', className)} {...props} />;
}

export function PopoverTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-base font-semibold text-slate-900', className)} {...props} />;
}

/** Space kept between the panel and the sides of the screen. */
const SCREEN_MARGIN_PX = 8;

/** Moves the panel sideways, if needed, so that it stays SCREEN_MARGIN_PX inside the screen; again on each resize. */
function keepOnScreen(node: HTMLElement | null) {
  if (!node) return;
  const place = () => {
    node.style.translate = '';
    const { left, right } = node.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const shift = left < SCREEN_MARGIN_PX ? SCREEN_MARGIN_PX - left : right > width - SCREEN_MARGIN_PX ? width - SCREEN_MARGIN_PX - right : 0;
    if (shift !== 0) node.style.translate = `${shift}px 0`;
  };
  place();
  window.addEventListener('resize', place);
  return () => window.removeEventListener('resize', place);
}

/** The panel. It has a PopoverTitle as its name; a description is optional (none is announced unless given). */
export function PopoverContent({ className, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Content
      ref={keepOnScreen}
      aria-describedby={undefined}
      className={cn(
        'absolute right-0 top-full z-40 mt-2 flex w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-xl',
        className,
      )}
      {...props}
    />
  );
}
