import { WEBHOOK_EVENT_TYPES, type CreateWebhookInput, type WebhookEventType, type WebhookFormat } from '@contract/webhooks';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The formats in the order offered, each with its words. */
const FORMATS: readonly WebhookFormat[] = ['json', 'slack', 'teams'];
const FORMAT_WORDS = {
  json: { label: 'formatJson', hint: 'formatJsonHint' },
  slack: { label: 'formatChat', hint: 'formatChatHint' },
  teams: { label: 'formatTeams', hint: 'formatTeamsHint' },
} as const satisfies Record<WebhookFormat, { label: keyof typeof messages.en; hint: keyof typeof messages.en }>;

/** Each event's words (contract/webhooks.ts' WEBHOOK_EVENT_LABELS, in the language shown). */
export const EVENT_LABELS = {
  'entry.created': 'eventEntryCreated',
  'entry.voided': 'eventEntryVoided',
  'tier.reached': 'eventTierReached',
  'claim.created': 'eventClaimCreated',
  'claim.updated': 'eventClaimUpdated',
  'agent.created': 'eventAgentCreated',
  'agent.deleted': 'eventAgentDeleted',
  'tier.updated': 'eventTierUpdated',
  'data.changed': 'eventDataChanged',
  'activity.created': 'eventActivityCreated',
  'activity.voided': 'eventActivityVoided',
  'goal.reached': 'eventGoalReached',
  'contest.started': 'eventContestStarted',
  'contest.ended': 'eventContestEnded',
  'contest.final': 'eventContestFinal',
  'badge.awarded': 'eventBadgeAwarded',
} as const satisfies Record<WebhookEventType, keyof typeof messages.en>;

/** A webhook's URL, format and events, as "Add webhook" and "Edit webhook" ask for them. */
export function WebhookFields<Checked>({ form }: { form: UseFormReturn<CreateWebhookInput, unknown, Checked> }) {
  const t = useT(messages);
  const eventsId = useId();
  const formatId = useId();
  const { errors } = form.formState;
  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <>
      <FormField label={t('url')} error={errors.url?.message} hint={t('urlHint')}>
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://hooks.example.com/tiertrack" {...form.register('url')} />
      </FormField>
      <ChoiceFieldset legend={t('format')} legendId={formatId}>
        {FORMATS.map((format) => (
          <ChoiceCard key={format} control={<input type="radio" value={format} className={choiceInputClass} {...form.register('format')} />}>
            <span className="text-sm font-medium text-slate-900">{t(FORMAT_WORDS[format].label)}</span>
            <span className="text-xs text-slate-600">{t(FORMAT_WORDS[format].hint)}</span>
          </ChoiceCard>
        ))}
      </ChoiceFieldset>
      <ChoiceFieldset id={eventsId} legend={t('events')} error={eventsError}>
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
                {t(EVENT_LABELS[event])}
              </span>
              <code className="font-mono text-xs text-slate-600">{event}</code>
            </ChoiceCard>
          ))}
        </div>
      </ChoiceFieldset>
    </>
  );
}
