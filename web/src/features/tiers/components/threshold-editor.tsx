import type { TierSetting } from '@contract/tiers';
import { useId, useRef } from 'react';
import { Input } from '../../../components/ui/input';
import { useCanEdit } from '../../../lib/authorization';
import { formatThreshold } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';
import { EditButton, EditorActions, useTierSettingEditor } from './tier-setting-editor';

// The threshold's schema brings zod, which the screens that show amounts (and share contract/cents.ts) must not load
// with their first paint: fetched when a threshold is saved (zod is usually there by then, from the tab's forms).
const loadThresholdInput = () => import('@contract/money').then((module) => module.thresholdInput);

/** "10000.00" -> "10000" for editing; cents stay when present. */
const editableAmount = (money: string) => money.replace(/\.00$/, '');

/** Inline editor of a tier threshold: Edit -> input -> Save or Cancel (docs/product.md §11.9). */
export function ThresholdEditor({ tier }: { tier: TierSetting }) {
  const t = useT(messages);
  const id = useId();
  const canEdit = useCanEdit();
  const editButton = useRef<HTMLButtonElement>(null);
  const editor = useTierSettingEditor(tier, 'threshold', { success: t('thresholdUpdated'), failure: t('thresholdFailed') }, editButton);

  const save = () => {
    const draft = editor.draft;
    loadThresholdInput().then(
      (thresholdInput) => {
        const parsed = thresholdInput.safeParse(draft);
        if (parsed.success) editor.save(parsed.data);
        else editor.setError(parsed.error.issues[0]?.message ?? t('enterValidThreshold'));
      },
      () => editor.setError(t('thresholdUnchecked')),
    );
  };

  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">
        {t('threshold')}
      </p>
      {editor.editing ? (
        <form noValidate className="mt-1 grid gap-1.5" onSubmit={editor.onSubmit(save)}>
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
                aria-label={t('thresholdFor', { tier: tier.name })}
                aria-invalid={editor.error ? true : undefined}
                aria-describedby={editor.error ? `${id}-error` : undefined}
                value={editor.draft}
                onChange={(event) => editor.setDraft(event.target.value)}
                onKeyDown={editor.onDraftKeyDown}
                disabled={editor.pending}
                autoFocus
              />
            </div>
            <EditorActions editor={editor} />
          </div>
          {editor.error && (
            <p id={`${id}-error`} className="text-sm font-medium text-red-700">
              {editor.error}
            </p>
          )}
        </form>
      ) : (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className="text-2xl font-bold text-slate-900 tabular-nums">
            {formatThreshold(tier.threshold)}
          </span>
          {canEdit && <EditButton ref={editButton} label={t('editThresholdFor', { tier: tier.name })} onClick={() => editor.start(editableAmount(tier.threshold))} />}
        </div>
      )}
    </div>
  );
}
