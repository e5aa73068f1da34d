import * as ProgressPrimitive from '@radix-ui/react-progress';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Progress({
  className,
  value,
  indicatorClassName,
  ...props
}: ComponentProps<typeof ProgressPrimitive.Root> & { indicatorClassName?: string }) {
  const clamped = Math.min(100, Math.max(0, value ?? 0));
  return (
    <ProgressPrimitive.Root className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200', className)} value={clamped} {...props}>
      <ProgressPrimitive.Indicator
        className={cn('h-full w-full flex-1 bg-brand-600 transition-transform', indicatorClassName)}
        style={{ transform: `translateX(-${100 - clamped}%)`, visibility: clamped === 0 ? 'hidden' : undefined }}
      />
    </ProgressPrimitive.Root>
  );
}
