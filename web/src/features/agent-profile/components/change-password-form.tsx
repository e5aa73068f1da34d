import { MIN_PASSWORD_LENGTH } from '@contract/limits';
import { PasswordChangeForm } from '../../../components/accounts/password-change-form';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useChangeMyPassword } from '../api/change-my-password';

const validation = lazyZodResolver(() => import('./profile-schemas').then((module) => module.changePasswordForm));

/** A new password for the agent (POST /api/agents/me/password): the agent's other devices are signed out. */
export function ChangePasswordForm({ email }: { email: string }) {
  return <PasswordChangeForm email={email} minLength={MIN_PASSWORD_LENGTH} validation={validation} change={useChangeMyPassword()} />;
}
