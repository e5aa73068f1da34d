import { CONNECTOR_DEFAULTS, CONNECTOR_PROVIDER_LABELS, CONNECTOR_PROVIDERS, type ConnectorAgentBy, type ConnectorProvider } from '@contract/connectors';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PROFIT, useMetrics } from '../../../lib/metrics';
import type { ConnectorForm } from '../utils/connector-form';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-invalid:border-red-600 sm:text-sm';

const agentByChoices: ReadonlyArray<{ value: ConnectorAgentBy; label: string; hint: string }> = [
  {
    value: 'externalUserId',
    label: 'CRM user id',
    hint: "HubSpot, Pipedrive and Salesforce send their user's id, so this is the usual choice there: the first won deal of each CRM user waits until you pick their agent, once.",
  },
  { value: 'email', label: 'Email', hint: "The deal owner's email is an agent's email. For a system of your own that sends emails." },
];

/** What the won stage means for each provider, and what else it may be. */
const stageHints: Record<ConnectorProvider, string> = {
  hubspot: 'The dealstage that means won. Empty: "closedwon", the default pipeline\'s; another pipeline\'s won stage has an id of its own.',
  pipedrive: 'Empty: a deal marked won (status "won"). Or a stage id: a deal in that stage counts as won.',
  salesforce: 'Empty: the opportunity\'s IsWon is true. Or a StageName that means won, such as "Closed Won".',
  generic: 'Empty: the body\'s "won" (true or false). Or the "stage" text that means won.',
};

/**
 * A connector's fields, as "Add connector" and "Edit connector" ask for them. The provider and its credential (HubSpot's
 * client secret, Salesforce's organisation id) only when adding: they stay as made.
 */
export function ConnectorFields<Checked>({ form, adding }: { form: UseFormReturn<ConnectorForm, unknown, Checked>; adding: boolean }) {
  const agentById = useId();
  const { errors } = form.formState;
  const provider = useWatch({ control: form.control, name: 'provider' });
  const metric = useWatch({ control: form.control, name: 'metric' });
  const metrics = useMetrics();
  // The active metrics, and the connector's own when it was switched off since (the select shows what it feeds).
  const metricOptions = (metrics.data ?? [PROFIT]).filter((option) => option.active || option.key === metric);
  const defaults = CONNECTOR_DEFAULTS[provider];
  return (
    <>
      {adding && (
        <FormField label="CRM" error={errors.provider?.message}>
          <select className={selectClass} {...form.register('provider')}>
            {CONNECTOR_PROVIDERS.map((option) => (
              <option key={option} value={option}>
                {CONNECTOR_PROVIDER_LABELS[option]}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label="Name" error={errors.name?.message} hint="For you: the list and the audit trail show it.">
        <Input autoComplete="off" placeholder="e.g. Main pipeline" {...form.register('name')} />
      </FormField>
      <ChoiceFieldset id={agentById} legend="Match deal owners to agents by" error={errors.agentBy?.message}>
        {agentByChoices.map((choice) => (
          <ChoiceCard
            key={choice.value}
            control={<input type="radio" value={choice.value} className={choiceInputClass} aria-labelledby={`${agentById}-${choice.value}`} {...form.register('agentBy')} />}
          >
            <span id={`${agentById}-${choice.value}`} className="text-sm font-medium text-slate-900">
              {choice.label}
            </span>
            <span className="text-xs text-slate-600">{choice.hint}</span>
          </ChoiceCard>
        ))}
      </ChoiceFieldset>
      <FormField
        label="Metric"
        error={errors.metric?.message}
        hint="Profit records each won deal's amount as an income entry; another metric records an activity (1 per deal for a count)."
      >
        <select className={selectClass} {...form.register('metric')}>
          {metricOptions.map((option) => (
            <option key={option.key} value={option.key}>
              {option.name}
              {option.active ? '' : ' (switched off)'}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Amount field (optional)" error={errors.amountField?.message} hint={`The deal field holding the amount. Empty: "${defaults.amountField}".`}>
          <Input autoComplete="off" spellCheck={false} placeholder={defaults.amountField} {...form.register('amountField')} />
        </FormField>
        <FormField label="Won stage (optional)" error={errors.stage?.message} hint={stageHints[provider]}>
          <Input autoComplete="off" spellCheck={false} placeholder={defaults.stage} {...form.register('stage')} />
        </FormField>
      </div>
      {adding && provider === 'hubspot' && (
        <FormField
          label="HubSpot client secret"
          error={errors.clientSecret?.message}
          hint="Your HubSpot app's client secret (its Auth settings): HubSpot signs each webhook with it, and the connector checks the signature."
        >
          <Input type="password" autoComplete="off" spellCheck={false} {...form.register('clientSecret')} />
        </FormField>
      )}
      {adding && provider === 'salesforce' && (
        <FormField
          label="Salesforce organisation id"
          error={errors.organizationId?.message}
          hint="Setup, Company Information: 00D followed by 12 or 15 letters and digits. Messages from another organisation are refused."
        >
          <Input autoComplete="off" spellCheck={false} placeholder="00D..." {...form.register('organizationId')} />
        </FormField>
      )}
      {errors.root?.request?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.root.request.message}
        </p>
      )}
    </>
  );
}
