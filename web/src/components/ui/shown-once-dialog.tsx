import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { SecretField } from './secret-field';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** The secret a ShownOnceDialog shows: its field's label, its value, what it is called, and what losing it means. */
export interface ShownOnceSecret {
  label: string;
  value: string;
  /** Names it in the messages: "address", "token", "secret", "link". */
  what: string;
  warning: ReactNode;
}

/**
 * A secret just made (an API token, a TV link's address, a webhook's signing secret, a password link), with Copy and
 * Done. It is shown this once: the server keeps only a hash of it (or, for a webhook, never shows it again), so a lost
 * one means making a new one. Open while `secret` is given; `children` go below the field (an "Open" link).
 */
export function ShownOnceDialog({
  secret,
  title,
  description,
  children,
  onClose,
}: {
  secret: ShownOnceSecret | null;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  onClose: () => void;
}) {
  const t = useT(messages);
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {secret && (
          <div className="grid gap-3">
            <SecretField label={secret.label} value={secret.value} what={secret.what} warning={secret.warning} />
            {children}
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button>{t('done')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
