import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from './card';

interface SectionCardProps {
  /** Names the card's heading (`${id}-heading`), which labels the region. */
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}

/** One section of a settings-like page (a profile, an account): a region named by its heading, with an icon. */
export function SectionCard({ id, icon: Icon, title, description, children }: SectionCardProps) {
  return (
    <Card role="region" aria-labelledby={`${id}-heading`}>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight text-slate-900">
          <Icon className="size-5 text-brand-600" aria-hidden="true" />
          {title}
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}
