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

interface ConfirmDialogProps {
  /** The button that asks for the confirmation. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** What the confirming button says ("Delete Agent"). */
  confirmLabel: string;
  onConfirm: () => void;
  /** More about the consequences, under the description. */
  children?: ReactNode;
}

/** Asks before an action that cannot be undone (deleting an agent, a reward option, removing a manager). */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm, children }: ConfirmDialogProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
