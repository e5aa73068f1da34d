import { zodResolver } from '@hookform/resolvers/zod';
import { createAgentInput, type CreateAgentInput } from '@contract/agents';
import { MIN_PASSWORD_LENGTH, passwordRuleHint } from '@contract/limits';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddAccountDialog } from '../../../components/accounts/add-account-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useCreateAgent } from '../api/create-agent';

const emptyForm: CreateAgentInput = { name: '', position: '', email: '', password: '' };

/** The owner adds an agent who can sign in at once with the initial password. */
export function AddAgentDialog() {
  const createAgent = useCreateAgent();
  const form = useForm<CreateAgentInput, unknown, z.output<typeof createAgentInput>>({
    resolver: zodResolver(createAgentInput),
    defaultValues: emptyForm,
  });

  return (
    <AddAccountDialog
      noun="Agent"
      description="The agent can sign in at the Agent Portal with this email and password."
      form={form}
      create={createAgent.mutate}
      pending={createAgent.isPending}
      successMessage={(agent) => `Agent ${agent.name} added successfully`}
      password={{ label: 'Initial password', hint: `${passwordRuleHint(MIN_PASSWORD_LENGTH)} Share it with the agent.` }}
      fieldsOnScreen={['name', 'position', 'email', 'password']}
    >
      <FormField label="Position" error={form.formState.errors.position?.message}>
        <Input autoComplete="off" placeholder="e.g. Sales Agent" {...form.register('position')} />
      </FormField>
    </AddAccountDialog>
  );
}
