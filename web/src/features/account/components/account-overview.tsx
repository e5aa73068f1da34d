import type { AuthUser } from '@contract/auth';
import { KeyRound, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/ui/section-card';
import { ChangeStaffPasswordForm } from './change-staff-password-form';

const roleNames: Record<AuthUser['role'], string> = { owner: 'Owner', manager: 'Manager' };

/**
 * /dashboard/account for a signed-in owner or manager: who they are signed in as, their password, and (`twoFactor`
 * and `devices`, features of their own that the page puts in) their second factor and where they are signed in.
 */
export function AccountOverview({ user, twoFactor, devices }: { user: AuthUser; twoFactor?: ReactNode; devices?: ReactNode }) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your account</h1>
        <p className="mt-1 text-slate-700">Who you are signed in as, your password, and where you are signed in.</p>
      </div>
      <SectionCard id="account-details" icon={UserRound} title="Your details" description="The account you are signed in with.">
        <dl className="grid gap-4 sm:grid-cols-3">
          <AccountDetail term="Name">{user.name}</AccountDetail>
          <AccountDetail term="Email">{user.email}</AccountDetail>
          <AccountDetail term="Role">{roleNames[user.role]}</AccountDetail>
        </dl>
      </SectionCard>
      <SectionCard id="account-password" icon={KeyRound} title="Change password" description="Choose a new password to sign in with.">
        <ChangeStaffPasswordForm email={user.email} />
      </SectionCard>
      {twoFactor}
      {devices}
    </div>
  );
}

function AccountDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
