import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/password-reset-request/components/forgot-password-form';

/**
 * /forgot-password: anyone asks for a one-time password link by email (docs/product.md §12.9); it leads to
 * /reset-password#token=... and works once, for 30 minutes. Reached from both sign-in forms.
 */
export default function ForgotPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <KeyRound className="size-10 text-brand-600" aria-hidden="true" />
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Forgot your password?</h1>
          <CardDescription>Enter the email you sign in with. We will email you a link to set a new password.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ForgotPasswordForm />
          <nav aria-label="Sign-in pages" className="flex flex-col items-center gap-2 text-sm">
            <Link href={paths.agentPortal} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Back to the Agent Portal
            </Link>
            <Link href={paths.login} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Owner and manager sign-in
            </Link>
          </nav>
        </CardContent>
      </Card>
    </main>
  );
}
