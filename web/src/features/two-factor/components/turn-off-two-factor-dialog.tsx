import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { CodeField } from './code-field';

/** Turning two-factor sign-in off: a code of the app, or a recovery code, confirms it. Mounted when it opens. */
export function TurnOffTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(
      { code: code.trim() },
      {
        onSuccess: () => {
          onClose();
          toast({ title: 'Two-factor sign-in is off', description: 'Your password alone signs you in now.', variant: 'success' });
        },
      },
    );
  };

  const error = disable.error && !isReauthenticationCancelled(disable.error) ? disable.error : null;
  const fieldError = error instanceof ApiError && error.status === 400 ? errorMessage(error, 'The code is not correct') : undefined;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Turn off two-factor sign-in</DialogTitle>
            <DialogDescription>Enter a code from your authenticator app, or one of your recovery codes. Your recovery codes stop working.</DialogDescription>
          </DialogHeader>
          {error && !fieldError && (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(error, 'Two-factor sign-in could not be turned off')}</AlertDescription>
            </Alert>
          )}
          <CodeField label="6-digit code or a recovery code" value={code} onChange={setCode} error={fieldError} recovery />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending || code.trim() === ''}>
              {disable.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Turn off
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
