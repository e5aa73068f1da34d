import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_REWARD_CATEGORY, rewardCategories, rewardOptionForm, type RewardOptionForm } from '@contract/rewards';
import type { TierSetting } from '@contract/tiers';
import { Plus } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { setServerIssues } from '../../../lib/server-issues';
import { useCreateRewardOption } from '../api/create-reward-option';

const emptyForm: RewardOptionForm = { title: '', description: '', category: DEFAULT_REWARD_CATEGORY };

interface AddRewardOptionDialogProps {
  tier: TierSetting;
  /** The form's starting values (a line of the rewards text made an option); empty by default. */
  initial?: Pick<RewardOptionForm, 'title' | 'description'>;
  /** The button that opens the dialog; the tier card's "Add" by default. */
  trigger?: ReactElement;
  /** Where focus goes once the option was added, when the trigger goes away with it. */
  onAddedFocus?: () => void;
}

export function AddRewardOptionDialog({ tier, initial, trigger, onAddedFocus }: AddRewardOptionDialogProps) {
  const createOption = useCreateRewardOption();
  const start: RewardOptionForm = { ...emptyForm, ...initial };
  const form = useForm<RewardOptionForm, unknown, z.output<typeof rewardOptionForm>>({
    resolver: zodResolver(rewardOptionForm),
    defaultValues: start,
  });
  const dialog = useFormDialog(() => form.reset(start));
  const [added, setAdded] = useState(false);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createOption.mutate(
      { ...values, tierId: tier.id, isActive: true },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Reward option added successfully', variant: 'success' });
          setAdded(true);
          dialog.done();
        },
        onError: (error) => {
          if (!setServerIssues(form.setError, error, ['title', 'description', 'category'])) toast({ title: 'Error', description: errorMessage(error, 'Failed to add reward'), variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        trigger ?? (
          <Button size="sm" variant="outline" aria-label={`Add reward option to ${tier.name}`}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        )
      }
      onCloseAutoFocus={(event) => {
        if (added && onAddedFocus) {
          event.preventDefault();
          onAddedFocus();
        }
        setAdded(false);
      }}
      title="Add Reward Option"
      description={`Agents who reach ${tier.name} can pick this reward.`}
      onSubmit={onSubmit}
      pending={createOption.isPending}
      submitLabel="Add Reward"
    >
      <FormField label="Title" error={errors.title?.message}>
        <Input placeholder="e.g. Wireless Headphones" {...form.register('title')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
            <FormField label="Category" error={errors.category?.message}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder="Select a category" />
              </SelectTrigger>
            </FormField>
            <SelectContent>
              {rewardCategories.map((category) => (
                <SelectItem key={category} value={category}>
                  {category}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormDialog>
  );
}
