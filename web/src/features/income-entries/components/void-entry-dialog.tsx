import type { IncomeEntry } from '@contract/income-entries';
import { Undo2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatSignedCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The dialog (Radix's, about 8 KB) and its form load as the pointer or the focus reaches a Void button, not with the
// screens that list entries: the rows show plain buttons.
const loadDialog = () => import('./void-entry-dialog-content');
const VoidEntryDialogContent = lazy(() => loadDialog().then((m) => ({ default: m.VoidEntryDialogContent })));
const preload = () => {
  void loadDialog();
  void import('./void-entry-form');
};

/** docs/product.md §12.11: a reversal, or an entry voided already, cannot be voided. */
export const isVoidable = (entry: IncomeEntry) => entry.voidedAt === null && entry.voidsEntryId === null;

interface VoidEntryDialogProps {
  entry: IncomeEntry;
  /**
   * Where the focus goes once the entry is voided: the Void button that opened the dialog is gone by then (a voided
   * entry has none), so the focus cannot go back to it.
   */
  onVoidedFocus?: () => void;
}

/**
 * The owner's Void button of an entry and its dialog (docs/product.md §12.11): entries are never deleted, so a void
 * asks for a reason and records a reversal. The dialog stays mounted while open even once the entry reads as voided
 * (the dashboard is read again before the answer's toast, or by the live stream sooner), so that its outcome is shown.
 */
export function VoidEntryDialog({ entry, onVoidedFocus }: VoidEntryDialogProps) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const voidable = isVoidable(entry);
  if (!voidable && !open) return null;

  return (
    <>
      {voidable && (
        <Button
          ref={button}
          variant="outline"
          size="sm"
          aria-label={t('voidEntryOf', { name: entry.agentName, amount: formatSignedCurrency(entry.amount) })}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          onPointerEnter={preload}
          onFocus={preload}
        >
          <Undo2 aria-hidden="true" />
          {t('void')}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <VoidEntryDialogContent entry={entry} onClose={() => setOpen(false)} onCloseFocus={() => button.current?.focus()} onVoidedFocus={onVoidedFocus} />
        </Suspense>
      )}
    </>
  );
}
