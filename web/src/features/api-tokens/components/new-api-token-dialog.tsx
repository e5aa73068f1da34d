import { zodResolver } from '@hookform/resolvers/zod';
import { API_SCOPE_LABELS, API_SCOPES, createApiTokenInput, type CreatedApiToken, type CreateApiTokenInput } from '@contract/api-tokens';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
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
  const dialog = useFormDialog(() => form.reset(emptyForm));
  const scopesId = useId();
  const { errors } = form.formState;
  const scopesError = errors.scopes?.message;

  const onSubmit = form.handleSubmit((values) =>
    createToken.mutate(toInput(values), {
      onSuccess: (created) => {
        dialog.done();
        onCreated(created);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to create the API token'), variant: 'destructive' }),
    }),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          New API token
        </Button>
      }
      title="New API token"
      description="A token for one system, such as a CRM or a script. It may do only what you tick."
      onSubmit={onSubmit}
      pending={createToken.isPending}
      submitLabel="Create token"
    >
      <FormField label="Name" error={errors.name?.message} hint="What uses it, e.g. CRM sync.">
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={scopesError ? `${scopesId}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Scopes</legend>
        {API_SCOPES.map((scope) => (
          <label
            key={scope}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="checkbox"
              value={scope}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
              aria-labelledby={`${scopesId}-${scope}`}
              aria-describedby={`${scopesId}-${scope}-code`}
              aria-invalid={scopesError ? true : undefined}
              {...form.register('scopes')}
            />
            <span className="grid min-w-0 gap-0.5">
              <span id={`${scopesId}-${scope}`} className="text-sm font-medium text-slate-900">
                {API_SCOPE_LABELS[scope]}
              </span>
              <code id={`${scopesId}-${scope}-code`} className="font-mono text-xs text-slate-600">
                {scope}
              </code>
            </span>
          </label>
        ))}
        {scopesError && (
          <p id={`${scopesId}-error`} className="text-sm font-medium text-red-700">
            {scopesError}
          </p>
        )}
      </fieldset>
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
    </FormDialog>
  );
}
