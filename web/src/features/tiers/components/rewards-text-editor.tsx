import { isComingSoonText, lineNamesOption, rewardLines } from '@contract/tier-offers';
import { COMING_SOON, REWARDS_TEXT_MAX, type TierSetting } from '@contract/tiers';
import { Plus, TriangleAlert } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { useCanEdit } from '../../../lib/authorization';
import { useT } from '../../../lib/i18n/translate';
import { useTierRewardOptions } from '../../../lib/tier-reward-options';
import { messages } from '../messages';
import { AddRewardOptionDialog } from './add-reward-option-dialog';
import { EditButton, EditorActions, useTierSettingEditor } from './tier-setting-editor';

/** The stored text "Coming Soon" (or nothing) marks a tier with no rewards described yet (docs/product.md §9.5). */
const hasRewards = (text: string) => !isComingSoonText(text);

/** The longest title an option may have (contract/rewards.ts). */
const TITLE_MAX = 120;

/**
 * The tier's rewards description: bullets to read, a multi-line text to edit. Agents see the tier's active reward
 * options, not this text (docs/decisions/0081-tier-offers.md), so a line that names no active option is flagged, with
 * "Add as option" for the owner.
 */
export function RewardsTextEditor({ tier }: { tier: TierSetting }) {
  const t = useT(messages);
  const id = useId();
  const canEdit = useCanEdit();
  const editButton = useRef<HTMLButtonElement>(null);
  const editor = useTierSettingEditor(tier, 'rewards', { success: t('rewardsUpdated'), failure: t('rewardsFailed') }, editButton);
  // The same read as the options list beside it; until it arrives no line is flagged.
  const options = useTierRewardOptions(tier.id);
  const activeOptions = options.data?.filter((option) => option.isActive);
  const offered = (line: string) => activeOptions === undefined || activeOptions.some((option) => lineNamesOption(line, option.title));

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-xs font-medium uppercase tracking-wide text-slate-600">
          {t('rewards')}
        </h4>
        {canEdit && !editor.editing && (
          <EditButton ref={editButton} label={t('editRewardsFor', { tier: tier.name })} onClick={() => editor.start(hasRewards(tier.rewards) ? tier.rewards : '')} />
        )}
      </div>
      {editor.editing ? (
        <form noValidate className="mt-1 grid gap-2" onSubmit={editor.onSubmit(() => editor.save(rewardLines(editor.draft).join('\n') || COMING_SOON))}>
          <Textarea
            rows={4}
            maxLength={REWARDS_TEXT_MAX}
            aria-label={t('rewardsFor', { tier: tier.name })}
            aria-describedby={`${id}-hint`}
            value={editor.draft}
            onChange={(event) => editor.setDraft(event.target.value)}
            onKeyDown={editor.onDraftKeyDown}
            disabled={editor.pending}
            autoFocus
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {t('rewardsHint')}
          </p>
          <div className="flex flex-wrap gap-2">
            <EditorActions editor={editor} />
          </div>
        </form>
      ) : hasRewards(tier.rewards) ? (
        <ul aria-labelledby={`${id}-heading`} className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
          {rewardLines(tier.rewards).map((line, index) => (
            <li key={index}>
              <span className="[overflow-wrap:anywhere]">{line}</span>
              {!offered(line) && (
                <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <p className="flex items-start gap-1 text-xs text-amber-900">
                    <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                    {t('lineNotOffered')}
                  </p>
                  {canEdit && (
                    <AddRewardOptionDialog
                      tier={tier}
                      initial={{ title: line.slice(0, TITLE_MAX), description: line }}
                      onAddedFocus={() => editButton.current?.focus()}
                      trigger={
                        <Button size="sm" variant="outline" className="h-7 px-2 text-xs" aria-label={t('addLineAsOption', { line, tier: tier.name })}>
                          <Plus aria-hidden="true" />
                          {t('addAsOption')}
                        </Button>
                      }
                    />
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p className="mt-1 text-sm italic text-slate-600">{t('noRewards')}</p>
          {activeOptions !== undefined && activeOptions.length > 0 && (
            <p className="mt-1 text-xs text-slate-700">{t('optionsAsRewards')}</p>
          )}
        </>
      )}
    </div>
  );
}
