import { zodResolver } from '@hookform/resolvers/zod';
import { createTvLinkInput, TV_METRIC_SLIDES_MAX, type CreatedTvLink, type CreateTvLinkInput } from '@contract/tv-links';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { choiceInputClass } from '../../../components/ui/choice-fieldset';
import { CreateFormDialog } from '../../../components/ui/create-form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useMetrics } from '../../../lib/metrics';
import { useCreateTvLink } from '../api/create-tv-link';

// Amounts stay off unless the owner turns them on: the screen may hang where visitors pass.
const emptyForm: CreateTvLinkInput = { name: '', showAmounts: false, metrics: [] };

/** "New TV link": a name and whether its boards show amounts; the link made is handed to `onCreated` to show once. */
export function NewTvLinkDialog({ onCreated }: { onCreated: (link: CreatedTvLink) => void }) {
  const createLink = useCreateTvLink();
  const form = useForm<CreateTvLinkInput, unknown, z.output<typeof createTvLinkInput>>({
    resolver: zodResolver(createTvLinkInput),
    defaultValues: emptyForm,
  });
  const showAmountsId = useId();
  const metricsId = useId();
  const { errors } = form.formState;
  const metrics = (useMetrics().data ?? []).filter((metric) => !metric.builtIn && metric.active);
  // A list of keys, ticked in the order chosen (the TV shows their slides in that order).
  const chosen = useWatch({ control: form.control, name: 'metrics' }) ?? [];

  return (
    <CreateFormDialog
      title="New TV link"
      description="An address that shows the live leaderboard on a screen, with no sign-in."
      submitLabel="Create link"
      form={form}
      create={createLink.mutate}
      pending={createLink.isPending}
      onCreated={onCreated}
      failure="Failed to create the TV link"
    >
      <FormField label="Name" error={errors.name?.message} hint="Where the screen is, e.g. Sales floor TV.">
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <div className="flex items-start gap-3">
        <input
          id={showAmountsId}
          type="checkbox"
          className={choiceInputClass}
          aria-describedby={`${showAmountsId}-hint`}
          {...form.register('showAmounts')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={showAmountsId}>Show amounts</Label>
          <p id={`${showAmountsId}-hint`} className="text-xs text-slate-600">
            Dollar figures on the boards and in the latest wins. Off: names and ranks only.
          </p>
        </div>
      </div>
      {metrics.length > 0 && (
        <fieldset className="grid gap-2" aria-describedby={`${metricsId}-hint`}>
          <legend className="text-sm font-medium text-slate-900">Metric slides</legend>
          <p id={`${metricsId}-hint`} className="text-xs text-slate-600">
            This week’s top agents on each metric ticked (at most {TV_METRIC_SLIDES_MAX}), a slide each beside profit’s boards. Counts are always shown.
          </p>
          {metrics.map((metric) => (
            <label key={metric.key} className="flex items-center gap-3 text-sm text-slate-900">
              <input
                type="checkbox"
                className={choiceInputClass}
                checked={chosen.includes(metric.key)}
                onChange={(event) =>
                  form.setValue('metrics', event.target.checked ? [...chosen, metric.key] : chosen.filter((key) => key !== metric.key), { shouldValidate: form.formState.isSubmitted })
                }
              />
              {metric.name}
            </label>
          ))}
          {errors.metrics && (
            <p role="alert" className="text-sm text-red-700">
              {errors.metrics.message ?? errors.metrics.root?.message}
            </p>
          )}
        </fieldset>
      )}
    </CreateFormDialog>
  );
}
