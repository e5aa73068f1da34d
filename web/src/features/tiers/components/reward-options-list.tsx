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
import { useTierRewardOptions } from '../../../lib/tier-reward-options';
import { useDeleteRewardOption } from '../api/delete-reward-option';
import { AddRewardOptionDialog } from './add-reward-option-dialog';

/** The reward options agents can pick from when they reach this tier. */
export function RewardOptionsList({ tier }: { tier: TierSetting }) {
  const id = useId();
  const canEdit = useCanEdit();
  const options = useTierRewardOptions(tier.id);

  useEffect(() => {
    if (options.isError) toast({ title: 'Error', description: 'Failed to fetch rewards', variant: 'destructive' });
  }, [options.isError]);

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-xs font-medium uppercase tracking-wide text-slate-600">
          Reward Options
        </h4>
        {canEdit && <AddRewardOptionDialog tier={tier} />}
      </div>
      {options.isPending ? (
        <p className="mt-1 text-sm text-slate-600" role="status">
          Loading reward options...
        </p>
      ) : options.isError ? (
        <p className="mt-1 text-sm text-red-700">Failed to fetch rewards</p>
      ) : (
        <>
          {options.data.length === 0 ? (
            <p className="mt-1 text-sm italic text-slate-600">No reward options configured</p>
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
              ? `Agents who reach ${tier.name} see ${options.data.every((option) => option.isActive) ? 'these' : 'the active ones'} and pick one.`
              : `Agents who reach ${tier.name} see “Coming Soon” and cannot claim it until an active option is added.`}
          </p>
        </>
      )}
    </div>
  );
}

function RewardOptionItem({ option, tier, canEdit }: { option: RewardOption; tier: TierSetting; canEdit: boolean }) {
  const deleteOption = useDeleteRewardOption({
    onSuccess: () => toast({ title: 'Success', description: 'Reward option deleted successfully', variant: 'success' }),
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete reward'), variant: 'destructive' }),
  });
  const onConfirm = () => deleteOption.mutate({ optionId: option.id, tierId: tier.id });

  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Gift className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{option.title}</span>
          <Badge variant="outline">{option.category}</Badge>
          {!option.isActive && <Badge variant="warning">Inactive</Badge>}
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
              aria-label={`Delete reward option ${option.title}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          }
          title="Delete reward option"
          description="Are you sure you want to delete this reward option?"
          confirmLabel="Delete"
          onConfirm={onConfirm}
        >
          <p className="text-sm text-slate-700">
            <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">{option.title}</span> will no longer be offered to agents who reach{' '}
            {tier.name}.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
