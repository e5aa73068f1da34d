import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { AuthCardPage } from '../../components/layouts/auth-card-page';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/password-reset-request/components/forgot-password-form';

/**
 * /forgot-password: anyone asks for a one-time password link by email (docs/product.md §12.9); it leads to
 * /reset-password#token=... and works once, for 30 minutes. Reached from both sign-in forms.
 */
export default function ForgotPasswordPage() {
  return (
    <AuthCardPage
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter the email you sign in with. We will email you a link to set a new password."
      contentClassName="grid gap-6"
    >
      <ForgotPasswordForm />
      <nav aria-label="Sign-in pages" className="flex flex-col items-center gap-2 text-sm">
        <Link href={paths.agentPortal} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Back to the Agent Portal
        </Link>
        <Link href={paths.login} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Owner and manager sign-in
        </Link>
      </nav>
    </AuthCardPage>
  );
}
