import { thresholdInput } from '@contract/money';
import type { TierSetting } from '@contract/tiers';
import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatThreshold } from '../../../lib/format';
import { useUpdateTierSetting } from '../api/update-tier-setting';

/** "10000.00" -> "10000" for editing; cents stay when present. */
const editableAmount = (money: string) => money.replace(/\.00$/, '');

/** Inline editor of a tier threshold: Edit -> input -> Save or Cancel (spec section 4). */
export function ThresholdEditor({ tier, canEdit }: { tier: TierSetting; canEdit: boolean }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateTierSetting();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Keyboard users land back on Edit after saving or cancelling.
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEditing = () => {
    setDraft(editableAmount(tier.threshold));
    setError(undefined);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError(undefined);
  };
  const save = () => {
    const parsed = thresholdInput.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid threshold');
      return;
    }
    // Only a changed value is sent to the server.
    if (parsed.data === tier.threshold) return cancel();
    update.mutate(
      { tierId: tier.id, changes: { threshold: parsed.data } },
      {
        onSuccess: () => toast({ title: 'Success', description: 'Tier threshold updated successfully', variant: 'success' }),
        onError: (failure) =>
          toast({ title: 'Error', description: errorMessage(failure, 'Failed to update threshold'), variant: 'destructive' }),
        // Success shows the saved value; failure reverts to the stored one.
        onSettled: cancel,
      },
    );
  };

  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
        Threshold
      </p>
      {editing ? (
        <form
          noValidate
          className="mt-1 grid gap-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <div className="flex flex-wrap items-center gap-2">
            <div className="relative min-w-0 flex-1 basis-40">
              <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-600" aria-hidden="true">
                $
              </span>
              <Input
                type="number"
                step="0.01"
                min="0.01"
                inputMode="decimal"
                className="pl-6"
                aria-label={`Threshold for ${tier.name}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
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
            </div>
            <Button type="submit" size="sm" disabled={update.isPending}>
              <Check aria-hidden="true" />
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={cancel} disabled={update.isPending}>
              <X aria-hidden="true" />
              Cancel
            </Button>
          </div>
          {error && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </form>
      ) : (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-2xl font-bold text-slate-900 tabular-nums">
            {formatThreshold(tier.threshold)}
          </span>
          {canEdit && (
            <Button ref={editButton} size="sm" variant="ghost" onClick={startEditing} aria-label={`Edit threshold for ${tier.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
