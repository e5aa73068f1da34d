import { zodResolver } from '@hookform/resolvers/zod';
import { API_SCOPE_LABELS, API_SCOPES, createApiTokenInput, type CreatedApiToken, type CreateApiTokenInput } from '@contract/api-tokens';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useCreateApiToken } from '../api/create-api-token';

const DAY_MS = 24 * 60 * 60 * 1000;

const EXPIRIES = ['30', '90', '365', 'never'] as const;
type Expiry = (typeof EXPIRIES)[number];
/** What each expiry says and how many days from now it ends; `never` sends no expiresAt. */
const expiryChoices: Record<Expiry, { label: string; days: number | null }> = {
  '30': { label: '30 days', days: 30 },
  '90': { label: '90 days', days: 90 },
  '365': { label: '1 year', days: 365 },
  never: { label: 'Never', days: null },
};

/** The contract's name and scopes, and an expiry chosen from a list rather than typed as a timestamp. */
const newApiTokenForm = createApiTokenInput.pick({ name: true, scopes: true }).extend({
  expiry: z.enum(EXPIRIES),
});
type NewApiTokenForm = z.input<typeof newApiTokenForm>;

// No scope ticked: the owner chooses what the token may do.
const emptyForm: NewApiTokenForm = { name: '', scopes: [], expiry: '90' };

/** The request for the form's values: the expiry counted from the moment of submitting. */
function toInput({ expiry, ...values }: z.output<typeof newApiTokenForm>): CreateApiTokenInput {
  const { days } = expiryChoices[expiry];
  return days === null ? values : { ...values, expiresAt: new Date(Date.now() + days * DAY_MS).toISOString() };
}

/** "New API token": a name, its scopes and an expiry; the token made is handed to `onCreated` to show once. */
export function NewApiTokenDialog({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const createToken = useCreateApiToken();
  const form = useForm<NewApiTokenForm, unknown, z.output<typeof newApiTokenForm>>({
    resolver: zodResolver(newApiTokenForm),
    defaultValues: emptyForm,
  });
  const scopesId = useId();
  const { errors } = form.formState;
  const scopesError = errors.scopes?.message;

  return (
    <CreateFormDialog
      title="New API token"
      description="A token for one system, such as a CRM or a script. It may do only what you tick."
      submitLabel="Create token"
      form={form}
      create={(values, callbacks) => createToken.mutate(toInput(values), callbacks)}
      pending={createToken.isPending}
      onCreated={onCreated}
      failure="Failed to create the API token"
      fields={['name', 'scopes', 'expiry']}
      fieldOfPath={{ expiresAt: 'expiry' }}
    >
      <FormField label="Name" error={errors.name?.message} hint="What uses it, e.g. CRM sync.">
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <ChoiceFieldset id={scopesId} legend="Scopes" error={scopesError}>
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
              {API_SCOPE_LABELS[scope]}
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
            <FormField label="Expires after" error={errors.expiry?.message} hint="After that, its requests are refused. Revoking stops it sooner.">
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
            </FormField>
            <SelectContent>
              {EXPIRIES.map((expiry) => (
                <SelectItem key={expiry} value={expiry}>
                  {expiryChoices[expiry].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </CreateFormDialog>
  );
}
