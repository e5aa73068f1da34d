import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookInput, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type CreatedWebhook, type CreateWebhookInput } from '@contract/webhooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useCreateWebhook } from '../api/webhooks';

type NewWebhookForm = CreateWebhookInput;

// A new tier is what chat channels most want to hear of.
const emptyForm: NewWebhookForm = { url: '', events: ['tier.reached'], format: 'json' };

const formats = [
  { value: 'json', label: 'JSON', hint: 'The event as JSON, for a program (a CRM, Zapier, your own service).' },
  { value: 'slack', label: 'Chat message', hint: 'A sentence, for a Slack, Mattermost or Rocket.Chat incoming-webhook URL.' },
] as const;

/** "Add webhook": the URL, the format and the events; the webhook made (with its secret) goes to `onCreated`. */
export function NewWebhookDialog({ onCreated }: { onCreated: (webhook: CreatedWebhook) => void }) {
  const create = useCreateWebhook();
  const form = useForm<NewWebhookForm, unknown, z.output<typeof createWebhookInput>>({
    resolver: zodResolver(createWebhookInput),
    defaultValues: emptyForm,
  });
  const eventsId = useId();
  const formatId = useId();
  const { errors } = form.formState;
  const eventsError = errors.events?.message ?? errors.events?.root?.message;

  return (
    <CreateFormDialog
      title="Add webhook"
      description="Each event you tick is sent to this address as it happens, signed with a secret you see next."
      submitLabel="Add webhook"
      form={form}
      create={create.mutate}
      pending={create.isPending}
      onCreated={onCreated}
      failure="Failed to add the webhook"
      onRefused={(error) => {
        // The server's refusal of the address (private, loopback) belongs next to the URL.
        if (!(error instanceof ApiError && error.status === 400 && error.serverMessage)) return false;
        form.setError('url', { message: error.serverMessage });
        return true;
      }}
    >
      <FormField label="URL" error={errors.url?.message} hint="An https:// address on the internet.">
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://hooks.example.com/tiertrack" {...form.register('url')} />
      </FormField>
      <ChoiceFieldset legend="Format" legendId={formatId}>
        {formats.map((format) => (
          <ChoiceCard
            key={format.value}
            control={<input type="radio" value={format.value} className={choiceInputClass} {...form.register('format')} />}
          >
            <span className="text-sm font-medium text-slate-900">{format.label}</span>
            <span className="text-xs text-slate-600">{format.hint}</span>
          </ChoiceCard>
        ))}
      </ChoiceFieldset>
      <ChoiceFieldset id={eventsId} legend="Events" error={eventsError}>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <ChoiceCard
              key={event}
              size="compact"
              control={
                <input
                  type="checkbox"
                  value={event}
                  className={choiceInputClass}
                  aria-labelledby={`${eventsId}-${event}`}
                  aria-invalid={eventsError ? true : undefined}
                  {...form.register('events')}
                />
              }
            >
              <span id={`${eventsId}-${event}`} className="text-sm text-slate-900">
                {WEBHOOK_EVENT_LABELS[event]}
              </span>
              <code className="font-mono text-xs text-slate-600">{event}</code>
            </ChoiceCard>
          ))}
        </div>
      </ChoiceFieldset>
    </CreateFormDialog>
  );
}
