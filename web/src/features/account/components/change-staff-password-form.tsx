import { MIN_STAFF_PASSWORD_LENGTH } from '@contract/limits';
import { PasswordChangeForm } from '../../../components/accounts/password-change-form';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useChangeStaffPassword } from '../api/change-staff-password';

const validation = lazyZodResolver(() => import('./account-schemas').then((module) => module.changeStaffPasswordForm));

/** A new password for the signed-in owner or manager (POST /api/auth/password): their other devices are signed out. */
export function ChangeStaffPasswordForm({ email }: { email: string }) {
  return <PasswordChangeForm email={email} minLength={MIN_STAFF_PASSWORD_LENGTH} validation={validation} change={useChangeStaffPassword()} />;
}
