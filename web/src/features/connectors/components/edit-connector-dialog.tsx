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
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { ConnectorFields } from './connector-fields';

const resolver = contractResolver(updateConnectorInput, updateInputOf);

/** "Edit": the connector's name and how its deals are read, changed in place; its address and credentials stay. */
export function EditConnectorDialog({ connector }: { connector: Connector }) {
  const t = useT(messages);
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
          toast({ title: t('saved'), description: t('savedDescription'), variant: 'success' });
        },
        onError: (error) => {
          if (!setServerIssues(form.setError, error, CONNECTOR_FORM_FIELDS, CONNECTOR_FIELD_OF_PATH)) {
            toast({ title: t('error'), description: errorMessage(error, t('saveFailed')), variant: 'destructive' });
          }
        },
      },
    );
  });
  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button variant="outline" size="sm" aria-label={t('editLabel', { name: connector.name })}>
          <Pencil aria-hidden="true" />
          {t('edit')}
        </Button>
      }
      title={t('editTitle')}
      description={t('editDescription')}
      onSubmit={onSubmit}
      pending={update.isPending}
      submitLabel={t('saveChanges')}
      pendingLabel={t('saving')}
    >
      <ConnectorFields form={form} adding={false} />
    </FormDialog>
  );
}
