import type { Metric, MetricUnit } from '@contract/metrics';
import { BarChart3, Check, Loader2, Pencil, Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useMetrics } from '../../../lib/metrics';
import { useSaveMetric } from '../api/metrics';
import { formatCount } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The same limits as the server's (contract/metrics.ts, kept here: that module brings zod). */
const METRICS_MAX = 20;
const KEY_MAX = 40;
const NAME_MAX = 60;
const KEY_PATTERN = /^[a-z][a-z0-9_-]*$/;

/** A key from a name, as the form proposes it: "Calls made" -> "calls-made". */
export function keyFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '');
  return slug.slice(0, KEY_MAX).replace(/-+$/, '');
}

const UNIT_LABELS = { count: 'unitCount', money: 'unitMoney' } as const satisfies Record<MetricUnit, keyof typeof messages.en>;

/**
 * The owner's metrics (docs/decisions/0072-metrics-and-activities.md): the numbers measured beside profit. Each has a key that never
 * changes (what the API and imports name it by), a name, a unit, and whether agents may record their own; a metric
 * no longer used is made inactive, never deleted, so what was recorded on it stays.
 */
export function MetricsSettings() {
  const t = useT(messages);
  const metrics = useMetrics();
  const own = (metrics.data ?? []).filter((metric) => !metric.builtIn);
  return (
    <SectionCard
      id="settings-metrics"
      icon={BarChart3}
      title={t('metricsTitle')}
      description={t('metricsDescription')}
    >
      {metrics.isError ? (
        <LoadError error={metrics.error} fallback={t('metricsLoadFailed')} />
      ) : !metrics.data ? (
        <Spinner label={t('loadingMetrics')} className="min-h-20" />
      ) : (
        <div className="grid gap-5">
          <ul aria-label={t('metricsList')} className="grid gap-2">
            <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
              <span>
                <span className="font-semibold text-slate-900">{t('profit')}</span> <span className="text-sm text-slate-600">{t('builtIn')}</span>
              </span>
            </li>
            {own.map((metric) => (
              <MetricRow key={metric.key} metric={metric} />
            ))}
          </ul>
          {own.length < METRICS_MAX ? (
            <NewMetricForm taken={new Set(metrics.data.map((metric) => metric.key))} />
          ) : (
            <p className="text-sm text-slate-700">{t('metricsFull', { max: formatCount(METRICS_MAX) })}</p>
          )}
        </div>
      )}
    </SectionCard>
  );
}

/** One metric: its name (renamed in place), key and unit, and its two switches. */
function MetricRow({ metric }: { metric: Metric }) {
  const t = useT(messages);
  const save = useSaveMetric();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(metric.name);
  const id = useId();
  const change = (update: { name?: string; agentsMayRecord?: boolean; active?: boolean }, done?: () => void) =>
    save.mutate(
      { key: metric.key, update },
      {
        onSuccess: () => done?.(),
        onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('changeFailed')), variant: 'destructive' }),
      },
    );
  const rename = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || trimmed === metric.name) return setEditing(false);
    change({ name: trimmed }, () => setEditing(false));
  };
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 px-3 py-2 sm:grid-cols-[1fr_auto] sm:items-center">
      {editing ? (
        <form onSubmit={rename} className="flex items-center gap-2">
          <Label htmlFor={`${id}-name`} className="sr-only">
            {t('nameOf', { name: metric.name })}
          </Label>
          <Input id={`${id}-name`} value={name} maxLength={NAME_MAX} onChange={(event) => setName(event.target.value)} autoFocus className="h-9" />
          <Button type="submit" size="sm" aria-label={t('saveName', { name: metric.name })}>
            <Check aria-hidden="true" />
          </Button>
          <Button type="button" size="sm" variant="outline" aria-label={t('cancel')} onClick={() => (setName(metric.name), setEditing(false))}>
            <X aria-hidden="true" />
          </Button>
        </form>
      ) : (
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className={metric.active ? 'font-semibold text-slate-900' : 'font-semibold text-slate-500 line-through'}>{metric.name}</span>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{metric.key}</code>
          <span className="text-sm text-slate-600">{t('unit', { unit: metric.unit })}</span>
          {!metric.active && <span className="text-sm text-slate-600">{t('inactive')}</span>}
          <Button type="button" size="sm" variant="ghost" aria-label={t('rename', { name: metric.name })} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex items-center gap-2">
          <Switch id={`${id}-agents`} checked={metric.agentsMayRecord} disabled={save.isPending} onCheckedChange={(checked) => change({ agentsMayRecord: checked })} />
          <Label htmlFor={`${id}-agents`} className="text-sm">
            {t('agentsRecord')}
          </Label>
        </div>
        <div className="flex items-center gap-2">
          <Switch id={`${id}-active`} checked={metric.active} disabled={save.isPending} onCheckedChange={(checked) => change({ active: checked })} />
          <Label htmlFor={`${id}-active`} className="text-sm">
            {t('active')}
          </Label>
        </div>
      </div>
    </li>
  );
}

/** Make a metric: a name, the key proposed from it (editable until saved), a unit, and whether agents record their own. */
function NewMetricForm({ taken }: { taken: Set<string> }) {
  const t = useT(messages);
  const save = useSaveMetric();
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [keyEdited, setKeyEdited] = useState(false);
  const [unit, setUnit] = useState<MetricUnit>('count');
  const [agentsMayRecord, setAgentsMayRecord] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; key?: string }>({});
  const unitId = useId();
  const agentsId = useId();
  const shownKey = keyEdited ? key : keyFromName(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { name?: string; key?: string } = {};
    if (name.trim() === '') found.name = t('nameRequired');
    if (!KEY_PATTERN.test(shownKey) || shownKey.length > KEY_MAX) {
      found.key = t('keyRule', { max: formatCount(KEY_MAX) });
    } else if (shownKey === 'profit' || taken.has(shownKey)) found.key = t('keyTaken', { key: shownKey });
    setErrors(found);
    if (found.name || found.key) return;
    save.mutate(
      { create: { key: shownKey, name: name.trim(), unit, agentsMayRecord } },
      {
        onSuccess: (metric) => {
          toast({ title: t('metricAdded'), description: t('metricAddedText', { name: metric.name }), variant: 'success' });
          setName('');
          setKey('');
          setKeyEdited(false);
          setUnit('count');
          setAgentsMayRecord(false);
        },
        onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('addFailed')), variant: 'destructive' }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('newMetric')} className="grid gap-3 rounded-lg border border-dashed border-slate-300 p-3 sm:grid-cols-2">
      <FormField label={t('name')} error={errors.name} className="content-start">
        <Input value={name} maxLength={NAME_MAX} placeholder={t('namePlaceholder')} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <FormField label={t('key')} error={errors.key} hint={t('keyHint')} className="content-start">
        <Input
          value={shownKey}
          maxLength={KEY_MAX}
          placeholder={t('keyPlaceholder')}
          onChange={(event) => {
            setKeyEdited(true);
            setKey(event.target.value.toLowerCase());
          }}
        />
      </FormField>
      <div className="grid gap-1.5">
        <Label htmlFor={unitId}>{t('unitLabel')}</Label>
        <select
          id={unitId}
          value={unit}
          onChange={(event) => setUnit(event.target.value as MetricUnit)}
          className="h-10 min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {(Object.keys(UNIT_LABELS) as MetricUnit[]).map((value) => (
            <option key={value} value={value}>
              {t(UNIT_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2 self-end pb-2">
        <Switch id={agentsId} checked={agentsMayRecord} onCheckedChange={setAgentsMayRecord} />
        <Label htmlFor={agentsId}>{t('agentsRecord')}</Label>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" aria-disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {t('addMetric')}
        </Button>
      </div>
    </form>
  );
}
