import type { IncomeEntry } from '@contract/income-entries';
import { Undo2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatSignedCurrency } from '../../../lib/format';

const loadForm = () => import('./void-entry-form');
const VoidEntryForm = lazy(loadForm);

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
  const [open, setOpen] = useState(false);
  const voided = useRef(false);
  const voidable = isVoidable(entry);
  if (!voidable && !open) return null;

  const amount = formatSignedCurrency(entry.amount);
  const summary = [
    { label: 'Agent', value: entry.agentName },
    { label: 'Amount', value: amount },
    { label: 'Recorded', value: formatDateTime(entry.createdAt) },
    ...(entry.description ? [{ label: 'Description', value: entry.description }] : []),
  ];

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {voidable && (
        <DialogTrigger asChild>
          {/* The form's code is fetched as the pointer or the focus reaches the button, so that the dialog opens with it. */}
          <Button
            variant="outline"
            size="sm"
            aria-label={`Void entry of ${entry.agentName}, ${amount}`}
            onPointerEnter={() => void loadForm()}
            onFocus={() => void loadForm()}
          >
            <Undo2 aria-hidden="true" />
            Void
          </Button>
        </DialogTrigger>
      )}
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!voided.current) return;
          voided.current = false;
          event.preventDefault();
          onVoidedFocus?.();
        }}
      >
        <DialogHeader>
          <DialogTitle>Void this entry?</DialogTitle>
          <DialogDescription>
            Entries are never deleted: voiding records a reversal of the opposite amount, and the agent's totals, the
            leaderboards and the tiers follow it. A tier that only this entry reached is taken back.
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
          {summary.map(({ label, value }) => (
            <div key={label} className="col-span-2 grid grid-cols-subgrid">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="whitespace-pre-line text-slate-900 tabular-nums [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        <Suspense fallback={<Spinner label="Loading..." className="min-h-32" />}>
          <VoidEntryForm
            entryId={entry.id}
            onDone={() => {
              voided.current = true;
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
