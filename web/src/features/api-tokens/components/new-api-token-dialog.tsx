import { zodResolver } from '@hookform/resolvers/zod';
import { API_SCOPES, createApiTokenInput, type ApiScope, type CreatedApiToken, type CreateApiTokenInput } from '@contract/api-tokens';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useCreateApiToken } from '../api/create-api-token';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each scope's words (contract/api-tokens.ts' API_SCOPE_LABELS, in the language shown). */
export const SCOPE_LABELS = {
  read: 'scopeRead',
  'entries:write': 'scopeEntriesWrite',
  'agents:write': 'scopeAgentsWrite',
  'activities:write': 'scopeActivitiesWrite',
  scim: 'scopeScim',
} as const satisfies Record<ApiScope, keyof typeof messages.en>;

const EXPIRIES = ['30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRIES)[number];
/** How many days from now each expiry ends; `never` sends no expiresAt. */
const EXPIRY_DAYS: Record<Expiry, number | null> = { '30': 30, '90': 90, '365': 365, never: null };

/** The contract's name and scopes, and an expiry chosen from a list rather than typed as a timestamp. */
const newApiTokenForm = createApiTokenInput.pick({ name: true, scopes: true }).extend({
  expiry: z.enum(EXPIRIES),
});
type NewApiTokenForm = z.input<typeof newApiTokenForm>;

// No scope ticked: the owner chooses what the token may do.
const emptyForm: NewApiTokenForm = { name: '', scopes: [], expiry: '90' };

/** The request for the form's values: the expiry counted from the moment of submitting. */
function toInput({ expiry, ...values }: z.output<typeof newApiTokenForm>): CreateApiTokenInput {
  const days = EXPIRY_DAYS[expiry];
  return days === null ? values : { ...values, expiresAt: new Date(Date.now() + days * DAY_MS).toISOString() };
}

/** "New API token": a name, its scopes and an expiry; the token made is handed to `onCreated` to show once. */
export function NewApiTokenDialog({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const t = useT(messages);
  const createToken = useCreateApiToken();
  // What each expiry says.
  const expiryLabels: Record<Expiry, string> = {
    '30': t('days', { count: 30 }),
    '90': t('days', { count: 90 }),
    '365': t('oneYear'),
    never: t('never'),
  };
  const form = useForm<NewApiTokenForm, unknown, z.output<typeof newApiTokenForm>>({
    resolver: zodResolver(newApiTokenForm),
    defaultValues: emptyForm,
  });
  const scopesId = useId();
  const { errors } = form.formState;
  const scopesError = errors.scopes?.message;

  return (
    <CreateFormDialog
      title={t('newTitle')}
      description={t('newDescription')}
      submitLabel={t('createToken')}
      form={form}
      create={(values, callbacks) => createToken.mutate(toInput(values), callbacks)}
      pending={createToken.isPending}
      onCreated={onCreated}
      failure={t('createFailed')}
      fields={['name', 'scopes', 'expiry']}
      fieldOfPath={{ expiresAt: 'expiry' }}
    >
      <FormField label={t('name')} error={errors.name?.message} hint={t('nameHint')}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <ChoiceFieldset id={scopesId} legend={t('scopes')} error={scopesError}>
        {API_SCOPES.map((scope) => (
          <ChoiceCard
            key={scope}
            control={
              <input
                type="checkbox"
                value={scope}
                className={choiceInputClass}
                aria-labelledby={`${scopesId}-${scope}`}
                aria-describedby={`${scopesId}-${scope}-code`}
                aria-invalid={scopesError ? true : undefined}
                {...form.register('scopes')}
              />
            }
          >
            <span id={`${scopesId}-${scope}`} className="text-sm font-medium text-slate-900">
              {t(SCOPE_LABELS[scope])}
            </span>
            <code id={`${scopesId}-${scope}-code`} className="font-mono text-xs text-slate-600">
              {scope}
            </code>
          </ChoiceCard>
        ))}
      </ChoiceFieldset>
      <Controller
        control={form.control}
        name="expiry"
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange} name={field.name}>
            <FormField label={t('expiresAfter')} error={errors.expiry?.message} hint={t('expiresHint')}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </FormField>
            <SelectContent>
              {EXPIRIES.map((expiry) => (
                <SelectItem key={expiry} value={expiry}>
                  {expiryLabels[expiry]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </CreateFormDialog>
  );
}
