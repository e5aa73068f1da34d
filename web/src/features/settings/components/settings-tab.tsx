import { render } from '@contract/i18n';
import type { OrganisationSettings } from '@contract/settings';
import {
  canonicalLocale,
  COMMON_CURRENCIES,
  COMMON_LOCALES,
  CURRENCY_TEXT,
  isKnownCurrency,
  LOCALE_TEXT,
  ORG_NAME_MAX,
} from '@contract/settings-values';
import { Building2, Loader2, Save, ShieldCheck, UserCog } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatCurrency2, formatDate, orgLocale } from '../../../lib/format';
import { translate, useT } from '../../../lib/i18n/translate';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useOrganisationSettings, useSaveOrganisationSettings } from '../api/organisation-settings';
import { messages } from '../messages';
import { WorkingCalendarSection } from './working-calendar-section';
import { WorkingHoursSection } from './working-hours-section';
import { savedSummary } from '../utils/saved-summary';
import { PART, withPart } from '../../../components/ui/message-part';

type Field = 'orgName' | 'currency' | 'locale';
type Errors = Partial<Record<Field, string>>;

/** Currencies' and languages' names in the language shown ("Euro", "Deutsch (Deutschland)"), for the suggestions. */
function displayNames(type: 'currency' | 'language'): Intl.DisplayNames | undefined {
  if (typeof Intl.DisplayNames !== 'function') return undefined;
  try {
    return new Intl.DisplayNames([orgLocale(), 'en'], { type });
  } catch {
    return undefined;
  }
}

/** What the form sends: the fields that differ from what is saved. */
function changesOf(saved: OrganisationSettings, form: { orgName: string; currency: string; locale: string; requireManagerTwoFactor: boolean; managersRecord: boolean }) {
  const change: Partial<typeof form> = {};
  if (form.orgName.trim() !== saved.orgName) change.orgName = form.orgName.trim();
  if (form.currency.trim().toUpperCase() !== saved.currency) change.currency = form.currency.trim().toUpperCase();
  if (form.locale.trim() !== saved.locale) change.locale = form.locale.trim();
  if (form.requireManagerTwoFactor !== saved.requireManagerTwoFactor) change.requireManagerTwoFactor = form.requireManagerTwoFactor;
  if (form.managersRecord !== saved.managersRecord) change.managersRecord = form.managersRecord;
  return change;
}

/** The same rules as the server's (contract/settings.ts), checked before sending. */
function check(form: { orgName: string; currency: string; locale: string }): Errors {
  const errors: Errors = {};
  const name = form.orgName.trim();
  if (!name) errors.orgName = translate(messages, 'nameRequired');
  else if (name.length > ORG_NAME_MAX) errors.orgName = translate(messages, 'tooLong', { max: String(ORG_NAME_MAX) });
  if (!isKnownCurrency(form.currency.trim().toUpperCase())) errors.currency = render(CURRENCY_TEXT);
  if (!canonicalLocale(form.locale.trim())) errors.locale = render(LOCALE_TEXT);
  return errors;
}

/** A sample of how money and dates read with these settings, or nothing while they are not valid. */
function preview(currency: string, locale: string): string | undefined {
  const tag = canonicalLocale(locale.trim());
  const code = currency.trim().toUpperCase();
  if (!tag || !isKnownCurrency(code)) return undefined;
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: code }).format(12345.67);
  const date = new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());
  return `${money} · ${date}`;
}

/**
 * The owner's Settings tab: the organisation's name, currency and locale, and the managers' second factor; below them,
 * saved on its own, the working calendar goals count by.
 */
export function SettingsTab() {
  const t = useT(messages);
  const settings = useOrganisationSettings();
  if (settings.isError) return <LoadError error={settings.error} fallback={t('loadFailed')} />;
  if (!settings.data) return <Spinner label={t('loading')} className="min-h-40" />;
  return (
    <div className="grid max-w-2xl gap-6">
      <SettingsForm saved={settings.data} />
      <WorkingCalendarSection saved={settings.data} />
      <WorkingHoursSection saved={settings.data} />
    </div>
  );
}

function SettingsForm({ saved }: { saved: OrganisationSettings }) {
  const t = useT(messages);
  const save = useSaveOrganisationSettings();
  const [form, setForm] = useState({
    orgName: saved.orgName,
    currency: saved.currency,
    locale: saved.locale,
    requireManagerTwoFactor: saved.requireManagerTwoFactor,
    managersRecord: saved.managersRecord,
  });
  const [errors, setErrors] = useState<Errors>({});
  const currencyList = useId();
  const localeList = useId();
  const twoFactorId = useId();
  const managersRecordId = useId();
  const orgNameInput = useRef<HTMLInputElement>(null);
  const currencyInput = useRef<HTMLInputElement>(null);
  const localeInput = useRef<HTMLInputElement>(null);
  const focus = (field: Field) => ({ orgName: orgNameInput, currency: currencyInput, locale: localeInput })[field].current?.focus();
  const sample = preview(form.currency, form.locale);
  const change = changesOf(saved, form);
  const unchanged = Object.keys(change).length === 0;
  const currencyNames = displayNames('currency');
  const localeNames = displayNames('language');

  function set<K extends keyof typeof form>(key: K, value: (typeof form)[K]) {
    setForm((before) => ({ ...before, [key]: value }));
    if (key in errors) setErrors((before) => ({ ...before, [key]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    const first = (['orgName', 'currency', 'locale'] as const).find((field) => found[field]);
    if (first) {
      focus(first);
      return;
    }
    if (unchanged || save.isPending) return;
    save.mutate(change, {
      onSuccess: () => toast({ title: translate(messages, 'settingsSaved'), description: savedSummary(change, () => ({ money: formatCurrency2('1234.50'), date: formatDate(new Date()) })) }),
      onError: (error) => {
        if (isReauthenticationCancelled(error)) return;
        const fieldErrors: Errors = {};
        if (error instanceof ApiError) for (const issue of error.issues) if (issue.path === 'orgName' || issue.path === 'currency' || issue.path === 'locale') fieldErrors[issue.path] = issue.message;
        const firstRefused = (['orgName', 'currency', 'locale'] as const).find((field) => fieldErrors[field]);
        if (firstRefused) {
          setErrors(fieldErrors);
          focus(firstRefused);
        }
        else toast({ title: translate(messages, 'settingsNotSaved'), description: errorMessage(error, translate(messages, 'tryAgain')), variant: 'destructive' });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={t('formLabel')}>
      <SectionCard id="settings-organisation" icon={Building2} title={t('organisation')} description={t('organisationDescription')}>
        <div className="grid gap-4">
          <FormField label={t('orgName')} error={errors.orgName}>
            <Input ref={orgNameInput} value={form.orgName} maxLength={ORG_NAME_MAX} autoComplete="organization" onChange={(event) => set('orgName', event.target.value)} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('currency')} error={errors.currency} hint={t('currencyHint')}>
              <Input
                ref={currencyInput}
                value={form.currency}
                list={currencyList}
                maxLength={3}
                autoComplete="off"
                spellCheck={false}
                className="uppercase"
                onChange={(event) => set('currency', event.target.value)}
              />
            </FormField>
            <FormField label={t('locale')} error={errors.locale} hint={t('localeHint')}>
              <Input ref={localeInput} value={form.locale} list={localeList} autoComplete="off" spellCheck={false} onChange={(event) => set('locale', event.target.value)} />
            </FormField>
          </div>
          <datalist id={currencyList}>
            {COMMON_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {currencyNames?.of(code) ?? code}
              </option>
            ))}
          </datalist>
          <datalist id={localeList}>
            {COMMON_LOCALES.map((tag) => (
              <option key={tag} value={tag}>
                {localeNames?.of(tag) ?? tag}
              </option>
            ))}
          </datalist>
          <p className="text-sm text-slate-700" aria-live="polite">
            {sample
              ? withPart(t('preview', { sample: PART }), <span className="font-medium tabular-nums text-slate-900">{sample}</span>)
              : t('previewInvalid')}
          </p>
        </div>
      </SectionCard>

      <SectionCard id="settings-security" icon={ShieldCheck} title={t('security')} description={t('securityDescription')}>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={twoFactorId} className="leading-snug">{t('requireTwoFactor')}</Label>
            <p className="text-sm text-slate-600">{t('requireTwoFactorText')}</p>
          </div>
          <Switch id={twoFactorId} checked={form.requireManagerTwoFactor} onCheckedChange={(checked) => set('requireManagerTwoFactor', checked)} />
        </div>
      </SectionCard>

      <SectionCard id="settings-managers" icon={UserCog} title={t('managers')} description={t('managersDescription')}>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={managersRecordId} className="leading-snug">{t('managersRecord')}</Label>
            <p className="text-sm text-slate-600">{t('managersRecordText')}</p>
          </div>
          <Switch id={managersRecordId} checked={form.managersRecord} onCheckedChange={(checked) => set('managersRecord', checked)} />
        </div>
      </SectionCard>

      <div className="flex flex-wrap items-center gap-3">
        {/* Never disabled: a button that turns disabled under the focus drops it to the page. */}
        <Button type="submit" aria-disabled={save.isPending || unchanged}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {t('saveSettings')}
        </Button>
        {unchanged && <span className="text-sm text-slate-600">{t('noChanges')}</span>}
      </div>
    </form>
  );
}
