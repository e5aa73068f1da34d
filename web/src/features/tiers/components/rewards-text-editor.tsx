import { COMING_SOON, REWARDS_TEXT_MAX, type TierSetting } from '@contract/tiers';
import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateTierSetting } from '../api/update-tier-setting';

/** One reward per line; blank lines and surrounding spaces carry no meaning. */
function rewardLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The stored text "Coming Soon" marks a tier with no rewards yet (spec section 3). */
const hasRewards = (text: string) => rewardLines(text).length > 0 && text.trim() !== COMING_SOON;

/** The tier's rewards description: bullets to read, a multi-line text to edit. */
export function RewardsTextEditor({ tier, canEdit }: { tier: TierSetting; canEdit: boolean }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const update = useUpdateTierSetting();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Keyboard users land back on Edit after saving or cancelling.
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEditing = () => {
    setDraft(hasRewards(tier.rewards) ? tier.rewards : '');
    setEditing(true);
  };
  const cancel = () => setEditing(false);
  const save = () => {
    const rewards = rewardLines(draft).join('\n') || COMING_SOON;
    // Only a changed value is sent to the server.
    if (rewards === tier.rewards) return cancel();
    update.mutate(
      { tierId: tier.id, changes: { rewards } },
      {
        onSuccess: () => toast({ title: 'Success', description: 'Tier rewards updated successfully', variant: 'success' }),
        onError: (failure) =>
          toast({ title: 'Error', description: errorMessage(failure, 'Failed to update rewards'), variant: 'destructive' }),
        onSettled: cancel,
      },
    );
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-xs font-medium uppercase tracking-wide text-slate-600">
          Rewards
        </h4>
        {canEdit && !editing && (
          <Button ref={editButton} size="sm" variant="ghost" onClick={startEditing} aria-label={`Edit rewards for ${tier.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <form
          noValidate
          className="mt-1 grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Textarea
            rows={4}
            maxLength={REWARDS_TEXT_MAX}
            aria-label={`Rewards for ${tier.name}`}
            aria-describedby={`${id}-hint`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                cancel();
              }
            }}
            disabled={update.isPending}
            autoFocus
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            One reward per line.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={update.isPending}>
              <Check aria-hidden="true" />
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={cancel} disabled={update.isPending}>
              <X aria-hidden="true" />
              Cancel
            </Button>
          </div>
        </form>
      ) : hasRewards(tier.rewards) ? (
        <ul aria-labelledby={`${id}-heading`} className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-800">
          {rewardLines(tier.rewards).map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm italic text-slate-600">No rewards configured for this tier</p>
      )}
    </div>
  );
}
