import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card';

/**
 * A page with one card in the middle of the screen, for those who are not signed in (sign-in, a forgotten or new
 * password): its heading, with an icon centred above it if given, a line under it, then `children`.
 */
export function AuthCardPage({
  icon: Icon,
  title,
  description,
  contentClassName,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  description: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className={Icon ? 'items-center text-center' : undefined}>
          {Icon && <Icon className="size-10 text-brand-600" aria-hidden="true" />}
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </main>
  );
}
