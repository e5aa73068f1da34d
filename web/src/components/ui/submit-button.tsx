import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children' | 'asChild'> {
  /** The form's request is on its way: the button is disabled and spins. */
  pending: boolean;
  /** What it says, and while the request is on its way: "Change password", "Changing...". */
  label: string;
  pendingLabel: string;
  /** Its icon while no request is on its way. */
  icon?: ReactNode;
}

/** A form's submit button, which spins and says what is happening while the form's request is on its way. */
export function SubmitButton({ pending, label, pendingLabel, icon, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
      {pending ? pendingLabel : label}
    </Button>
  );
}
