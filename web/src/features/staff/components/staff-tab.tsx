import type { UserAccount } from '@contract/auth';
import { ShieldOff, UserMinus } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { useDeleteUser } from '../api/delete-user';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { ResetLinkButton } from '../../../components/accounts/reset-link-button';
import { useUsers } from '../../../lib/users';
import { AddManagerDialog } from './add-manager-dialog';
import { PART, withPart } from '../../../components/ui/message-part';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** Owner only: the accounts that can open this dashboard. Managers see figures but change nothing. */
export function StaffTab() {
  const t = useT(messages);
  const currentUserId = useUser().user?.id;
  const users = useUsers();
  return (
    <section aria-labelledby="staff-heading" className="grid grid-cols-1 gap-6">
      <SectionHeading
        id="staff-heading"
        title={t('staff')}
        description={t('staffDescription')}
      >
        <AddManagerDialog />
      </SectionHeading>
      {users.isPending ? (
        <Spinner label={t('loadingStaff')} className="min-h-40" />
      ) : users.isError ? (
        <LoadError error={users.error} fallback={t('staffFailed')} />
      ) : (
        <Card>
          <CardContent className="pt-6">
            <ul className="divide-y divide-slate-100" aria-labelledby="staff-heading">
              {users.data.map((account) => (
                <StaffMember key={account.id} account={account} isYou={account.id === currentUserId} />
              ))}
            </ul>
            {!users.data.some((account) => account.role === 'manager') && (
              <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
                {t('noManagers')}
              </p>
            )}
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function StaffMember({ account, isYou }: { account: UserAccount; isYou: boolean }) {
  const t = useT(messages);
  const deleteUser = useDeleteUser({
    onSuccess: () => toast({ title: t('success'), description: t('managerRemoved'), variant: 'success' }),
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('removeFailed')), variant: 'destructive' }),
  });
  const onConfirm = () => deleteUser.mutate(account.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="min-w-0 [overflow-wrap:anywhere]">{account.name}</span>
          <Badge variant={account.role === 'owner' ? 'default' : 'secondary'}>{t('role', { role: account.role })}</Badge>
          {isYou && <span className="text-xs font-normal text-slate-600">{t('you')}</span>}
          {account.twoFactorEnabled && <Badge variant="success">{t('twoFactorOn')}</Badge>}
        </p>
        <p className="break-all text-sm text-slate-700">{account.email}</p>
        <p className="text-xs text-slate-600">
          {withPart(t('addedOn', { date: PART }), <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>)}
        </p>
      </div>
      {!isYou && (
        <div className="flex flex-wrap gap-2">
          <ResetLinkButton account={{ kind: 'user', id: account.id, name: account.name }} />
          {account.twoFactorEnabled && <ResetTwoFactorButton account={account} />}
          {account.role === 'manager' && (
            <ConfirmDialog
              trigger={
                <Button variant="destructive-outline" size="sm" disabled={deleteUser.isPending} aria-label={t('removeName', { name: account.name })}>
                  <UserMinus aria-hidden="true" />
                  {deleteUser.isPending ? t('removing') : t('remove')}
                </Button>
              }
              title={t('removeTitle', { name: account.name })}
              description={t('removeText', { email: account.email })}
              confirmLabel={t('removeManager')}
              onConfirm={onConfirm}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** For someone who lost their authenticator and recovery codes: they sign in with the password alone, then set it up again. */
function ResetTwoFactorButton({ account }: { account: UserAccount }) {
  const t = useT(messages);
  const reset = useResetTwoFactor({
    onSuccess: () => toast({ title: t('success'), description: t('twoFactorOff', { name: account.name }), variant: 'success' }),
    onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('twoFactorFailed')), variant: 'destructive' }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={reset.isPending} aria-label={t('turnOffFor', { name: account.name })}>
          <ShieldOff aria-hidden="true" />
          {reset.isPending ? t('turningOff') : t('resetTwoFactor')}
        </Button>
      }
      title={t('turnOffTitle', { name: account.name })}
      description={t('turnOffText')}
      confirmLabel={t('turnOff')}
      onConfirm={() => reset.mutate(account.id)}
    />
  );
}
