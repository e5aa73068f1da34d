import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookInput, type CreateWebhookInput, type Webhook } from '@contract/webhooks';
import { Pencil } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { setServerIssues } from '../../../lib/server-issues';
import { useUpdateWebhook } from '../api/webhooks';
import { webhookChange } from '../utils/webhook-change';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { WebhookFields } from './webhook-fields';

/** "Edit": the webhook's URL, format and events, changed in place; its secret and delivery log stay. */
export function EditWebhookDialog({ webhook }: { webhook: Webhook }) {
  const t = useT(messages);
  const update = useUpdateWebhook();
  const saved: CreateWebhookInput = { url: webhook.url, events: webhook.events, format: webhook.format };
  const form = useForm<CreateWebhookInput, unknown, z.output<typeof createWebhookInput>>({ resolver: zodResolver(createWebhookInput), values: saved });
  const dialog = useFormDialog(() => form.reset(saved));
  const onSubmit = form.handleSubmit((values) => {
    const change = webhookChange(webhook, values);
    if (Object.keys(change).length === 0) return dialog.done();
    update.mutate(
      { id: webhook.id, change },
      {
        onSuccess: () => {
          dialog.done();
          toast({ title: t('saved'), description: t('savedDescription'), variant: 'success' });
        },
        onError: (error) => {
          if (!setServerIssues(form.setError, error, ['url', 'format', 'events'])) toast({ title: t('error'), description: errorMessage(error, t('saveFailed')), variant: 'destructive' });
        },
      },
    );
  });
  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button variant="outline" size="sm" aria-label={t('editLabel', { url: webhook.url })}>
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
      <WebhookFields form={form} />
    </FormDialog>
  );
}
