import { createConnectorInput, type CreatedConnector } from '@contract/connectors';
import { PROFIT_METRIC } from '@contract/limits';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { useCreateConnector } from '../api/connectors';
import { CONNECTOR_FIELD_OF_PATH, CONNECTOR_FORM_FIELDS, contractResolver, createInputOf, type ConnectorForm } from '../utils/connector-form';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { ConnectorFields } from './connector-fields';

// HubSpot first, as the contract lists the providers; the three CRMs send user ids.
const emptyForm: ConnectorForm = {
  provider: 'hubspot',
  name: '',
  agentBy: 'externalUserId',
  metric: PROFIT_METRIC,
  amountField: '',
  stage: '',
  clientSecret: '',
  organizationId: '',
};

const resolver = contractResolver(createConnectorInput, createInputOf);

/** "Add connector": the CRM, a name and how its deals are read; the connector made (with its credentials) goes to `onCreated`. */
export function NewConnectorDialog({ onCreated }: { onCreated: (connector: CreatedConnector) => void }) {
  const t = useT(messages);
  const create = useCreateConnector();
  const form = useForm<ConnectorForm, unknown, z.output<typeof createConnectorInput>>({ resolver, defaultValues: emptyForm });
  return (
    <CreateFormDialog
      title={t('addConnector')}
      description={t('addDescription')}
      submitLabel={t('addConnector')}
      form={form}
      create={create.mutate}
      pending={create.isPending}
      onCreated={onCreated}
      failure={t('addFailed')}
      fields={CONNECTOR_FORM_FIELDS}
      fieldOfPath={CONNECTOR_FIELD_OF_PATH}
    >
      <ConnectorFields form={form} adding />
    </CreateFormDialog>
  );
}
