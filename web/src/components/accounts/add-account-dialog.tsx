import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormProvider, useFormContext, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../lib/api-client';
import { setServerIssues } from '../../lib/server-issues';
import { Button } from '../ui/button';
import { FormDialog, useFormDialog } from '../ui/form-dialog';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { toast } from '../ui/use-toast';
import { useT } from '../../lib/i18n/translate';
import { messages } from './messages';

/** The fields of every account the owner adds, an agent's or a manager's. */
export interface AccountFormFields {
  name: string;
  email: string;
  password: string;
}

interface AddAccountDialogProps<TForm extends AccountFormFields, TValues extends FieldValues, TCreated> {
  /** What the dialog adds, an agent or a manager; its button, title and messages name it in the language shown. */
  noun: 'Agent' | 'Manager';
  description: string;
  /** The form of the account's fields and any others; Cancel, Escape and success reset it to its default values. */
  form: UseFormReturn<TForm, unknown, TValues>;
  /** Sends the checked values (a mutation's `mutate`), calling back once the account is added or refused. */
  create: (values: TValues, callbacks: { onSuccess: (created: TCreated) => void; onError: (error: Error) => void }) => void;
  /** The request of `create` is on its way. */
  pending: boolean;
  /** The success message, naming the added account where it can. */
  successMessage: (created: TCreated) => string;
  password: { label: string; hint: string };
  /** More fields, shown between the name and the email. */
  children?: ReactNode;
  /**
   * The form's fields in screen order, for the server's reasons: each goes under the field it names and the first
   * such field takes the focus; a reason that names none is a toast.
   */
  fieldsOnScreen?: readonly Path<TForm>[];
}

/**
 * The owner adds an account (an agent, a manager) in a dialog: name, the caller's own fields, email and initial
 * password; a toast says how it went, and the dialog closes with an empty form once the account is added.
 */
export function AddAccountDialog<TForm extends AccountFormFields, TValues extends FieldValues, TCreated>({
  noun,
  description,
  form,
  create,
  pending,
  successMessage,
  password,
  children,
  fieldsOnScreen = ['name', 'email', 'password'] as Path<TForm>[],
}: AddAccountDialogProps<TForm, TValues, TCreated>) {
  const dialog = useFormDialog(() => form.reset());
  const t = useT(messages);
  const onSubmit = form.handleSubmit((values) =>
    create(values, {
      onSuccess: (created) => {
        toast({ title: t('success'), description: successMessage(created), variant: 'success' });
        dialog.done();
      },
      onError: (error) => {
        if (setServerIssues(form.setError, error, fieldsOnScreen)) return;
        toast({ title: t('error'), description: errorMessage(error, t('addFailed', { kind: noun })), variant: 'destructive' });
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <FormDialog
        state={dialog}
        trigger={
          <Button>
            <UserPlus aria-hidden="true" />
            {t('addAccount', { kind: noun })}
          </Button>
        }
        title={t('addAccount', { kind: noun })}
        description={description}
        onSubmit={onSubmit}
        pending={pending}
        submitLabel={t('addAccount', { kind: noun })}
      >
        <AccountFields password={password}>{children}</AccountFields>
      </FormDialog>
    </FormProvider>
  );
}

function AccountFields({ password, children }: Pick<AddAccountDialogProps<AccountFormFields, AccountFormFields, unknown>, 'password' | 'children'>) {
  const { register, formState } = useFormContext<AccountFormFields>();
  const { errors } = formState;
  const t = useT(messages);
  return (
    <>
      <FormField label={t('name')} error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      {children}
      <FormField label={t('email')} error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...register('email')} />
      </FormField>
      <FormField label={password.label} error={errors.password?.message} hint={password.hint}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
    </>
  );
}
