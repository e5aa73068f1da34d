import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface SectionHeadingProps {
  /** Lets the section be labelled by its heading (aria-labelledby). */
  id?: string;
  title: string;
  description?: ReactNode;
  /** Actions shown beside the title, e.g. an "Add" button; they wrap below it on narrow screens. */
  children?: ReactNode;
  className?: string;
}

/** The h2 of a page section with an optional description and actions. */
export function SectionHeading({ id, title, description, children, className }: SectionHeadingProps) {
  return (
    <div className={cn('flex flex-wrap items-end justify-between gap-3', className)}>
      <div className="min-w-0">
        <h2 id={id} className="text-xl font-semibold tracking-tight text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}
