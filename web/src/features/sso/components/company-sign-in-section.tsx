import { SSO_CLAIM_MAX, SSO_LABEL_MAX, type SsoSettingsView } from '@contract/sso';
import { Building2, Loader2, Save, Trash2 } from 'lucide-react';
import { Fragment, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
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
import { useT } from '../../../lib/i18n/translate';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { PART, withPart } from '../../../components/ui/message-part';
import { useRemoveSsoSettings, useSaveSsoSettings, useSsoSettings } from '../api/sso-settings';
import { messages } from '../messages';
import { checkSsoForm, EMPTY_SSO_FORM, fieldOfIssue, formOf, isUnchanged, SSO_FIELDS, type SsoErrors, type SsoField, type SsoForm } from '../utils/sso-form';

const SECTION_ID = 'settings-company-sign-in';

/** The second element's mark in a message of two elements (the first's is PART). */
const SECOND_PART = '\u2064';

/** A message formatted with marks (PART, SECOND_PART) as values, each mark replaced by its element, in any order. */
function withParts(text: string, parts: ReadonlyArray<readonly [mark: string, part: ReactNode]>): ReactNode {
  const pattern = new RegExp(`(${parts.map(([mark]) => mark).join('|')})`);
  return (
    <>
      {text.split(pattern).map((piece, index) => (
        <Fragment key={index}>{parts.find(([mark]) => mark === piece)?.[1] ?? piece}</Fragment>
      ))}
    </>
  );
}

/**
 * The owner's company sign-in (docs/decisions/0090-company-sign-in.md), a section of the Settings tab saved on its own:
 * the provider's issuer and this app's client there, the button's label, the email domains let in, an optional role
 * claim that makes managers, and whether passwords stop working for everyone but the owner.
 */
export function CompanySignInSection() {
  const t = useT(messages);
  const settings = useSsoSettings();
  return (
    <SectionCard id={SECTION_ID} icon={Building2} title={t('title')} description={t('description')}>
      {settings.isError ? (
        <LoadError error={settings.error} fallback={t('loadFailed')} />
      ) : settings.data ? (
        <CompanySignInForm saved={settings.data} />
      ) : (
        <Spinner label={t('loading')} className="min-h-40" />
      )}
    </SectionCard>
  );
}

function CompanySignInForm({ saved }: { saved: SsoSettingsView }) {
  const t = useT(messages);
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
  const label = form.label.trim();
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
          title: t('savedTitle'),
          description: view.required ? t('savedRequired', { label: view.label }) : t('savedOffered', { label: view.label }),
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
        else setRefusal(errorMessage(error, t('notSaved')));
      },
    });
  }

  function removeSettings() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setForm(EMPTY_SSO_FORM);
        setErrors({});
        setRefusal(null);
        toast({ title: t('removedTitle'), description: t('removedText'), variant: 'success' });
        // Its button is gone with the settings: the focus goes to the first field, to set it up again.
        focus('issuer');
      },
      onError: (error) => {
        if (isReauthenticationCancelled(error)) return;
        setRefusal(errorMessage(error, t('notRemoved')));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${SECTION_ID}-heading`} className="grid gap-5">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" role="status">
        {saved.configured ? (
          <>
            <Badge variant="success">{t('on')}</Badge>
            <span>
              {t('offered', { label: saved.label, required: saved.required ? 'yes' : 'no' })}
              {saved.updatedAt && <> {t('lastSaved', { date: formatDateTime(saved.updatedAt) })}</>}
            </span>
          </>
        ) : (
          <>
            <Badge variant="secondary">{t('off')}</Badge>
            <span>{t('passwordsOnly')}</span>
          </>
        )}
      </p>

      <CopyField label={t('redirectUrl')} value={saved.redirectUrl} what={t('redirectUrlWhat')} hint={t('redirectUrlHint')} />

      <FormField label={t('issuer')} error={errors.issuer} hint={t('issuerHint')}>
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
        <FormField label={t('clientId')} error={errors.clientId} hint={t('clientIdHint')}>
          <Input ref={clientIdInput} value={form.clientId} autoComplete="off" spellCheck={false} onChange={(event) => set('clientId', event.target.value)} />
        </FormField>
        <FormField
          label={t('clientSecret')}
          error={errors.clientSecret}
          hint={saved.hasSecret ? t('secretSavedHint') : t('secretHint')}
        >
          <Input
            ref={clientSecretInput}
            type="password"
            value={form.clientSecret}
            autoComplete="off"
            spellCheck={false}
            placeholder={saved.hasSecret ? t('secretPlaceholder') : undefined}
            onChange={(event) => set('clientSecret', event.target.value)}
          />
        </FormField>
      </div>

      <FormField label={t('buttonLabel')} error={errors.label} hint={t('buttonLabelHint', { label: form.label.trim() || 'Acme' })}>
        <Input ref={labelInput} value={form.label} maxLength={SSO_LABEL_MAX} autoComplete="organization" onChange={(event) => set('label', event.target.value)} />
      </FormField>

      <FormField
        label={t('domains')}
        error={errors.allowedDomains}
        hint={t('domainsHint')}
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
        <legend className="px-1 text-sm font-medium text-slate-800">{t('managersLegend')}</legend>
        <p className="text-sm text-slate-700">
          {withParts(t('managersText', { claim: PART, value: SECOND_PART }), [
            [PART, <code key="claim" className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-900 [overflow-wrap:anywhere]">{form.roleClaim.trim() || t('claimWord')}</code>],
            [SECOND_PART, <code key="value" className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-900 [overflow-wrap:anywhere]">{form.managerValue.trim() || t('valueWord')}</code>],
          ])}
        </p>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t('roleClaim')} error={errors.roleClaim} hint={t('roleClaimHint')}>
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
          <FormField label={t('managerValue')} error={errors.managerValue} hint={t('managerValueHint')}>
            <Input
              ref={managerValueInput}
              value={form.managerValue}
              maxLength={SSO_CLAIM_MAX}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('managerValuePlaceholder')}
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
              {t('requireLabel')}
            </Label>
            <p id={`${id}-required-hint`} className="text-xs text-slate-600">
              {label ? t('requireHint', { label }) : t('requireHintUnnamed')}
            </p>
          </div>
        </div>
        {!ownerHasTwoFactor && (
          <p id={`${id}-required-2fa`} className="text-xs text-slate-700">
            {withPart(
              t('needsTwoFactor', { link: PART }),
              <Link href={paths.account} className="font-medium text-brand-700 underline underline-offset-4">
                {t('setUpTwoFactor')}
              </Link>,
            )}
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
          {save.isPending ? t('checkingProvider') : t('save')}
        </Button>
        {saved.configured && (
          <ConfirmDialog
            trigger={
              <Button variant="destructive-outline" aria-disabled={remove.isPending}>
                <Trash2 aria-hidden="true" />
                {t('remove')}
              </Button>
            }
            title={t('removeTitle')}
            description={t('removeDescription', { label: saved.label })}
            confirmLabel={t('remove')}
            onConfirm={removeSettings}
          >
            <p className="text-sm text-slate-700">{t('removeNote')}</p>
          </ConfirmDialog>
        )}
        {unchanged && <span className="text-sm text-slate-600">{t('noChanges')}</span>}
      </div>
    </form>
  );
}
