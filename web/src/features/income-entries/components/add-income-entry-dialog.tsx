import { zodResolver } from '@hookform/resolvers/zod';
import { createIncomeEntryInput } from '@contract/income-entries';
import { Loader2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCreateIncomeEntry } from '../api/create-income-entry';
import { AgentCombobox } from './agent-combobox';

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

/** The owner's Add Income Entry dialog (spec section 2 and 5); a negative amount records a deduction. */
export function AddIncomeEntryDialog() {
  const [open, setOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const createEntry = useCreateIncomeEntry();
  const form = useForm<IncomeEntryFormInput, unknown, IncomeEntryFormOutput>({
    resolver: zodResolver(incomeEntryForm),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createEntry.mutate(
      { ...values, agentId: Number(values.agentId), description: values.description || undefined, date: new Date().toISOString() },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Income entry added successfully', variant: 'success' });
          form.reset(emptyForm);
          setOpen(false);
        },
        onError: (error) =>
          toast({ title: 'Error', description: errorMessage(error, 'Failed to add income entry'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPickerOpen(false);
        if (!next) form.reset(emptyForm);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Add Income Entry
        </Button>
      </DialogTrigger>
      {/* While the agent picker shows its matches, Escape closes them rather than the dialog. */}
      <DialogContent onEscapeKeyDown={(event) => pickerOpen && event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Add Income Entry</DialogTitle>
          <DialogDescription>Record profit for an agent. Use a negative amount for a deduction.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Controller
            control={form.control}
            name="agentId"
            render={({ field }) => (
              <FormField label="Agent" error={errors.agentId?.message} hint="Type part of a name or email, then pick the agent.">
                <AgentCombobox inputRef={field.ref} onBlur={field.onBlur} onChange={field.onChange} onOpenChange={setPickerOpen} />
              </FormField>
            )}
          />
          <FormField label="Amount ($)" error={errors.amount?.message} hint="Negative amounts are recorded as deductions.">
            <Input type="number" step="0.01" inputMode="decimal" placeholder="0.00" {...form.register('amount')} />
          </FormField>
          <FormField label="Description (optional)" error={errors.description?.message}>
            <Textarea rows={3} placeholder="e.g. Enterprise deal closed" {...form.register('description')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createEntry.isPending}>
              {createEntry.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {createEntry.isPending ? 'Adding...' : 'Add Entry'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
