import type { CurrentUser } from '@contract/two-factor';
import { useState } from 'react';
import { Crown } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { CompanySignInLink, OrDivider, SsoErrorAlert } from '../../components/accounts/company-sign-in';
import { SignInForm, useSignInForm } from '../../components/accounts/sign-in-form';
import { AuthCardPage } from '../../components/layouts/auth-card-page';
import { Spinner } from '../../components/ui/spinner';
import { useOwnerLogin } from '../../features/auth/api/owner-login';
import { TwoFactorSignInForm } from '../../features/two-factor/components/two-factor-sign-in-form';
import { errorMessage } from '../../lib/api-client';
import { useAppInfo } from '../../lib/app-info';
import { useSsoStatus } from '../../lib/sso-status';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * /login: sign-in for owners and managers (reached through /api/login). With company sign-in on, "Sign in with <label>"
 * comes first; while it is required, the password form is the owner's way in when the provider is down.
 */
export default function LoginPage() {
  const [, navigate] = useLocation();
  const login = useOwnerLogin();
  const appInfo = useAppInfo();
  const sso = useSsoStatus();
  const form = useSignInForm({ defaultValues: { email: '', password: '' } });
  const demoOwner = appInfo.data?.demoOwner;
  // After a right password, with two-factor sign-in on: the code step. `ended`: why the sign-in starts over.
  const [codeStep, setCodeStep] = useState(false);
  const [ended, setEnded] = useState<string | null>(null);
  const t = useT(messages);

  // A manager who must set up two-factor sign-in first goes to the account page, where it is set up.
  const signedIn = (user: CurrentUser) => navigate(user.twoFactorSetupRequired ? paths.account : paths.home, { replace: true });

  const onSubmit = form.handleSubmit((values) => {
    setEnded(null);
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('twoFactorRequired' in answer) setCodeStep(true);
        else signedIn(answer);
      },
    });
  });

  return (
    <AuthCardPage
      icon={Crown}
      title={t('loginTitle')}
      description={codeStep ? t('loginTwoFactorStep') : t('loginDescription')}
    >
      {sso.isPending ? (
        <Spinner label={t('loading')} className="min-h-40" />
      ) : codeStep ? (
        <TwoFactorSignInForm
          onSignedIn={signedIn}
          onEnded={(message) => {
            setEnded(message);
            setCodeStep(false);
            form.setValue('password', '');
          }}
        />
      ) : (
        <div className="grid gap-4">
          <SsoErrorAlert label={sso.label} />
          {sso.enabled && sso.label !== null && (
            <>
              {/* Back to the dashboard ("/"), where the password sign-in goes too. */}
              <CompanySignInLink label={sso.label} audience="staff" returnTo={paths.home} />
              <OrDivider />
            </>
          )}
          <section aria-labelledby={sso.required ? 'owner-password-heading' : undefined} className="grid gap-4">
            {sso.required && (
              <div className="grid gap-1">
                <h2 id="owner-password-heading" className="text-base font-semibold text-slate-900">
                  {t('ownerPasswordHeading')}
                </h2>
                <p className="text-sm text-slate-700">
                  {t('ssoRequiredNote', { label: sso.label })}
                </p>
              </div>
            )}
            <SignInForm
              form={form}
              onSubmit={onSubmit}
              error={login.isError ? errorMessage(login.error, t('loginFailed')) : ended}
              pending={login.isPending}
              secondary={sso.enabled}
              demoNote={
                demoOwner && t('demoOwner', { email: demoOwner.email, password: demoOwner.password })
              }
            />
          </section>
        </div>
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('areYouAgent')}{' '}
        <Link href={paths.agentPortal} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {t('goToPortal')}
        </Link>
      </p>
    </AuthCardPage>
  );
}
