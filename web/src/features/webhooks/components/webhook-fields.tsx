import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type CreateWebhookInput, type WebhookFormat } from '@contract/webhooks';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

const formats = [
  { value: 'json', label: 'JSON', hint: 'The event as JSON, for a program (a CRM, Zapier, your own service).' },
  { value: 'slack', label: 'Chat message', hint: 'A sentence, for a Slack, Mattermost or Rocket.Chat incoming-webhook URL.' },
  {
    value: 'teams',
    label: 'Microsoft Teams',
    hint: 'An Adaptive Card, for a Teams Workflows webhook URL (Post to a channel when a webhook request is received).',
  },
] as const satisfies readonly { value: WebhookFormat; label: string; hint: string }[];

/** A webhook's URL, format and events, as "Add webhook" and "Edit webhook" ask for them. */
export function WebhookFields<Checked>({ form }: { form: UseFormReturn<CreateWebhookInput, unknown, Checked> }) {
  const eventsId = useId();
  const formatId = useId();
  const { errors } = form.formState;
  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <>
      <FormField label="URL" error={errors.url?.message} hint="An https:// address on the internet.">
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://hooks.example.com/tiertrack" {...form.register('url')} />
      </FormField>
      <ChoiceFieldset legend="Format" legendId={formatId}>
        {formats.map((format) => (
          <ChoiceCard key={format.value} control={<input type="radio" value={format.value} className={choiceInputClass} {...form.register('format')} />}>
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
    </>
  );
}
