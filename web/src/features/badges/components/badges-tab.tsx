import { BADGE_KIND_LABELS, BADGE_RULES_KEPT_MAX, BADGE_RULES_MAX, type BadgeRule } from '@contract/badges';
import { Award, Pencil, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCanEdit } from '../../../lib/authorization';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useMetrics } from '../../../lib/metrics';
import { useTierSettings } from '../../../lib/tier-settings';
import { useBadgeRules, useSaveBadgeRule } from '../api/badges';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import type { BadgeRuleFormValues } from '../utils/badge-rule-form';
import { badgeKindLabel, badgeSettingsText, type SettingNames } from '../utils/badge-text';
import { EditBadgeRuleDialog } from './edit-badge-rule-dialog';
import { NewBadgeDialog } from './new-badge-dialog';

/** Rules an owner starting out might switch on first: the empty tab offers each, its dialog filled in (the name in the language shown). */
const STARTERS = ['first_entry', 'record_week', 'tier_reached', 'contest_podium'] as const;
const STARTER_LABELS = {
  first_entry: 'starterFirstSale',
  record_week: 'starterRecordWeek',
  tier_reached: 'starterAnyTier',
  contest_podium: 'starterPodium',
} as const satisfies Record<(typeof STARTERS)[number], keyof typeof messages.en>;
const STARTER_NAMES = {
  first_entry: 'starterFirstSaleName',
  record_week: 'starterRecordWeekName',
  tier_reached: 'starterAnyTierName',
  contest_podium: 'starterPodiumName',
} as const satisfies Record<(typeof STARTERS)[number], keyof typeof messages.en>;

/**
 * The Badges tab (docs/decisions/0078-achievements.md): every badge rule, what earns it in words, whether it is on and
 * how many agents hold it. The owner makes rules (a kind, then the settings it takes), renames and redescribes them and
 * switches them on or off; a manager reads the same list and changes nothing.
 */
export function BadgesTab() {
  const t = useT(messages);
  const rules = useBadgeRules();
  const canEdit = useCanEdit();
  const metrics = useMetrics();
  const tiers = useTierSettings();
  const [creating, setCreating] = useState<Partial<BadgeRuleFormValues> | null>(null);
  const list = rules.data ?? [];
  // A new rule is switched on: there must be room among those on, and among all kept.
  const full = list.filter((rule) => rule.active).length >= BADGE_RULES_MAX || list.length >= BADGE_RULES_KEPT_MAX;
  const names: SettingNames = {
    metricName: (key) => metrics.data?.find((metric) => metric.key === key)?.name,
    tierName: (id) => tiers.data?.find((tier) => tier.id === id)?.name,
  };
  // Those that award first; each group in the order they were made.
  const shown = [...list.filter((rule) => rule.active), ...list.filter((rule) => !rule.active)];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle className="flex items-center gap-2">
            <Award className="size-5 text-brand-600" aria-hidden="true" />
            {t('badges')}
          </CardTitle>
          <CardDescription>{t('tabDescription')}</CardDescription>
        </div>
        {canEdit && list.length > 0 && (
          <Button onClick={() => setCreating({})} disabled={full} aria-haspopup="dialog">
            <Plus aria-hidden="true" />
            {t('newBadge')}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {rules.isPending ? (
          <Spinner label={t('loadingBadges')} className="min-h-40" />
        ) : rules.isError ? (
          <LoadError error={rules.error} fallback={t('badgesLoadFailed')} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={Award}
            title={t('noBadgesYet')}
            description={
              canEdit ? t('emptyOwner') : t('emptyManager')
            }
          >
            {canEdit && (
              <div className="mt-2 flex flex-wrap justify-center gap-2">
                {STARTERS.map((kind) => (
                  <Button key={kind} variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setCreating({ kind, name: t(STARTER_NAMES[kind]) })}>
                    <Plus aria-hidden="true" />
                    {t(STARTER_LABELS[kind])}
                  </Button>
                ))}
                <Button size="sm" aria-haspopup="dialog" onClick={() => setCreating({})}>
                  {t('anotherKind')}
                </Button>
              </div>
            )}
          </EmptyState>
        ) : (
          <>
            <ul aria-label={t('badgeRules')} className="grid gap-3 lg:grid-cols-2">
              {shown.map((rule) => (
                <BadgeRuleItem key={rule.id} rule={rule} settings={badgeSettingsText(rule.kind, rule.params, names)} canEdit={canEdit} />
              ))}
            </ul>
            {canEdit && full && (
              <p className="text-sm text-slate-700">
                {list.length >= BADGE_RULES_KEPT_MAX
                  ? t('keptFull', { max: String(BADGE_RULES_KEPT_MAX) })
                  : t('activeFull', { max: String(BADGE_RULES_MAX) })}
              </p>
            )}
            {!canEdit && <p className="text-sm text-slate-700">{t('onlyOwner')}</p>}
          </>
        )}
      </CardContent>
      {canEdit && <NewBadgeDialog start={creating} onClose={() => setCreating(null)} />}
    </Card>
  );
}

/** One rule: its name, what it rewards and how much of it, its words, whether it is on, who holds it; the owner's controls. */
function BadgeRuleItem({ rule, settings, canEdit }: { rule: BadgeRule; settings: string; canEdit: boolean }) {
  const t = useT(messages);
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="grid content-start gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-full ring-1',
            rule.active ? 'bg-amber-50 text-amber-700 ring-amber-200' : 'bg-slate-100 text-slate-500 ring-slate-200',
          )}
        >
          <Award className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h4 id={headingId} className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">
              {rule.name}
            </h4>
            <Badge variant={rule.active ? 'success' : 'secondary'}>{rule.active ? t('on') : t('off')}</Badge>
          </div>
          <p className="text-sm text-slate-700">{badgeKindLabel(rule.kind)}</p>
        </div>
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-slate-600">{t('earnedBy')}</dt>
          <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{settings}</dd>
        </div>
        {/* The kind's words are said above already: its own description is not said twice. */}
        {rule.description !== BADGE_KIND_LABELS[rule.kind] && (
          <div className="flex flex-wrap gap-x-1.5">
            <dt className="text-slate-600">{t('agentsRead')}</dt>
            <dd className="text-slate-800 [overflow-wrap:anywhere]">{rule.description}</dd>
          </div>
        )}
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="text-slate-600">{t('heldBy')}</dt>
          <dd className="text-slate-800">{t('heldByCount', { count: rule.awarded, agents: formatCount(rule.awarded) })}</dd>
        </div>
      </dl>
      {canEdit && <BadgeRuleControls rule={rule} headingId={headingId} />}
    </li>
  );
}

/** The owner's switch ("Awarded", and the rule's name for screen readers: its heading) and edit button for one rule. */
function BadgeRuleControls({ rule, headingId }: { rule: BadgeRule; headingId: string }) {
  const t = useT(messages);
  const save = useSaveBadgeRule();
  const [editing, setEditing] = useState(false);
  const switchId = useId();
  const switchTo = (active: boolean) =>
    save.mutate(
      { id: rule.id, update: { active } },
      {
        onSuccess: () =>
          toast({
            title: active ? t('switchedOn') : t('switchedOff'),
            description: active ? t('awardedFromNow', { name: rule.name }) : t('noLongerAwarded', { name: rule.name }),
            variant: 'success',
          }),
        onError: (error) => toast({ title: t('error'), description: errorMessage(error, t('changeFailed')), variant: 'destructive' }),
      },
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
      <div className="flex items-center gap-2">
        <Switch id={switchId} checked={rule.active} disabled={save.isPending} onCheckedChange={switchTo} aria-labelledby={`${switchId}-label ${headingId}`} />
        <Label id={`${switchId}-label`} htmlFor={switchId} className="text-sm">
          {t('awarded')}
        </Label>
      </div>
      <Button variant="outline" size="sm" aria-label={t('editNamed', { name: rule.name })} aria-haspopup="dialog" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
        {t('edit')}
      </Button>
      <EditBadgeRuleDialog rule={rule} open={editing} onOpenChange={setEditing} />
    </div>
  );
}
