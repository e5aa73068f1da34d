import { Activity, Loader2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatActivityValue } from '../../../lib/metric-format';
import { useMetrics } from '../../../lib/metrics';
import { useRecordActivity } from '../api/metrics';
import { activityValueError } from '../utils/activity-value';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/**
 * "Log activity" on the agent's dashboard: the calls, meetings or deals the agent records itself, on the metrics the
 * owner opened to agents (marked self-reported). Nothing shows when there are none.
 */
export function LogMyActivity() {
  const t = useT(messages);
  const metrics = useMetrics();
  const record = useRecordActivity();
  const open = (metrics.data ?? []).filter((metric) => !metric.builtIn && metric.active && metric.agentsMayRecord);
  const [metricKey, setMetricKey] = useState<string | undefined>(undefined);
  const [value, setValue] = useState('1');
  const [error, setError] = useState<string | undefined>(undefined);
  const metricId = useId();
  if (open.length === 0) return null;
  const metric = open.find((option) => option.key === metricKey) ?? open[0]!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    const wrong = activityValueError(metric.unit, text);
    setError(wrong);
    if (wrong) return;
    record.mutate(
      { metric: metric.key, value: text },
      {
        onSuccess: (activity) => {
          const shown = formatActivityValue(activity.value);
          toast({ title: t('logged'), description: t('loggedText', { value: shown, metric: metric.name }), variant: 'success' });
          setValue('1');
        },
        onError: (failure) => {
          const issue = failure instanceof ApiError ? failure.issues.find((one) => one.path === 'value') : undefined;
          if (issue) setError(issue.message);
          else toast({ title: t('error'), description: errorMessage(failure, t('logFailed')), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="log-activity-heading">
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <h2 id="log-activity-heading" className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight text-slate-900">
          <Activity className="size-5 text-brand-600" aria-hidden="true" />
          {t('logActivity')}
        </h2>
        <CardDescription>{t('logActivityDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 max-w-full gap-1.5">
            <Label htmlFor={metricId}>{t('metric')}</Label>
            <select
              id={metricId}
              value={metric.key}
              onChange={(event) => setMetricKey(event.target.value)}
              className="h-10 w-full min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {open.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <FormField label={metric.unit === 'count' ? t('howMany') : t('value')} error={error} className="w-32">
            <Input
              type="number"
              step={metric.unit === 'count' ? '1' : '0.01'}
              min={metric.unit === 'count' ? '1' : undefined}
              inputMode={metric.unit === 'count' ? 'numeric' : 'decimal'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </FormField>
          <Button type="submit" aria-disabled={record.isPending}>
            {record.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {t('log')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
