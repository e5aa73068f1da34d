import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { useOrgSettings } from '../../lib/org-settings';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * The top bar of the agent screens: the product name (back to home), an optional status (the live-update indicator)
 * and the screen's own actions.
 */
export function AgentBrandHeader({ subtitle, status, children }: { subtitle?: string; status?: ReactNode; children?: ReactNode }) {
  const { orgName } = useOrgSettings();
  const t = useT(messages);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link href={paths.home} className="flex items-center gap-2 rounded-md text-lg font-bold text-brand-900">
          <Crown className="size-6 text-brand-600" aria-hidden="true" />
          <span>{orgName}</span>
          {subtitle && <span className="hidden text-sm font-medium text-slate-600 sm:inline">· {subtitle}</span>}
        </Link>
        {(status || children) && (
          <div className="flex flex-wrap items-center gap-3">
            {status}
            {children && <nav aria-label={t('accountNav')} className="flex flex-wrap items-center gap-2">{children}</nav>}
          </div>
        )}
      </div>
    </header>
  );
}
