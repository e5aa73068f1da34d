import { render } from '@contract/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { createManagerInput, MIN_STAFF_PASSWORD_LENGTH } from '@contract/auth';
import { passwordRuleHintText } from '@contract/limits';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddAccountDialog } from '../../../components/accounts/add-account-dialog';
import { useCreateManager } from '../api/create-manager';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

// The role is fixed: only manager accounts are created here.
const managerForm = createManagerInput.omit({ role: true });
type ManagerFormInput = z.input<typeof managerForm>;

const emptyForm: ManagerFormInput = { name: '', email: '', password: '' };

export function AddManagerDialog() {
  const t = useT(messages);
  const createManager = useCreateManager();
  const form = useForm<ManagerFormInput, unknown, z.output<typeof managerForm>>({
    resolver: zodResolver(managerForm),
    defaultValues: emptyForm,
  });

  return (
    <AddAccountDialog
      noun="Manager"
      description={t('managerDescription')}
      form={form}
      create={(values, callbacks) => createManager.mutate({ ...values, role: 'manager' }, callbacks)}
      pending={createManager.isPending}
      successMessage={() => t('managerAdded')}
      password={{ label: t('password'), hint: render(passwordRuleHintText(MIN_STAFF_PASSWORD_LENGTH)) }}
    />
  );
}
