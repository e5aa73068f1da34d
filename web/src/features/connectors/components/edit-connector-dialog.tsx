import { updateConnectorInput, type Connector } from '@contract/connectors';
import { Pencil } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { setServerIssues } from '../../../lib/server-issues';
import { useUpdateConnector } from '../api/connectors';
import { CONNECTOR_FIELD_OF_PATH, CONNECTOR_FORM_FIELDS, connectorChange, contractResolver, formOfConnector, updateInputOf, type ConnectorForm } from '../utils/connector-form';
import { ConnectorFields } from './connector-fields';

const resolver = contractResolver(updateConnectorInput, updateInputOf);

/** "Edit": the connector's name and how its deals are read, changed in place; its address and credentials stay. */
export function EditConnectorDialog({ connector }: { connector: Connector }) {
  const update = useUpdateConnector();
  const saved = formOfConnector(connector);
  const form = useForm<ConnectorForm, unknown, z.output<typeof updateConnectorInput>>({ resolver, values: saved });
  const dialog = useFormDialog(() => form.reset(saved));
  const onSubmit = form.handleSubmit((values) => {
    const change = connectorChange(connector, values);
    if (Object.keys(change).length === 0) return dialog.done();
    update.mutate(
      { id: connector.id, change },
      {
        onSuccess: () => {
          dialog.done();
          toast({ title: 'Connector saved', description: 'Deliveries from now on are read this way; deals already recorded stay.', variant: 'success' });
        },
        onError: (error) => {
          if (!setServerIssues(form.setError, error, CONNECTOR_FORM_FIELDS, CONNECTOR_FIELD_OF_PATH)) {
            toast({ title: 'Error', description: errorMessage(error, 'Failed to save the connector'), variant: 'destructive' });
          }
        },
      },
    );
  });
  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Edit the connector ${connector.name}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      }
      title="Edit connector"
      description="Its receiving URL and credentials stay the same: the CRM keeps sending as it was set up to."
      onSubmit={onSubmit}
      pending={update.isPending}
      submitLabel="Save changes"
      pendingLabel="Saving..."
    >
      <ConnectorFields form={form} adding={false} />
    </FormDialog>
  );
}
