import type { Metric } from '@contract/metrics';
import { useId, useState, type FormEvent } from 'react';
import { AgentCombobox, isClosingSuggestions } from '../../../components/agents/agent-combobox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { currencySymbol, formatCount } from '../../../lib/format';
import { formatActivityValue } from '../../../lib/metric-format';
import { useRecordActivity } from '../api/metrics';
import { activityValueError } from '../utils/activity-value';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const NOTE_MAX = 500;

type Errors = Partial<Record<'agentId' | 'value' | 'note', string>>;

/** The Record Activity dialog, open while mounted (record-activity-dialog.tsx mounts it from its button). */
export function RecordActivityDialogContent({ metrics, onClose, onCloseFocus }: { metrics: Metric[]; onClose: () => void; onCloseFocus: () => void }) {
  const t = useT(messages);
  const record = useRecordActivity();
  const [agentId, setAgentId] = useState('');
  const [metricKey, setMetricKey] = useState(metrics[0]!.key);
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const metricId = useId();
  const metric = metrics.find((option) => option.key === metricKey) ?? metrics[0]!;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (agentId === '') found.agentId = t('selectAgent');
    const wrong = activityValueError(metric.unit, value);
    if (wrong) found.value = wrong;
    if (note.trim().length > NOTE_MAX) found.note = t('noteTooLong', { max: formatCount(NOTE_MAX) });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    record.mutate(
      { agentId: Number(agentId), metric: metric.key, value: value.trim(), note: note.trim() || undefined },
      {
        onSuccess: (activity) => {
          const shown = formatActivityValue(activity.value);
          toast({ title: t('activityRecorded'), description: t('activityRecordedText', { value: shown, metric: metric.name, agent: activity.agentName }), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          // A field the server refused is shown at the field; anything else in a toast.
          const issue = error instanceof ApiError ? error.issues.find((one) => one.path === 'value' || one.path === 'agentId' || one.path === 'note') : undefined;
          if (issue) setErrors({ [issue.path]: issue.message });
          else toast({ title: t('error'), description: errorMessage(error, t('recordFailed')), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onEscapeKeyDown={(event) => isClosingSuggestions(event) && event.preventDefault()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onCloseFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('recordActivity')}</DialogTitle>
          <DialogDescription>{t('recordActivityDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label={t('agent')} error={errors.agentId} hint={t('agentHint')}>
            <AgentCombobox onChange={setAgentId} autoFocus />
          </FormField>
          <div className="grid gap-1.5">
            <Label htmlFor={metricId}>{t('metric')}</Label>
            <select
              id={metricId}
              value={metricKey}
              onChange={(event) => setMetricKey(event.target.value)}
              className="h-10 min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              {metrics.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <FormField
            label={metric.unit === 'count' ? t('howManyOf', { metric: metric.name }) : t('valueIn', { currency: currencySymbol() })}
            error={errors.value}
            hint={metric.unit === 'count' ? t('countHint') : t('moneyHint')}
          >
            <Input
              type="number"
              step={metric.unit === 'count' ? '1' : '0.01'}
              min={metric.unit === 'count' ? '1' : undefined}
              inputMode={metric.unit === 'count' ? 'numeric' : 'decimal'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </FormField>
          <FormField label={t('noteOptional')} error={errors.note}>
            <Textarea rows={2} value={note} maxLength={NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
          </FormField>
          <FormDialogFooter onCancel={onClose} pending={record.isPending} submitLabel={t('record')} pendingLabel={t('recording')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
