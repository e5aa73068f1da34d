import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** What a list shows when it has nothing in it: an icon, a short title and what to do next. */
export function EmptyState({ icon: Icon, title, description, className, children }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center', className)}>
      <Icon className="size-10 text-slate-400" aria-hidden="true" />
      <p className="font-semibold text-slate-900">{title}</p>
      {description && <p className="max-w-sm text-sm text-slate-600">{description}</p>}
      {children}
    </div>
  );
}
