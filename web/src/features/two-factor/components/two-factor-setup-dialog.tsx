import type { TwoFactorSetup } from '@contract/two-factor';
import { Loader2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { CodeField } from './code-field';
import { QrCode } from './qr-code';
import { RecoveryCodes } from './recovery-codes';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up two-factor sign-in: a new secret as a QR code (and as text), a code from the app to turn it on, then
 * the ten recovery codes, shown this once. Mounted when it opens: each opening makes a new secret (one set up before
 * and never confirmed is replaced) and starts with empty fields.
 */
export function TwoFactorSetupDialog({ onClose, email }: { onClose: () => void; email: string }) {
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const t = useT(messages);
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { mutate: begin } = setup;

  useEffect(() => {
    begin(undefined, {
      onSuccess: setSecret,
      onError: (error) => {
        if (isReauthenticationCancelled(error)) onClose();
      },
    });
  }, [begin, onClose]);
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate({ code: code.trim() }, { onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes) });
  };

  const fieldError = enable.error instanceof ApiError && enable.error.status === 400 ? errorMessage(enable.error, t('codeIncorrect')) : undefined;
  const otherError = enable.error && !fieldError ? errorMessage(enable.error, t('turnOnFailed')) : undefined;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        {recoveryCodes ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('isOnTitle')}</DialogTitle>
              <DialogDescription>{t('keepCodes')}</DialogDescription>
            </DialogHeader>
            <RecoveryCodes codes={recoveryCodes} email={email} />
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                {t('keptCodes')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{t('setupTitle')}</DialogTitle>
              <DialogDescription>{t('setupDescription')}</DialogDescription>
            </DialogHeader>
            {setup.isError && !isReauthenticationCancelled(setup.error) && (
              <Alert variant="destructive">
                <AlertDescription>{errorMessage(setup.error, t('setupFailed'))}</AlertDescription>
              </Alert>
            )}
            {secret ? (
              <div className="grid justify-items-center gap-3">
                <QrCode value={secret.otpauthUri} label={t('qrLabel')} />
                <div className="grid w-full gap-1 text-center">
                  <p className="text-sm text-slate-700">{t('enterKey')}</p>
                  <code data-testid="two-factor-secret" data-secret={secret.secret} className="break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
                    {grouped(secret.secret)}
                  </code>
                </div>
              </div>
            ) : (
              setup.isPending && (
                <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-700">
                  <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                  {t('makingKey')}
                </p>
              )
            )}
            {otherError && (
              <Alert variant="destructive">
                <AlertDescription>{otherError}</AlertDescription>
              </Alert>
            )}
            <CodeField label={t('sixDigitCode')} value={code} onChange={setCode} error={fieldError} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={!secret || enable.isPending || code.trim() === ''}>
                {enable.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                {t('turnOn')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
