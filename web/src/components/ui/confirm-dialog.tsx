import type { ReactElement, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

interface ConfirmDialogProps {
  /** The button that asks for the confirmation; none when another control opens it (`open`, `onOpenChange`). */
  trigger?: ReactElement;
  /** Whether it is open, when another control opens it (a menu's action). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where the focus goes when it closes, when not back to its trigger (it has none when another control opens it). */
  onCloseAutoFocus?: (event: Event) => void;
  title: ReactNode;
  description: ReactNode;
  /** What the confirming button says ("Delete Agent"). */
  confirmLabel: string;
  onConfirm: () => void;
  /** More about the consequences, under the description. */
  children?: ReactNode;
}

/** Asks before an action that cannot be undone (deleting an agent, a reward option, removing a manager). */
export function ConfirmDialog({ trigger, open, onOpenChange, onCloseAutoFocus, title, description, confirmLabel, onConfirm, children }: ConfirmDialogProps) {
  const t = useT(messages);
  return (
    <AlertDialog {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{t('cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
