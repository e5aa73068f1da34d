import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { AuthCardPage } from '../../components/layouts/auth-card-page';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/password-reset-request/components/forgot-password-form';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * /forgot-password: anyone asks for a one-time password link by email (docs/product.md §12.9); it leads to
 * /reset-password#token=... and works once, for 30 minutes. Reached from both sign-in forms.
 */
export default function ForgotPasswordPage() {
  const t = useT(messages);
  return (
    <AuthCardPage
      icon={KeyRound}
      title={t('forgotTitle')}
      description={t('forgotDescription')}
      contentClassName="grid gap-6"
    >
      <ForgotPasswordForm />
      <nav aria-label={t('signInPages')} className="flex flex-col items-center gap-2 text-sm">
        <Link href={paths.agentPortal} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {t('backToAgentPortal')}
        </Link>
        <Link href={paths.login} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {t('ownerManagerSignIn')}
        </Link>
      </nav>
    </AuthCardPage>
  );
}
