import { zodResolver } from '@hookform/resolvers/zod';
import { createIncomeEntryInput } from '@contract/income-entries';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { DateInput } from '../../../components/ui/date-input';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { setServerIssues } from '../../../lib/server-issues';
import { useCreateIncomeEntry } from '../api/create-income-entry';
import { AgentCombobox } from '../../../components/agents/agent-combobox';
import { currencySymbol, orgLocale } from '../../../lib/format';
import { localDayOf } from '../../../lib/calendar-day';
import { dayPattern, isCalendarDay } from '../../../lib/day-field';
import { translate, useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The amount and description rules are the request's own (Amount is required, Amount cannot be zero);
// the agent picker holds an id as text, empty until an agent is picked.
// The deal date: a day from January 1, 2000 to today (the server's window, in the organisation's time zone; the browser
// takes its own today, and the server refuses a day after the organisation's).
const EARLIEST_DAY = '2000-01-01';
// Made again at each render, so that its messages are in the language shown.
const incomeEntryForm = (today: string) =>
  z.object({
    agentId: z.string().min(1, translate(messages, 'selectAgent')),
    amount: createIncomeEntryInput.shape.amount,
    day: z
      .string()
      .min(1, translate(messages, 'pickDealDay'))
      .refine(isCalendarDay, translate(messages, 'enterDealDate', { pattern: dayPattern(orgLocale()).placeholder }))
      .refine((day) => day <= today, translate(messages, 'dealDateAfterToday'))
      // Noon of the day in the browser's time zone, so that the date is the same day wherever it is written.
      .refine((day) => day >= EARLIEST_DAY, translate(messages, 'dealDateTooEarly', { date: new Date(2000, 0, 1, 12) })),
    description: createIncomeEntryInput.shape.description,
  });
type IncomeEntryFormInput = z.input<ReturnType<typeof incomeEntryForm>>;
type IncomeEntryFormOutput = z.output<ReturnType<typeof incomeEntryForm>>;

const FIELDS_ON_SCREEN = ['agentId', 'amount', 'day', 'description'] as const;

interface IncomeEntryFormProps {
  /** The entry was recorded (the dialog closes). */
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The Add Income Entry form (docs/product.md §8.1, §11.6), in a chunk of its own: the validator and the form library load when the
 * dialog is about to be used, not with the dashboard.
 */
export default function IncomeEntryForm({ onDone, onCancel }: IncomeEntryFormProps) {
  const t = useT(messages);
  const createEntry = useCreateIncomeEntry();
  const [today] = useState(() => localDayOf(new Date()));
  const form = useForm<IncomeEntryFormInput, unknown, IncomeEntryFormOutput>({
    resolver: zodResolver(incomeEntryForm(today)),
    defaultValues: { agentId: '', amount: '', day: today, description: '' },
    // The form library would focus the first field it registered (the amount: the agent picker registers after it);
    // the first field on screen with an error gets the focus instead (onInvalid below).
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createEntry.mutate(
      // Today counts as now on the server; an earlier day at its noon.
      { agentId: Number(values.agentId), amount: values.amount, day: values.day, description: values.description || undefined },
      {
        onSuccess: () => {
          toast({ title: t('success'), description: t('entryAdded'), variant: 'success' });
          onDone();
        },
        // A reason about a field shows under it; any other in a toast.
        onError: (error) => {
          if (!setServerIssues(form.setError, error, FIELDS_ON_SCREEN)) toast({ title: t('error'), description: errorMessage(error, t('addFailed')), variant: 'destructive' });
        },
      },
    ),
    (invalid) => {
      const first = FIELDS_ON_SCREEN.find((name) => invalid[name]);
      if (first) form.setFocus(first);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Controller
        control={form.control}
        name="agentId"
        render={({ field }) => (
          <FormField label={t('agent')} error={errors.agentId?.message} hint={t('agentHint')}>
            {/* Focused when the form arrives after the dialog opened (its code still loading then). */}
            <AgentCombobox inputRef={field.ref} onBlur={field.onBlur} onChange={field.onChange} autoFocus />
          </FormField>
        )}
      />
      <FormField label={t('amountLabel', { currency: currencySymbol() })} error={errors.amount?.message} hint={t('amountHint')}>
        <Input type="number" step="0.01" inputMode="decimal" placeholder="0.00" {...form.register('amount')} />
      </FormField>
      <Controller
        control={form.control}
        name="day"
        render={({ field }) => (
          <FormField label={t('dealDate')} error={errors.day?.message} hint={t('dealDateHint')}>
            <DateInput inputRef={field.ref} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} min={EARLIEST_DAY} max={today} />
          </FormField>
        )}
      />
      <FormField label={t('descriptionOptional')} error={errors.description?.message}>
        <Textarea rows={3} placeholder={t('descriptionPlaceholder')} {...form.register('description')} />
      </FormField>
      <FormDialogFooter onCancel={onCancel} pending={createEntry.isPending} submitLabel={t('addEntry')} pendingLabel={t('adding')} />
    </form>
  );
}
