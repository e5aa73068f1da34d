import { zodResolver } from '@hookform/resolvers/zod';
import { createManagerInput, MIN_STAFF_PASSWORD_LENGTH } from '@contract/auth';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCreateManager } from '../api/create-manager';

// The role is fixed: only manager accounts are created here.
const managerForm = createManagerInput.omit({ role: true });
type ManagerFormInput = z.input<typeof managerForm>;

const emptyForm: ManagerFormInput = { name: '', email: '', password: '' };

export function AddManagerDialog() {
  const createManager = useCreateManager();
  const form = useForm<ManagerFormInput, unknown, z.output<typeof managerForm>>({
    resolver: zodResolver(managerForm),
    defaultValues: emptyForm,
  });
  const dialog = useFormDialog(() => form.reset(emptyForm));
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createManager.mutate(
      { ...values, role: 'manager' },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Manager added successfully', variant: 'success' });
          dialog.done();
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to add manager'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          Add Manager
        </Button>
      }
      title="Add Manager"
      description="Managers sign in at the owner sign-in page and see the dashboard without changing anything."
      onSubmit={onSubmit}
      pending={createManager.isPending}
      submitLabel="Add Manager"
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters.`}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
    </FormDialog>
  );
}
