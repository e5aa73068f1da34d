import { Plus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The dialog (Radix's) and the form load as the pointer or the focus reaches the button, not with the dashboard.
const loadDialog = () => import('./add-income-entry-dialog-content');
const AddIncomeEntryDialogContent = lazy(() => loadDialog().then((m) => ({ default: m.AddIncomeEntryDialogContent })));
const preload = () => {
  void loadDialog();
  void import('./income-entry-form');
};

/** The owner's Add Income Entry button and dialog (docs/product.md §11.6); a negative amount records a deduction. */
export function AddIncomeEntryDialog() {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button ref={button} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} onPointerEnter={preload} onFocus={preload}>
        <Plus aria-hidden="true" />
        {t('addIncomeEntry')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddIncomeEntryDialogContent onClose={() => setOpen(false)} onCloseFocus={() => button.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
