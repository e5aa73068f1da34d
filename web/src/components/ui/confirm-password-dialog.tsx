import { zodResolver } from '@hookform/resolvers/zod';
import { confirmPasswordInput, type ConfirmPasswordInput } from '@contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ApiError, apiRequest, errorMessage } from '../../lib/api-client';
import type { PasswordRequest } from '../../lib/password-request';
import { Alert, AlertDescription } from './alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { FormDialogFooter } from './form-dialog-footer';
import { FormField } from './form-field';
import { Input } from './input';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * The one "Confirm your password" dialog (lib/reauthentication.ts): shown while a sensitive action waits for the
 * password to be entered again; it sends it to POST /api/auth/confirm-password, and the action runs again.
 * Escape, the close button and Cancel abandon the action.
 */
export function ConfirmPasswordDialog({ request }: { request: PasswordRequest }) {
  return (
    <Dialog open onOpenChange={(open) => !open && request.settle(false)}>
      {/* Keyed by the request, so that every request starts with an empty field. */}
      <ConfirmPasswordContent key={request.id} request={request} />
    </Dialog>
  );
}

function ConfirmPasswordContent({ request }: { request: PasswordRequest }) {
  const t = useT(messages);
  const form = useForm<ConfirmPasswordInput>({ resolver: zodResolver(confirmPasswordInput), defaultValues: { password: '' } });
  const confirm = useMutation({
    mutationFn: (input: ConfirmPasswordInput) => apiRequest('POST', '/api/auth/confirm-password', input),
    onSuccess: () => request.settle(true),
    onError: (error) => {
      // A wrong password is the field's error (400 with the message WRONG_PASSWORD); anything else is shown above.
      if (error instanceof ApiError && error.status === 400) {
        form.setError('password', { message: error.serverMessage ?? t('passwordWrong') }, { shouldFocus: true });
      }
    },
  });
  const onSubmit = form.handleSubmit((values) => confirm.mutate(values));
  const failure = confirm.isError && !(confirm.error instanceof ApiError && confirm.error.status === 400) ? confirm.error : null;

  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('confirmPasswordTitle')}</DialogTitle>
        <DialogDescription>{request.message}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(failure, t('confirmPasswordFailed'))}</AlertDescription>
          </Alert>
        )}
        <FormField label={t('password')} error={form.formState.errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <FormDialogFooter onCancel={() => request.settle(false)} pending={confirm.isPending} submitLabel={t('confirm')} pendingLabel={t('confirming')} />
      </form>
    </DialogContent>
  );
}
