import type { Metric } from '@contract/metrics';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/translate';
import { Label } from '../ui/label';
import { messages } from './messages';

interface MetricSelectProps {
  /** The metrics to pick from, profit first (lib/metrics.ts useMetricChoice); nothing is shown for fewer than two. */
  options: readonly Metric[];
  value: string;
  onChange: (key: string) => void;
  className?: string;
}

/**
 * "Metric": which number a board or chart shows, profit or another metric. A select is as wide as its longest option,
 * and a metric's name may be 60 characters: full width on a phone, at most 20rem beside other controls.
 */
export function MetricSelect({ options, value, onChange, className }: MetricSelectProps) {
  const t = useT(messages);
  const id = useId();
  if (options.length < 2) return null;
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-2', className)}>
      <Label htmlFor={id}>{t('metric')}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:w-auto sm:max-w-xs"
      >
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.active ? option.name : t('inactiveMetric', { name: option.name })}
          </option>
        ))}
      </select>
    </div>
  );
}
