import { zodResolver } from '@hookform/resolvers/zod';
import { createWebhookInput, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type CreatedWebhook, type CreateWebhookInput } from '@contract/webhooks';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
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
  const dialog = useFormDialog(() => form.reset(emptyForm));
  const eventsId = useId();
  const formatId = useId();
  const { errors } = form.formState;
  const eventsError = errors.events?.message ?? errors.events?.root?.message;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        dialog.done();
        onCreated(created);
      },
      onError: (error) => {
        // The server's refusal of the address (private, loopback) belongs next to the URL.
        if (error instanceof ApiError && error.status === 400 && error.serverMessage) {
          form.setError('url', { message: error.serverMessage });
          return;
        }
        toast({ title: 'Error', description: errorMessage(error, 'Failed to add the webhook'), variant: 'destructive' });
      },
    }),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          Add webhook
        </Button>
      }
      title="Add webhook"
      description="Each event you tick is sent to this address as it happens, signed with a secret you see next."
      onSubmit={onSubmit}
      pending={create.isPending}
      submitLabel="Add webhook"
    >
      <FormField label="URL" error={errors.url?.message} hint="An https:// address on the internet.">
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://hooks.example.com/tiertrack" {...form.register('url')} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend id={formatId} className="mb-1.5 text-sm font-medium text-slate-800">
          Format
        </legend>
        {formats.map((format) => (
          <label
            key={format.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input type="radio" value={format.value} className="mt-0.5 size-4 shrink-0 accent-brand-600" {...form.register('format')} />
            <span className="grid min-w-0 gap-0.5">
              <span className="text-sm font-medium text-slate-900">{format.label}</span>
              <span className="text-xs text-slate-600">{format.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-2" aria-describedby={eventsError ? `${eventsId}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Events</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <label
              key={event}
              className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-slate-300 p-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="checkbox"
                value={event}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
                aria-labelledby={`${eventsId}-${event}`}
                aria-invalid={eventsError ? true : undefined}
                {...form.register('events')}
              />
              <span className="grid min-w-0 gap-0.5">
                <span id={`${eventsId}-${event}`} className="text-sm text-slate-900">
                  {WEBHOOK_EVENT_LABELS[event]}
                </span>
                <code className="font-mono text-xs text-slate-600">{event}</code>
              </span>
            </label>
          ))}
        </div>
        {eventsError && (
          <p id={`${eventsId}-error`} className="text-sm font-medium text-red-700">
            {eventsError}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}
