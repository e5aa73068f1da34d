import { BADGE_DESCRIPTION_MAX, BADGE_NAME_MAX, BADGE_STREAK_MAX, badgeKinds } from '@contract/badges';
import type { Metric } from '@contract/metrics';
import type { TierSetting } from '@contract/tiers';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { useMetrics } from '../../../lib/metrics';
import { useTierSettings } from '../../../lib/tier-settings';
import { useSaveBadgeRule } from '../api/badges';
import { checkBadgeRuleForm, createInputOf, emptyBadgeRuleForm, errorsOfRefusal, settingsOf, type BadgeRuleErrors, type BadgeRuleFormValues } from '../utils/badge-rule-form';
import { badgeKindHint, badgeKindLabel, placesText } from '../utils/badge-text';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-[invalid=true]:border-red-600';

/**
 * "New badge" (the owner): what it rewards, then the settings that kind takes, its name and words, and whether it is on
 * from now. Open while `start` is set, with its values filled in (a suggestion of the empty tab).
 */
export function NewBadgeDialog({ start, onClose }: { start: Partial<BadgeRuleFormValues> | null; onClose: () => void }) {
  const t = useT(messages);
  return (
    <Dialog open={start !== null} onOpenChange={(open) => !open && onClose()}>
      {start !== null && (
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t('newBadge')}</DialogTitle>
            <DialogDescription>{t('newBadgeDescription')}</DialogDescription>
          </DialogHeader>
          <NewBadgeForm initial={emptyBadgeRuleForm(start)} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function NewBadgeForm({ initial, onDone }: { initial: BadgeRuleFormValues; onDone: () => void }) {
  const t = useT(messages);
  const save = useSaveBadgeRule();
  const metrics = useMetrics();
  const tiers = useTierSettings();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<BadgeRuleErrors>({});
  const kindId = useId();
  const activeId = useId();
  const set = (change: Partial<BadgeRuleFormValues>) => setValues((current) => ({ ...current, ...change }));
  const settings = settingsOf(values.kind);
  // Activity is recorded on the owner's metrics; profit comes from the income entries, never as activity.
  const activityMetrics = (metrics.data ?? []).filter((metric) => metric.active && !metric.builtIn);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkBadgeRuleForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { create: createInputOf(values) },
      {
        onSuccess: (rule) => {
          toast({
            title: t('badgeMade'),
            description: rule.active ? t('awardedFromNow', { name: rule.name }) : t('keptOff', { name: rule.name }),
            variant: 'success',
          });
          onDone();
        },
        onError: (failure) => {
          const refused = errorsOfRefusal(failure, t('makeFailed'));
          setErrors(refused);
          if (refused.form) toast({ title: t('error'), description: refused.form, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <ChoiceFieldset id={kindId} legend={t('whatItRewards')} error={errors.kind}>
        <div className="grid gap-2 sm:grid-cols-2">
          {badgeKinds.map((kind) => (
            <ChoiceCard
              key={kind}
              size="compact"
              control={
                <input
                  type="radio"
                  name="badge-kind"
                  value={kind}
                  checked={values.kind === kind}
                  onChange={() => set({ kind })}
                  aria-invalid={errors.kind ? true : undefined}
                  className={choiceInputClass}
                />
              }
            >
              <span className="text-sm font-medium text-slate-900">{badgeKindLabel(kind)}</span>
              <span className="text-xs text-slate-600">{badgeKindHint(kind)}</span>
            </ChoiceCard>
          ))}
        </div>
      </ChoiceFieldset>

      {settings.length > 0 && (
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2 sm:p-4">
          {settings.includes('count') && (
            <FormField
              label={values.kind === 'goal_streak' ? t('periodsInARow') : t('workingDaysInARow')}
              hint={values.kind === 'goal_streak' ? t('periodsHint', { max: String(BADGE_STREAK_MAX) }) : t('rangeHint', { max: String(BADGE_STREAK_MAX) })}
              error={errors.count}
            >
              <Input type="number" inputMode="numeric" min={2} max={BADGE_STREAK_MAX} step={1} value={values.count} onChange={(event) => set({ count: event.target.value })} />
            </FormField>
          )}
          {settings.includes('metric') && <MetricField metrics={activityMetrics} pending={metrics.isPending} value={values.metric} error={errors.metric} onChange={(metric) => set({ metric })} />}
          {settings.includes('tierId') && (
            <FormField label={t('tier')} error={errors.tierId}>
              <select value={values.tierId} onChange={(event) => set({ tierId: event.target.value })} className={selectClass}>
                <option value="">{t('anyTier')}</option>
                {(tiers.data ?? []).map((tier: TierSetting) => (
                  <option key={tier.id} value={tier.id}>
                    {tier.name}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          {settings.includes('places') && (
            <FormField label={t('placesThatEarn')} error={errors.places}>
              <select value={values.places} onChange={(event) => set({ places: event.target.value })} className={selectClass}>
                {[1, 2, 3].map((places) => (
                  <option key={places} value={places}>
                    {placesText(places)}
                  </option>
                ))}
              </select>
            </FormField>
          )}
        </div>
      )}

      <FormField label={t('name')} error={errors.name}>
        <Input value={values.name} maxLength={BADGE_NAME_MAX} placeholder={t('namePlaceholder')} onChange={(event) => set({ name: event.target.value })} />
      </FormField>
      <FormField label={t('descriptionOptional')} hint={t('descriptionHint')} error={errors.description}>
        <Textarea rows={2} value={values.description} maxLength={BADGE_DESCRIPTION_MAX} onChange={(event) => set({ description: event.target.value })} />
      </FormField>
      <div className="flex items-start gap-3">
        <Switch id={activeId} checked={values.active} onCheckedChange={(active) => set({ active })} aria-describedby={`${activeId}-hint`} />
        <div className="grid gap-0.5">
          <Label htmlFor={activeId}>{t('awardFromNow')}</Label>
          <p id={`${activeId}-hint`} className="text-xs text-slate-600">
            {t('awardFromNowHint')}
          </p>
        </div>
      </div>

      {errors.form && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {errors.form}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {save.isPending ? t('making') : t('makeBadge')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The metric an activity streak counts: the owner's active metrics, or where to make one when there is none. */
function MetricField({ metrics, pending, value, error, onChange }: { metrics: Metric[]; pending: boolean; value: string; error: string | undefined; onChange: (key: string) => void }) {
  const t = useT(messages);
  if (!pending && metrics.length === 0) {
    return (
      <div className="grid gap-1 sm:col-span-2">
        <p className="text-sm text-slate-700">{t('noMetric')}</p>
        {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      </div>
    );
  }
  return (
    <FormField label={t('metric')} error={error}>
      <select value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        <option value="">{t('pickMetric')}</option>
        {metrics.map((metric) => (
          <option key={metric.key} value={metric.key}>
            {metric.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}
