import { Loader2 } from 'lucide-react';
import { Button } from './button';
import { DialogFooter } from './dialog';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

interface FormDialogFooterProps {
  onCancel: () => void;
  /** The form's request is on its way: the submit button is disabled and says `pendingLabel`. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}

/** Cancel and submit at the foot of a dialog's form (add agent, manager, reward option, income entry). */
export function FormDialogFooter({ onCancel, pending, submitLabel, pendingLabel }: FormDialogFooterProps) {
  const t = useT(messages);
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
