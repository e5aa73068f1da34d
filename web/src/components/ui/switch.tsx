import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'role' | 'type'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off control (role "switch"), in the shape of Radix's Switch: name it with a <Label htmlFor> or aria-label;
 * Space and Enter toggle it as any button.
 */
export function Switch({ checked, onCheckedChange, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-brand-600' : 'bg-slate-500',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn('pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform', checked ? 'translate-x-5' : 'translate-x-0')}
      />
    </button>
  );
}
