import { TV_METRIC_SLIDES_MAX, type CreateTvLinkInput } from '@contract/tv-links';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { choiceInputClass } from '../../../components/ui/choice-fieldset';
import { Label } from '../../../components/ui/label';
import { useT } from '../../../lib/i18n/translate';
import { useMetrics } from '../../../lib/metrics';
import { messages } from '../messages';

/**
 * A TV link's options, as made with an address or by pairing a TV: whether its boards show amounts, and the metric
 * slides beside profit's. `form` is any form with the fields of CreateTvLinkInput (the pairing form adds the code).
 */
export function TvLinkOptionFields({ form }: { form: UseFormReturn<CreateTvLinkInput, unknown, unknown> }) {
  const t = useT(messages);
  const showAmountsId = useId();
  const metricsId = useId();
  const { errors } = form.formState;
  const metrics = (useMetrics().data ?? []).filter((metric) => !metric.builtIn && metric.active);
  // A list of keys, ticked in the order chosen (the TV shows their slides in that order).
  const chosen = useWatch({ control: form.control, name: 'metrics' }) ?? [];
  return (
    <>
        <div className="flex items-start gap-3">
          <input
            id={showAmountsId}
            type="checkbox"
            className={choiceInputClass}
            aria-describedby={`${showAmountsId}-hint`}
            {...form.register('showAmounts')}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={showAmountsId}>{t('showAmounts')}</Label>
            <p id={`${showAmountsId}-hint`} className="text-xs text-slate-600">
              {t('showAmountsHint')}
            </p>
          </div>
        </div>
        {metrics.length > 0 && (
          <fieldset className="grid gap-2" aria-describedby={`${metricsId}-hint`}>
            <legend className="text-sm font-medium text-slate-900">{t('metricSlides')}</legend>
            <p id={`${metricsId}-hint`} className="text-xs text-slate-600">
              {t('metricSlidesHint', { max: TV_METRIC_SLIDES_MAX })}
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
    </>
  );
}
