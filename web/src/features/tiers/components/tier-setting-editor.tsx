import type { TierSetting } from '@contract/tiers';
import { Check, Pencil, X } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n/translate';
import { useUpdateTierSetting } from '../api/update-tier-setting';
import { messages } from '../messages';

interface EditorToasts {
  success: string;
  /** Shown when the server gave no message of its own. */
  failure: string;
}

/**
 * Edit -> draft -> Save or Cancel, for one field of a tier (docs/product.md §11.9). Only a changed value is sent; once the
 * server has answered the editor closes and shows the saved value or, after a failure, the stored one.
 * `editButton` is the caller's Edit button, focused again when the editor closes.
 */
export function useTierSettingEditor(
  tier: TierSetting,
  field: 'threshold' | 'rewards',
  toasts: EditorToasts,
  editButton: RefObject<HTMLButtonElement | null>,
) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateTierSetting();
  const wasEditing = useRef(false);

  // Keyboard users land back on Edit after saving or cancelling.
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing, editButton]);

  const close = () => {
    setEditing(false);
    setError(undefined);
  };
  const save = (value: string) => {
    if (value === tier[field]) return close();
    update.mutate(
      { tierId: tier.id, changes: field === 'threshold' ? { threshold: value } : { rewards: value } },
      {
        onSuccess: () => toast({ title: translate(messages, 'success'), description: toasts.success, variant: 'success' }),
        onError: (failure) => toast({ title: translate(messages, 'error'), description: errorMessage(failure, toasts.failure), variant: 'destructive' }),
        onSettled: close,
      },
    );
  };

  return {
    editing,
    draft,
    setDraft,
    error,
    setError,
    pending: update.isPending,
    start: (initialDraft: string) => {
      setDraft(initialDraft);
      setError(undefined);
      setEditing(true);
    },
    cancel: close,
    save,
    /** The draft's form: `onSave` reads the draft and calls `save` (or sets an error). */
    onSubmit: (onSave: () => void) => (event: FormEvent) => {
      event.preventDefault();
      onSave();
    },
    /** Escape in the draft cancels the edit. */
    onDraftKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    },
  };
}

type TierSettingEditor = ReturnType<typeof useTierSettingEditor>;

/** Opens the editor; `ref` is the button handed to the editor, focused again when the editor closes. */
export function EditButton({ ref, label, onClick }: { ref: Ref<HTMLButtonElement>; label: string; onClick: () => void }) {
  const t = useT(messages);
  return (
    <Button ref={ref} size="sm" variant="ghost" onClick={onClick} aria-label={label}>
      <Pencil aria-hidden="true" />
      {t('edit')}
    </Button>
  );
}

/** Save (the form's submit) and Cancel. */
export function EditorActions({ editor }: { editor: TierSettingEditor }) {
  const t = useT(messages);
  return (
    <>
      <Button type="submit" size="sm" disabled={editor.pending}>
        <Check aria-hidden="true" />
        {editor.pending ? t('saving') : t('save')}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={editor.cancel} disabled={editor.pending}>
        <X aria-hidden="true" />
        {t('cancel')}
      </Button>
    </>
  );
}
