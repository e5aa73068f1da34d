import { SSO_CLAIM_MAX, SSO_LABEL_MAX, type SsoSettingsView } from '@contract/sso';
import { Building2, Loader2, Save, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { choiceInputClass } from '../../../components/ui/choice-fieldset';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { CopyField } from '../../../components/ui/secret-field';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useRemoveSsoSettings, useSaveSsoSettings, useSsoSettings } from '../api/sso-settings';
import { checkSsoForm, EMPTY_SSO_FORM, fieldOfIssue, formOf, isUnchanged, SSO_FIELDS, type SsoErrors, type SsoField, type SsoForm } from '../utils/sso-form';

const SECTION_ID = 'settings-company-sign-in';
const DESCRIPTION =
  'Let your people sign in with your company’s identity provider (OpenID Connect: Okta, Microsoft Entra ID, Google Workspace, Keycloak…), matched by their verified email.';

/**
 * The owner's company sign-in (docs/decisions/0090-company-sign-in.md), a section of the Settings tab saved on its own:
 * the provider's issuer and this app's client there, the button's label, the email domains let in, an optional role
 * claim that makes managers, and whether passwords stop working for everyone but the owner.
 */
export function CompanySignInSection() {
  const settings = useSsoSettings();
  return (
    <SectionCard id={SECTION_ID} icon={Building2} title="Company sign-in" description={DESCRIPTION}>
      {settings.isError ? (
        <LoadError error={settings.error} fallback="The company sign-in settings could not be loaded." />
      ) : settings.data ? (
        <CompanySignInForm saved={settings.data} />
      ) : (
        <Spinner label="Loading company sign-in..." className="min-h-40" />
      )}
    </SectionCard>
  );
}

function CompanySignInForm({ saved }: { saved: SsoSettingsView }) {
  const save = useSaveSsoSettings();
  const remove = useRemoveSsoSettings();
  const ownerHasTwoFactor = useUser().user?.twoFactorEnabled === true;
  const [form, setForm] = useState<SsoForm>(() => formOf(saved));
  const [errors, setErrors] = useState<SsoErrors>({});
  // A refusal no field can show (the provider, the session), above the buttons.
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  const issuerInput = useRef<HTMLInputElement>(null);
  const clientIdInput = useRef<HTMLInputElement>(null);
  const clientSecretInput = useRef<HTMLInputElement>(null);
  const labelInput = useRef<HTMLInputElement>(null);
  const domainsInput = useRef<HTMLTextAreaElement>(null);
  const roleClaimInput = useRef<HTMLInputElement>(null);
  const managerValueInput = useRef<HTMLInputElement>(null);
  const requiredInput = useRef<HTMLInputElement>(null);
  const focus = (field: SsoField) =>
    ({
      issuer: issuerInput,
      clientId: clientIdInput,
      clientSecret: clientSecretInput,
      label: labelInput,
      allowedDomains: domainsInput,
      roleClaim: roleClaimInput,
      managerValue: managerValueInput,
      required: requiredInput,
    })[field].current?.focus();
  const unchanged = isUnchanged(form, saved);
  const label = form.label.trim() || 'your company';
  const requiredDescription = [`${id}-required-hint`, ownerHasTwoFactor ? undefined : `${id}-required-2fa`, errors.required ? `${id}-required-error` : undefined]
    .filter(Boolean)
    .join(' ');

  function set<K extends SsoField>(key: K, value: SsoForm[K]) {
    setForm((before) => ({ ...before, [key]: value }));
    if (errors[key]) setErrors((before) => ({ ...before, [key]: undefined }));
    setRefusal(null);
  }

  function showErrors(found: SsoErrors) {
    setErrors(found);
    const first = SSO_FIELDS.find((field) => found[field]);
    if (first) focus(first);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || unchanged) return;
    setRefusal(null);
    const checked = checkSsoForm(form, saved);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.input, {
      onSuccess: (view) => {
        setForm(formOf(view));
        toast({
          title: 'Company sign-in saved',
          description: view.required
            ? `Managers and agents now sign in only with ${view.label}; your password still works for you.`
            : `The sign-in pages now offer “Sign in with ${view.label}”.`,
          variant: 'success',
        });
      },
      onError: (error) => {
        if (isReauthenticationCancelled(error)) return;
        const refused: SsoErrors = {};
        if (error instanceof ApiError) {
          for (const issue of error.issues) {
            const field = fieldOfIssue(issue.path);
            if (field) refused[field] ??= issue.message;
          }
        }
        if (Object.keys(refused).length > 0) showErrors(refused);
        else setRefusal(errorMessage(error, 'The company sign-in settings were not saved. Please try again.'));
      },
    });
  }

  function removeSettings() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setForm(EMPTY_SSO_FORM);
        setErrors({});
        setRefusal(null);
        toast({ title: 'Company sign-in removed', description: 'Everyone signs in with their email and password again.', variant: 'success' });
        // Its button is gone with the settings: the focus goes to the first field, to set it up again.
        focus('issuer');
      },
      onError: (error) => {
        if (isReauthenticationCancelled(error)) return;
        setRefusal(errorMessage(error, 'Company sign-in was not removed. Please try again.'));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${SECTION_ID}-heading`} className="grid gap-5">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" role="status">
        {saved.configured ? (
          <>
            <Badge variant="success">On</Badge>
            <span>
              The sign-in pages offer “Sign in with {saved.label}”{saved.required ? '; passwords work only for you' : ''}.
              {saved.updatedAt && <> Last saved {formatDateTime(saved.updatedAt)}.</>}
            </span>
          </>
        ) : (
          <>
            <Badge variant="secondary">Off</Badge>
            <span>Everyone signs in with their email and password.</span>
          </>
        )}
      </p>

      <CopyField
        label="Redirect URL"
        value={saved.redirectUrl}
        what="redirect URL"
        hint="Create an OpenID Connect web application (authorization code flow) at your provider and register this as its sign-in redirect URI. It is this server’s public address (PUBLIC_URL) followed by /api/sso/callback."
      />

      <FormField
        label="Issuer"
        error={errors.issuer}
        hint="The provider’s address, as its discovery document names it: such as https://acme.okta.com, https://login.microsoftonline.com/<tenant-id>/v2.0, https://accounts.google.com or https://sso.acme.com/realms/sales."
      >
        <Input
          ref={issuerInput}
          type="url"
          inputMode="url"
          value={form.issuer}
          autoComplete="off"
          spellCheck={false}
          placeholder="https://acme.okta.com"
          onChange={(event) => set('issuer', event.target.value)}
        />
      </FormField>

      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField label="Client ID" error={errors.clientId} hint="The client (application) id the provider gave this app.">
          <Input ref={clientIdInput} value={form.clientId} autoComplete="off" spellCheck={false} onChange={(event) => set('clientId', event.target.value)} />
        </FormField>
        <FormField
          label="Client secret"
          error={errors.clientSecret}
          hint={
            saved.hasSecret
              ? 'A secret is saved (it is never shown). Leave this empty to keep it; a new issuer or client id needs its secret again.'
              : 'The client secret the provider gave this app.'
          }
        >
          <Input
            ref={clientSecretInput}
            type="password"
            value={form.clientSecret}
            autoComplete="off"
            spellCheck={false}
            placeholder={saved.hasSecret ? 'Saved: leave empty to keep' : undefined}
            onChange={(event) => set('clientSecret', event.target.value)}
          />
        </FormField>
      </div>

      <FormField label="Button label (company name)" error={errors.label} hint={`The sign-in pages say “Sign in with ${form.label.trim() || 'Acme'}”.`}>
        <Input ref={labelInput} value={form.label} maxLength={SSO_LABEL_MAX} autoComplete="organization" onChange={(event) => set('label', event.target.value)} />
      </FormField>

      <FormField
        label="Allowed email domains"
        error={errors.allowedDomains}
        hint="One a line, or separated by commas. Only people whose verified email address is at one of these domains can sign in (a subdomain is a domain of its own)."
      >
        <Textarea
          ref={domainsInput}
          rows={3}
          value={form.allowedDomains}
          autoComplete="off"
          spellCheck={false}
          placeholder={'acme.com\nacme.co.uk'}
          onChange={(event) => set('allowedDomains', event.target.value)}
        />
      </FormField>

      <fieldset className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">Managers from a claim (optional)</legend>
        <p className="text-sm text-slate-700">
          People whose ID token’s <code className="break-all rounded bg-slate-100 px-1 font-mono text-xs text-slate-900">{form.roleClaim.trim() || 'claim'}</code>{' '}
          contains <code className="break-all rounded bg-slate-100 px-1 font-mono text-xs text-slate-900">{form.managerValue.trim() || 'value'}</code> sign in as
          managers: a manager account is made at their first sign-in, and a manager whose token no longer has it cannot sign in to the dashboard. Leave both
          empty to let in only the managers you add under Staff.
        </p>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Role claim" error={errors.roleClaim} hint="Such as groups, roles, or a path with dots: realm_access.roles.">
            <Input
              ref={roleClaimInput}
              value={form.roleClaim}
              maxLength={SSO_CLAIM_MAX}
              autoComplete="off"
              spellCheck={false}
              placeholder="groups"
              onChange={(event) => set('roleClaim', event.target.value)}
            />
          </FormField>
          <FormField label="Manager value" error={errors.managerValue} hint="The group or role name that makes a manager.">
            <Input
              ref={managerValueInput}
              value={form.managerValue}
              maxLength={SSO_CLAIM_MAX}
              autoComplete="off"
              spellCheck={false}
              placeholder="Sales Managers"
              onChange={(event) => set('managerValue', event.target.value)}
            />
          </FormField>
        </div>
      </fieldset>

      <div className="grid gap-1.5">
        <div className="flex items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input
            ref={requiredInput}
            id={`${id}-required`}
            type="checkbox"
            className={choiceInputClass}
            checked={form.required}
            aria-invalid={errors.required ? true : undefined}
            aria-describedby={requiredDescription}
            onChange={(event) => set('required', event.target.checked)}
          />
          <div className="grid min-w-0 gap-1">
            <Label htmlFor={`${id}-required`} className="leading-snug">
              Require company sign-in (passwords stop working for everyone but you)
            </Label>
            <p id={`${id}-required-hint`} className="text-xs text-slate-600">
              Managers and agents then sign in only with {label}, and agents cannot register with a password. You keep your password, with two-factor
              sign-in, as the way in when {label} is down.
            </p>
          </div>
        </div>
        {!ownerHasTwoFactor && (
          <p id={`${id}-required-2fa`} className="text-xs text-slate-700">
            Needs two-factor sign-in on your own account first:{' '}
            <Link href={paths.account} className="font-medium text-brand-700 underline underline-offset-4">
              set it up on your account page
            </Link>
            .
          </p>
        )}
        {errors.required && (
          <p id={`${id}-required-error`} className="text-sm font-medium text-red-700">
            {errors.required}
          </p>
        )}
      </div>

      {refusal && (
        <Alert variant="destructive">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      )}

      <div className="flex flex-wrap items-center gap-3">
        {/* Never disabled: a button that turns disabled under the focus drops it to the page. */}
        <Button type="submit" aria-disabled={save.isPending || unchanged}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {save.isPending ? 'Checking the provider...' : 'Save company sign-in'}
        </Button>
        {saved.configured && (
          <ConfirmDialog
            trigger={
              <Button variant="destructive-outline" aria-disabled={remove.isPending}>
                <Trash2 aria-hidden="true" />
                Remove company sign-in
              </Button>
            }
            title="Remove company sign-in?"
            description={`The sign-in pages stop offering “Sign in with ${saved.label}”, and everyone signs in with their email and password again.`}
            confirmLabel="Remove company sign-in"
            onConfirm={removeSettings}
          >
            <p className="text-sm text-slate-700">
              People whose accounts were made by a company sign-in have no password of their own yet: they set one with “Forgot your password?” or a
              password link you make.
            </p>
          </ConfirmDialog>
        )}
        {unchanged && <span className="text-sm text-slate-600">No changes to save.</span>}
      </div>
    </form>
  );
}
