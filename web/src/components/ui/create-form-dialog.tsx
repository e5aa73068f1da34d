import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { setServerIssues } from '../../lib/server-issues';
import { Button } from './button';
import { FormDialog, useFormDialog } from './form-dialog';
import { toast } from './use-toast';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

interface CreateFormDialogProps<TForm extends FieldValues, TValues, TCreated> {
  /** What the button that opens it and the dialog's title say: "New API token", "Add webhook". */
  title: string;
  description: ReactNode;
  submitLabel: string;
  /** The form; dismissing the dialog or making the thing resets it to its default values. */
  form: UseFormReturn<TForm, unknown, TValues>;
  /** Sends the checked values (a mutation's `mutate`, perhaps after shaping them), calling back once made or refused. */
  create: (values: TValues, callbacks: { onSuccess: (created: TCreated) => void; onError: (error: Error) => void }) => void;
  /** The request of `create` is on its way. */
  pending: boolean;
  /** Gets what was made, once the dialog has closed: it is shown next (a secret shown once). */
  onCreated: (created: TCreated) => void;
  /** The toast's text when the server gives no reason of its own. */
  failure: string;
  /** Takes a refusal before the toast does (e.g. onto a field); says whether it did. */
  onRefused?: (error: Error) => boolean;
  /** The form's fields in screen order: a refusal's reasons about them go under them, the first focused. */
  fields?: ReadonlyArray<Path<TForm>>;
  /** The form's field of a request path where their names differ ("expiresAt" for "expiry"). */
  fieldOfPath?: Readonly<Record<string, Path<TForm>>>;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * A dialog opened by a "+" button that makes one thing (an API token, a TV link, a webhook) from a short form and
 * hands it to `onCreated`; a refusal is told in a toast and leaves the dialog open with what was typed.
 */
export function CreateFormDialog<TForm extends FieldValues, TValues, TCreated>({
  title,
  description,
  submitLabel,
  form,
  create,
  pending,
  onCreated,
  failure,
  onRefused,
  fields = [],
  fieldOfPath,
  children,
}: CreateFormDialogProps<TForm, TValues, TCreated>) {
  const t = useT(messages);
  const dialog = useFormDialog(() => form.reset());
  const onSubmit = form.handleSubmit((values) =>
    create(values, {
      onSuccess: (created) => {
        dialog.done();
        onCreated(created);
      },
      onError: (error) => {
        if (onRefused?.(error) || setServerIssues(form.setError, error, fields, fieldOfPath)) return;
        toast({ title: t('error'), description: errorMessage(error, failure), variant: 'destructive' });
      },
    }),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          {title}
        </Button>
      }
      title={title}
      description={description}
      onSubmit={onSubmit}
      pending={pending}
      submitLabel={submitLabel}
    >
      {children}
    </FormDialog>
  );
}
