import type { IncomeEntry } from '@contract/income-entries';
import { lazy, Suspense, useRef } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatSignedCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const VoidEntryForm = lazy(() => import('./void-entry-form'));

/**
 * The Void dialog itself (docs/product.md §12.11), open while mounted: void-entry-dialog.tsx mounts it from its button
 * and unmounts it on close; the focus then goes to `onCloseFocus` (that button), or to `onVoidedFocus` after a void.
 */
export function VoidEntryDialogContent({
  entry,
  onClose,
  onCloseFocus,
  onVoidedFocus,
}: {
  entry: IncomeEntry;
  onClose: () => void;
  onCloseFocus: () => void;
  onVoidedFocus?: (() => void) | undefined;
}) {
  const t = useT(messages);
  const voided = useRef(false);
  const amount = formatSignedCurrency(entry.amount);
  const summary = [
    { label: t('agent'), value: entry.agentName },
    { label: t('amount'), value: amount },
    { label: t('recorded'), value: formatDateTime(entry.createdAt) },
    ...(entry.description ? [{ label: t('description'), value: entry.description }] : []),
  ];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (voided.current) onVoidedFocus?.();
          else onCloseFocus();
          voided.current = false;
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('voidTitle')}</DialogTitle>
          <DialogDescription>{t('voidDescription')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
          {summary.map(({ label, value }) => (
            <div key={label} className="col-span-2 grid grid-cols-subgrid">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="whitespace-pre-line text-slate-900 tabular-nums [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        <Suspense fallback={<Spinner label={t('loading')} className="min-h-32" />}>
          <VoidEntryForm
            entryId={entry.id}
            onDone={() => {
              voided.current = true;
              onClose();
            }}
            onCancel={onClose}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
