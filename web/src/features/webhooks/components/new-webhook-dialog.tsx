import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookInput, type CreatedWebhook, type CreateWebhookInput } from '@contract/webhooks';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useCreateWebhook } from '../api/webhooks';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { WebhookFields } from './webhook-fields';

type NewWebhookForm = CreateWebhookInput;

// A new tier is what chat channels most want to hear of.
const emptyForm: NewWebhookForm = { url: '', events: ['tier.reached'], format: 'json' };

/** "Add webhook": the URL, the format and the events; the webhook made (with its secret) goes to `onCreated`. */
export function NewWebhookDialog({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const t = useT(messages);
  const create = useCreateWebhook();
  const form = useForm<NewWebhookForm, unknown, z.output<typeof createWebhookInput>>({
    resolver: zodResolver(createWebhookInput),
    defaultValues: emptyForm,
  });

  return (
    <CreateFormDialog
      title={t('addWebhook')}
      description={t('addDescription')}
      submitLabel={t('addWebhook')}
      form={form}
      create={create.mutate}
      pending={create.isPending}
      onCreated={onCreated}
      failure={t('addFailed')}
      onRefused={(error) => {
        // The server's refusal of the address (private, loopback) belongs next to the URL.
        if (!(error instanceof ApiError && error.status === 400 && error.serverMessage)) return false;
        form.setError('url', { message: error.serverMessage });
        return true;
      }}
    >
      <WebhookFields form={form} />
    </CreateFormDialog>
  );
}
