import {
  CONNECTOR_DEFAULTS,
  type Connector,
  type ConnectorAgentBy,
  type ConnectorProvider,
  type CreateConnectorInput,
  type UpdateConnectorInput,
  type updateConnectorInput,
} from '@contract/connectors';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The connector dialogs' fields, as text: the optional ones are empty when not given. */
export interface ConnectorForm {
  provider: ConnectorProvider;
  name: string;
  agentBy: ConnectorAgentBy;
  metric: string;
  amountField: string;
  stage: string;
  /** HubSpot only: the app's client secret, which signs its webhooks. */
  clientSecret: string;
  /** Salesforce only: the organisation whose Outbound Messages are taken. */
  organizationId: string;
}

export type ConnectorFormField = keyof ConnectorForm;

/** The fields in screen order: a refusal's reasons go under them, the first focused. */
export const CONNECTOR_FORM_FIELDS = ['provider', 'name', 'agentBy', 'metric', 'amountField', 'stage', 'clientSecret', 'organizationId'] as const satisfies readonly ConnectorFormField[];

/** The form's field of a request path where their names differ (the mapping's fields are nested in the request). */
export const CONNECTOR_FIELD_OF_PATH: Readonly<Record<string, ConnectorFormField>> = {
  'mapping.agentBy': 'agentBy',
  'mapping.metric': 'metric',
  'mapping.amountField': 'amountField',
  'mapping.stage': 'stage',
};

const given = (text: string) => (text.trim() === '' ? undefined : text);

function mappingOf(form: ConnectorForm) {
  return { agentBy: form.agentBy, metric: form.metric, amountField: given(form.amountField), stage: given(form.stage) };
}

/** POST /api/connectors of the form: an empty optional field is left out (the provider's default applies). */
export function createInputOf(form: ConnectorForm): CreateConnectorInput {
  return {
    provider: form.provider,
    name: form.name,
    mapping: mappingOf(form),
    // Each credential only for its provider: the field of another stays hidden, and whatever it holds is not sent.
    ...(form.provider === 'hubspot' ? { clientSecret: given(form.clientSecret) } : {}),
    ...(form.provider === 'salesforce' ? { organizationId: given(form.organizationId) } : {}),
  };
}

/** The name and mapping of the edit form, as PATCH takes them. */
export function updateInputOf(form: ConnectorForm): UpdateConnectorInput {
  return { name: form.name, mapping: mappingOf(form) };
}

/** The edit form's values for a connector: its mapping as it stands (with the provider's defaults filled in). */
export function formOfConnector(connector: Connector): ConnectorForm {
  return { provider: connector.provider, name: connector.name, ...connector.mapping, clientSecret: '', organizationId: '' };
}

/**
 * What the edit changed: the name and the mapping, each sent only when it differs from the connector's. An amount field
 * or won stage left empty means the provider's default, as the server reads it.
 */
export function connectorChange(before: Connector, after: z.output<typeof updateConnectorInput>): UpdateConnectorInput {
  const mapping = after.mapping;
  const defaults = CONNECTOR_DEFAULTS[before.provider];
  const sameMapping =
    mapping === undefined ||
    (mapping.agentBy === before.mapping.agentBy &&
      mapping.metric === before.mapping.metric &&
      (mapping.amountField ?? defaults.amountField) === before.mapping.amountField &&
      (mapping.stage ?? defaults.stage) === before.mapping.stage);
  return {
    ...(after.name !== undefined && after.name !== before.name ? { name: after.name } : {}),
    ...(sameMapping ? {} : { mapping }),
  };
}

/**
 * A resolver that checks the request the form makes with the contract's own schema (the rules the server applies, once),
 * and puts each reason under the field it is about; a reason about no field goes to the form's root (`root.request`).
 */
export function contractResolver<TOutput>(schema: z.ZodType<TOutput>, requestOf: (form: ConnectorForm) => unknown): Resolver<ConnectorForm, unknown, TOutput> {
  return (values) => {
    const checked = schema.safeParse(requestOf(values));
    if (checked.success) return { values: checked.data, errors: {} };
    const errors: FieldErrors<ConnectorForm> = {};
    for (const issue of checked.error.issues) {
      const path = issue.path.join('.');
      const field = CONNECTOR_FIELD_OF_PATH[path] ?? CONNECTOR_FORM_FIELDS.find((name) => name === path);
      const reason = { type: issue.code, message: issue.message };
      if (field) errors[field] ??= reason;
      else errors.root ??= { request: reason };
    }
    return { values: {}, errors };
  };
}
