import { zodResolver } from '@hookform/resolvers/zod';
import { createIncomeEntryInput } from '@contract/income-entries';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCreateIncomeEntry } from '../api/create-income-entry';
import { AgentCombobox } from '../../../components/agents/agent-combobox';
import { currencySymbol } from '../../../lib/format';

// The amount and description rules are the request's own (Amount is required, Amount cannot be zero);
// the agent picker holds an id as text, empty until an agent is picked.
const incomeEntryForm = z.object({
  agentId: z.string().min(1, 'Please select an agent'),
  amount: createIncomeEntryInput.shape.amount,
  description: createIncomeEntryInput.shape.description,
});
type IncomeEntryFormInput = z.input<typeof incomeEntryForm>;
type IncomeEntryFormOutput = z.output<typeof incomeEntryForm>;

const emptyForm: IncomeEntryFormInput = { agentId: '', amount: '', description: '' };
const FIELDS_ON_SCREEN = ['agentId', 'amount', 'description'] as const;

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
  const createEntry = useCreateIncomeEntry();
  const form = useForm<IncomeEntryFormInput, unknown, IncomeEntryFormOutput>({
    resolver: zodResolver(incomeEntryForm),
    defaultValues: emptyForm,
    // The form library would focus the first field it registered (the amount: the agent picker registers after it);
    // the first field on screen with an error gets the focus instead (onInvalid below).
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createEntry.mutate(
      { ...values, agentId: Number(values.agentId), description: values.description || undefined, date: new Date().toISOString() },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Income entry added successfully', variant: 'success' });
          onDone();
        },
        onError: (error) =>
          toast({ title: 'Error', description: errorMessage(error, 'Failed to add income entry'), variant: 'destructive' }),
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
          <FormField label="Agent" error={errors.agentId?.message} hint="Type part of a name or email, then pick the agent.">
            {/* Focused when the form arrives after the dialog opened (its code still loading then). */}
            <AgentCombobox inputRef={field.ref} onBlur={field.onBlur} onChange={field.onChange} autoFocus />
          </FormField>
        )}
      />
      <FormField label={`Amount (${currencySymbol()})`} error={errors.amount?.message} hint="Negative amounts are recorded as deductions.">
        <Input type="number" step="0.01" inputMode="decimal" placeholder="0.00" {...form.register('amount')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <Textarea rows={3} placeholder="e.g. Enterprise deal closed" {...form.register('description')} />
      </FormField>
      <FormDialogFooter onCancel={onCancel} pending={createEntry.isPending} submitLabel="Add Entry" pendingLabel="Adding..." />
    </form>
  );
}
