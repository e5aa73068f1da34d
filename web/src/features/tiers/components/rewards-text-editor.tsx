import { COMING_SOON, REWARDS_TEXT_MAX, type TierSetting } from '@contract/tiers';
import { useId, useRef } from 'react';
import { Textarea } from '../../../components/ui/textarea';
import { useCanEdit } from '../../../lib/authorization';
import { EditButton, EditorActions, useTierSettingEditor } from './tier-setting-editor';

/** One reward per line; blank lines and surrounding spaces carry no meaning. */
function rewardLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The stored text "Coming Soon" marks a tier with no rewards yet (docs/product.md §9.5). */
const hasRewards = (text: string) => rewardLines(text).length > 0 && text.trim() !== COMING_SOON;

/** The tier's rewards description: bullets to read, a multi-line text to edit. */
export function RewardsTextEditor({ tier }: { tier: TierSetting }) {
  const id = useId();
  const canEdit = useCanEdit();
  const editButton = useRef<HTMLButtonElement>(null);
  const editor = useTierSettingEditor(tier, 'rewards', { success: 'Tier rewards updated successfully', failure: 'Failed to update rewards' }, editButton);

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-xs font-medium uppercase tracking-wide text-slate-600">
          Rewards
        </h4>
        {canEdit && !editor.editing && (
          <EditButton ref={editButton} label={`Edit rewards for ${tier.name}`} onClick={() => editor.start(hasRewards(tier.rewards) ? tier.rewards : '')} />
        )}
      </div>
      {editor.editing ? (
        <form noValidate className="mt-1 grid gap-2" onSubmit={editor.onSubmit(() => editor.save(rewardLines(editor.draft).join('\n') || COMING_SOON))}>
          <Textarea
            rows={4}
            maxLength={REWARDS_TEXT_MAX}
            aria-label={`Rewards for ${tier.name}`}
            aria-describedby={`${id}-hint`}
            value={editor.draft}
            onChange={(event) => editor.setDraft(event.target.value)}
            onKeyDown={editor.onDraftKeyDown}
            disabled={editor.pending}
            autoFocus
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            One reward per line.
          </p>
          <div className="flex flex-wrap gap-2">
            <EditorActions editor={editor} />
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
