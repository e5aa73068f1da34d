import { CONNECTOR_DEFAULTS, CONNECTOR_PROVIDERS, type ConnectorAgentBy, type ConnectorProvider } from '@contract/connectors';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PROFIT, useMetrics } from '../../../lib/metrics';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import type { ConnectorForm } from '../utils/connector-form';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-invalid:border-red-600 sm:text-sm';

/** The ways deal owners become agents, in the order offered, each with its words. */
const AGENT_BY_CHOICES: readonly ConnectorAgentBy[] = ['externalUserId', 'email'];
const AGENT_BY_WORDS = {
  externalUserId: { label: 'agentByUserId', hint: 'agentByUserIdHint' },
  email: { label: 'agentByEmail', hint: 'agentByEmailHint' },
} as const satisfies Record<ConnectorAgentBy, { label: keyof typeof messages.en; hint: keyof typeof messages.en }>;

/** What the won stage means for each provider, and what else it may be. */
const STAGE_HINTS = {
  hubspot: 'stageHintHubspot',
  pipedrive: 'stageHintPipedrive',
  salesforce: 'stageHintSalesforce',
  generic: 'stageHintGeneric',
} as const satisfies Record<ConnectorProvider, keyof typeof messages.en>;

/**
 * A connector's fields, as "Add connector" and "Edit connector" ask for them. The provider and its credential (HubSpot's
 * client secret, Salesforce's organisation id) only when adding: they stay as made.
 */
export function ConnectorFields<Checked>({ form, adding }: { form: UseFormReturn<ConnectorForm, unknown, Checked>; adding: boolean }) {
  const t = useT(messages);
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
        <FormField label={t('crm')} error={errors.provider?.message}>
          <select className={selectClass} {...form.register('provider')}>
            {CONNECTOR_PROVIDERS.map((option) => (
              <option key={option} value={option}>
                {t('providerName', { provider: option })}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label={t('name')} error={errors.name?.message} hint={t('nameHint')}>
        <Input autoComplete="off" placeholder={t('namePlaceholder')} {...form.register('name')} />
      </FormField>
      <ChoiceFieldset id={agentById} legend={t('agentByLegend')} error={errors.agentBy?.message}>
        {AGENT_BY_CHOICES.map((choice) => (
          <ChoiceCard
            key={choice}
            control={<input type="radio" value={choice} className={choiceInputClass} aria-labelledby={`${agentById}-${choice}`} {...form.register('agentBy')} />}
          >
            <span id={`${agentById}-${choice}`} className="text-sm font-medium text-slate-900">
              {t(AGENT_BY_WORDS[choice].label)}
            </span>
            <span className="text-xs text-slate-600">{t(AGENT_BY_WORDS[choice].hint)}</span>
          </ChoiceCard>
        ))}
      </ChoiceFieldset>
      <FormField label={t('metric')} error={errors.metric?.message} hint={t('metricHint')}>
        <select className={selectClass} {...form.register('metric')}>
          {metricOptions.map((option) => (
            <option key={option.key} value={option.key}>
              {option.active ? option.name : t('metricOff', { name: option.name })}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t('amountField')} error={errors.amountField?.message} hint={t('amountFieldHint', { field: defaults.amountField })}>
          <Input autoComplete="off" spellCheck={false} placeholder={defaults.amountField} {...form.register('amountField')} />
        </FormField>
        <FormField label={t('wonStage')} error={errors.stage?.message} hint={t(STAGE_HINTS[provider])}>
          <Input autoComplete="off" spellCheck={false} placeholder={defaults.stage} {...form.register('stage')} />
        </FormField>
      </div>
      {adding && provider === 'hubspot' && (
        <FormField label={t('hubspotSecret')} error={errors.clientSecret?.message} hint={t('hubspotSecretHint')}>
          <Input type="password" autoComplete="off" spellCheck={false} {...form.register('clientSecret')} />
        </FormField>
      )}
      {adding && provider === 'salesforce' && (
        <FormField label={t('salesforceOrg')} error={errors.organizationId?.message} hint={t('salesforceOrgHint')}>
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
