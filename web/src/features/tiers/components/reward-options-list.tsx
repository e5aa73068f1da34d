import type { RewardOption } from '@contract/rewards';
import type { TierSetting } from '@contract/tiers';
import { Gift, Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCanEdit } from '../../../lib/authorization';
import { translate, useT } from '../../../lib/i18n/translate';
import { useTierRewardOptions } from '../../../lib/tier-reward-options';
import { useDeleteRewardOption } from '../api/delete-reward-option';
import { messages } from '../messages';
import { AddRewardOptionDialog } from './add-reward-option-dialog';
import { categoryKey } from './reward-category';

/** The reward options agents can pick from when they reach this tier. */
export function RewardOptionsList({ tier }: { tier: TierSetting }) {
  const t = useT(messages);
  const id = useId();
  const canEdit = useCanEdit();
  const options = useTierRewardOptions(tier.id);

  useEffect(() => {
    if (options.isError) toast({ title: translate(messages, 'error'), description: translate(messages, 'optionsLoadFailed'), variant: 'destructive' });
  }, [options.isError]);

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-xs font-medium uppercase tracking-wide text-slate-600">
          {t('rewardOptions')}
        </h4>
        {canEdit && <AddRewardOptionDialog tier={tier} />}
      </div>
      {options.isPending ? (
        <p className="mt-1 text-sm text-slate-600" role="status">
          {t('loadingOptions')}
        </p>
      ) : options.isError ? (
        <p className="mt-1 text-sm text-red-700">{t('optionsLoadFailed')}</p>
      ) : (
        <>
          {options.data.length === 0 ? (
            <p className="mt-1 text-sm italic text-slate-600">{t('noOptions')}</p>
          ) : (
            <ul aria-labelledby={`${id}-heading`} className="mt-2 grid gap-2">
              {options.data.map((option) => (
                <RewardOptionItem key={option.id} option={option} tier={tier} canEdit={canEdit} />
              ))}
            </ul>
          )}
          {/* What a tier offers is its active options (docs/decisions/0081-tier-offers.md): say what that means here. */}
          <p className={cn('mt-2 text-xs', options.data.some((option) => option.isActive) ? 'text-slate-700' : 'text-amber-900')}>
            {options.data.some((option) => option.isActive)
              ? t('offerActive', { tier: tier.name, which: options.data.every((option) => option.isActive) ? 'all' : 'some' })
              : t('offerNone', { tier: tier.name })}
          </p>
        </>
      )}
    </div>
  );
}

/** The option's title marks where it goes in the confirmation's sentence, set apart in bold. */
const TITLE_MARK = '\u0000';

function RewardOptionItem({ option, tier, canEdit }: { option: RewardOption; tier: TierSetting; canEdit: boolean }) {
  const t = useT(messages);
  const deleteOption = useDeleteRewardOption({
    onSuccess: () => toast({ title: translate(messages, 'success'), description: translate(messages, 'optionDeleted'), variant: 'success' }),
    onError: (error) => toast({ title: translate(messages, 'error'), description: errorMessage(error, translate(messages, 'deleteFailed')), variant: 'destructive' }),
  });
  const [beforeTitle = '', afterTitle = ''] = t('deleteOptionEffect', { title: TITLE_MARK, tier: tier.name }).split(TITLE_MARK);
  const onConfirm = () => deleteOption.mutate({ optionId: option.id, tierId: tier.id });

  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Gift className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{option.title}</span>
          <Badge variant="outline">{t('categoryName', { category: categoryKey(option.category) })}</Badge>
          {!option.isActive && <Badge variant="warning">{t('inactive')}</Badge>}
        </p>
        <p className="break-words text-sm text-slate-700">{option.description}</p>
      </div>
      {canEdit && (
        <ConfirmDialog
          trigger={
            <Button
              size="icon"
              variant="ghost"
              className="size-8 text-red-700 hover:bg-red-50 hover:text-red-800"
              disabled={deleteOption.isPending}
              aria-label={t('deleteOptionNamed', { title: option.title })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title={t('deleteOptionTitle')}
          description={t('deleteOptionQuestion')}
          confirmLabel={t('delete')}
          onConfirm={onConfirm}
        >
          <p className="text-sm text-slate-700">
            {beforeTitle}
            <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{option.title}</span>
            {afterTitle}
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
