import { Crown, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { Button } from '../ui/button';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * The left of an owner's or manager's header: the crown, the organisation's name and what the page is. The dashboard
 * names itself with its heading (`heading`); a page with its own heading writes the name as text.
 */
export function StaffBrand({ orgName, subtitle, heading = false }: { orgName: string; subtitle: ReactNode; heading?: boolean }) {
  const Name = heading ? 'h1' : 'p';
  return (
    <div className="flex items-center gap-3">
      <Crown className="size-8 text-brand-600" aria-hidden="true" />
      <div>
        <Name className="text-xl font-bold text-slate-900">{orgName}</Name>
        <p className="text-sm text-slate-600">{subtitle}</p>
      </div>
    </div>
  );
}

/** Logout for owners and managers: a plain link, so that it works whatever state the page is in. */
export function StaffLogoutButton() {
  const t = useT(messages);
  return (
    <Button asChild variant="outline">
      <a href={paths.ownerLogout}>
        <LogOut aria-hidden="true" />
        {t('logout')}
      </a>
    </Button>
  );
}
