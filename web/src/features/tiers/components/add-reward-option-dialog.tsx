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
import { translate, useT } from '../../../lib/i18n/translate';
import { setServerIssues } from '../../../lib/server-issues';
import { useCreateRewardOption } from '../api/create-reward-option';
import { messages } from '../messages';
import { categoryKey } from './reward-category';

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
  const t = useT(messages);
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
          toast({ title: translate(messages, 'success'), description: translate(messages, 'optionAdded'), variant: 'success' });
          setAdded(true);
          dialog.done();
        },
        onError: (error) => {
          if (!setServerIssues(form.setError, error, ['title', 'description', 'category'])) toast({ title: translate(messages, 'error'), description: errorMessage(error, translate(messages, 'addFailed')), variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        trigger ?? (
          <Button size="sm" variant="outline" aria-label={t('addOptionTo', { tier: tier.name })}>
            <Plus aria-hidden="true" />
            {t('add')}
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
      title={t('addOptionTitle')}
      description={t('addOptionDescription', { tier: tier.name })}
      onSubmit={onSubmit}
      pending={createOption.isPending}
      submitLabel={t('addReward')}
    >
      <FormField label={t('title')} error={errors.title?.message}>
        <Input placeholder={t('titlePlaceholder')} {...form.register('title')} />
      </FormField>
      <FormField label={t('description')} error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
            <FormField label={t('category')} error={errors.category?.message}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={t('selectCategory')} />
              </SelectTrigger>
            </FormField>
            <SelectContent>
              {rewardCategories.map((category) => (
                <SelectItem key={category} value={category}>
                  {t('categoryName', { category: categoryKey(category) })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormDialog>
  );
}
