import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

const loadForm = () => import('./income-entry-form');

/** While the agent picker shows its matches (it marks its input so), Escape closes them rather than the dialog. */
const isClosingSuggestions = (event: KeyboardEvent) => event.target instanceof HTMLElement && event.target.dataset.suggestionsOpen === 'true';
const IncomeEntryForm = lazy(loadForm);

/** The owner's Add Income Entry dialog (docs/product.md §11.6); a negative amount records a deduction. */
export function AddIncomeEntryDialog() {
  const [open, setOpen] = useState(false);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {/* The form's code is fetched as the pointer or the focus reaches the button, so that the dialog opens with it. */}
        <Button onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()}>
          <Plus aria-hidden="true" />
          Add Income Entry
        </Button>
      </DialogTrigger>
      <DialogContent onEscapeKeyDown={(event) => isClosingSuggestions(event) && event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Add Income Entry</DialogTitle>
          <DialogDescription>Record profit for an agent. Use a negative amount for a deduction.</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner label="Loading..." className="min-h-40" />}>
          <IncomeEntryForm onDone={() => setOpen(false)} onCancel={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
