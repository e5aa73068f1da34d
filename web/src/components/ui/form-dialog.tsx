import { useState, type FormEventHandler, type ReactElement, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from './dialog';
import { FormDialogFooter } from './form-dialog-footer';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * The open state of a dialog whose form starts empty again once the dialog is dismissed (Escape, the close button,
 * a click outside) or its form has succeeded (`done`). Cancel only closes it.
 */
export function useFormDialog(resetForm: () => void) {
  const [open, setOpen] = useState(false);
  return {
    open,
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (!next) resetForm();
    },
    cancel: () => setOpen(false),
    done: () => {
      resetForm();
      setOpen(false);
    },
  };
}

interface FormDialogProps {
  state: ReturnType<typeof useFormDialog>;
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's request is on its way. */
  pending: boolean;
  submitLabel: string;
  /** What the submit button says while the request is on its way (default "Adding..."). */
  pendingLabel?: string;
  /** The form's fields. */
  children: ReactNode;
  /** Where focus goes when the dialog closes, when not back to its trigger (a trigger the form's success removes). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** A short form in a dialog, with Cancel and submit at its foot (add an agent, a manager, a reward option). */
export function FormDialog({ state, trigger, title, description, onSubmit, pending, submitLabel, pendingLabel, children, onCloseAutoFocus }: FormDialogProps) {
  const t = useT(messages);
  return (
    <Dialog open={state.open} onOpenChange={state.onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {children}
          <FormDialogFooter onCancel={state.cancel} pending={pending} submitLabel={submitLabel} pendingLabel={pendingLabel ?? t('adding')} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
