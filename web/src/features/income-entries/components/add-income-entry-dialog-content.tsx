import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { isClosingSuggestions } from '../../../components/agents/agent-combobox';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const IncomeEntryForm = lazy(() => import('./income-entry-form'));

/**
 * The Add Income Entry dialog itself, open while mounted: add-income-entry-dialog.tsx mounts it from its button and
 * unmounts it on close; `onCloseFocus` then puts the focus back on that button (Radix returns it to its own trigger,
 * which this dialog does not have).
 */
export function AddIncomeEntryDialogContent({ onClose, onCloseFocus }: { onClose: () => void; onCloseFocus: () => void }) {
  const t = useT(messages);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onEscapeKeyDown={(event) => isClosingSuggestions(event) && event.preventDefault()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onCloseFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('addIncomeEntry')}</DialogTitle>
          <DialogDescription>{t('addIncomeEntryDescription')}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner label={t('loading')} className="min-h-40" />}>
          <IncomeEntryForm onDone={onClose} onCancel={onClose} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
