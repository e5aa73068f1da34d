import { render } from '@contract/i18n';
import type { SsoAudience } from '@contract/sso';
import { isSsoErrorCode, ssoErrorText } from '@contract/sso-text';
import { AlertTriangle, Building2 } from 'lucide-react';
import { useSearch } from 'wouter';
import { ssoStartHref } from '../../lib/sso-status';
import { Alert, AlertDescription } from '../ui/alert';
import { Button } from '../ui/button';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * "Sign in with <label>": a plain link (the server sends the browser on to the company's identity provider), the first
 * way in on a sign-in page while company sign-in is on (docs/decisions/0090-company-sign-in.md).
 */
export function CompanySignInLink({ label, audience, returnTo }: { label: string; audience: SsoAudience; returnTo?: string }) {
  const t = useT(messages);
  return (
    <Button asChild size="lg" className="h-auto min-h-11 w-full whitespace-normal py-2 text-center">
      <a href={ssoStartHref(audience, returnTo)}>
        <Building2 aria-hidden="true" />
        {t('signInWith', { label })}
      </a>
    </Button>
  );
}

/** The line between company sign-in and the password form under it. */
export function OrDivider() {
  const t = useT(messages);
  return (
    <div className="flex items-center gap-3">
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      <span className="text-xs font-medium uppercase tracking-wide text-slate-600">{t('or')}</span>
      <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
    </div>
  );
}

/**
 * Why the last company sign-in ended without a session: the server sends the browser back to the sign-in page with
 * `?ssoError=<code>`. Nothing while the address has none.
 */
export function SsoErrorAlert({ label }: { label: string | null }) {
  const code = new URLSearchParams(useSearch()).get('ssoError');
  const t = useT(messages);
  if (!code) return null;
  // A code this screen does not know (a newer server's): the sign-in ended, and how to go on.
  return (
    <Alert variant="destructive">
      <AlertTriangle aria-hidden="true" />
      <AlertDescription>{isSsoErrorCode(code) ? render(ssoErrorText(code, label)) : t('unknownSsoError')}</AlertDescription>
    </Alert>
  );
}
