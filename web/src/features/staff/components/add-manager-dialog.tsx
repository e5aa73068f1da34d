import { zodResolver } from '@hookform/resolvers/zod';
import { createManagerInput, MIN_STAFF_PASSWORD_LENGTH } from '@contract/auth';
import { passwordRuleHint } from '@contract/limits';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddAccountDialog } from '../../../components/accounts/add-account-dialog';
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

  return (
    <AddAccountDialog
      noun="Manager"
      description="Managers sign in at the owner sign-in page and see the dashboard without changing anything."
      form={form}
      create={(values, callbacks) => createManager.mutate({ ...values, role: 'manager' }, callbacks)}
      pending={createManager.isPending}
      successMessage={() => 'Manager added successfully'}
      password={{ label: 'Password', hint: passwordRuleHint(MIN_STAFF_PASSWORD_LENGTH) }}
    />
  );
}
