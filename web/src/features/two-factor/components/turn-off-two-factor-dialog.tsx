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
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** Turning two-factor sign-in off: a code of the app, or a recovery code, confirms it. Mounted when it opens. */
export function TurnOffTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const t = useT(messages);
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
          toast({ title: t('isOffTitle'), description: t('isOffDescription'), variant: 'success' });
        },
      },
    );
  };

  const error = disable.error && !isReauthenticationCancelled(disable.error) ? disable.error : null;
  const fieldError = error instanceof ApiError && error.status === 400 ? errorMessage(error, t('codeIncorrect')) : undefined;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('turnOffTitle')}</DialogTitle>
            <DialogDescription>{t('turnOffDescription')}</DialogDescription>
          </DialogHeader>
          {error && !fieldError && (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(error, t('turnOffFailed'))}</AlertDescription>
            </Alert>
          )}
          <CodeField label={t('codeOrRecoveryCode')} value={code} onChange={setCode} error={fieldError} recovery />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending || code.trim() === ''}>
              {disable.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {t('turnOff')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
