import { render } from '@contract/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { createAgentInput, type CreateAgentInput } from '@contract/agents';
import { MIN_PASSWORD_LENGTH, passwordRuleHintText } from '@contract/limits';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddAccountDialog } from '../../../components/accounts/add-account-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useCreateAgent } from '../api/create-agent';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

const emptyForm: CreateAgentInput = { name: '', position: '', email: '', password: '' };

/** The owner adds an agent who can sign in at once with the initial password. */
export function AddAgentDialog() {
  const t = useT(messages);
  const createAgent = useCreateAgent();
  const form = useForm<CreateAgentInput, unknown, z.output<typeof createAgentInput>>({
    resolver: zodResolver(createAgentInput),
    defaultValues: emptyForm,
  });

  return (
    <AddAccountDialog
      noun="Agent"
      description={t('addDescription')}
      form={form}
      create={createAgent.mutate}
      pending={createAgent.isPending}
      successMessage={(agent) => t('added', { name: agent.name })}
      password={{ label: t('initialPassword'), hint: t('initialPasswordHint', { rule: render(passwordRuleHintText(MIN_PASSWORD_LENGTH)) }) }}
      fieldsOnScreen={['name', 'position', 'email', 'password']}
    >
      <FormField label={t('position')} error={form.formState.errors.position?.message}>
        <Input autoComplete="off" placeholder={t('positionPlaceholder')} {...form.register('position')} />
      </FormField>
    </AddAccountDialog>
  );
}
