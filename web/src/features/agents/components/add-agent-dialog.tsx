import { zodResolver } from '@hookform/resolvers/zod';
import { createAgentInput, type CreateAgentInput } from '@contract/agents';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCreateAgent } from '../api/create-agent';

const emptyForm: CreateAgentInput = { name: '', position: '', email: '', password: '' };

/** The owner adds an agent who can sign in at once with the initial password. */
export function AddAgentDialog() {
  const createAgent = useCreateAgent();
  const form = useForm<CreateAgentInput, unknown, z.output<typeof createAgentInput>>({
    resolver: zodResolver(createAgentInput),
    defaultValues: emptyForm,
  });
  const dialog = useFormDialog(() => form.reset(emptyForm));
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createAgent.mutate(values, {
      onSuccess: (agent) => {
        toast({ title: 'Success', description: `Agent ${agent.name} added successfully`, variant: 'success' });
        dialog.done();
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to add agent'), variant: 'destructive' }),
    }),
  );

  return (
    <FormDialog
      state={dialog}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          Add Agent
        </Button>
      }
      title="Add Agent"
      description="The agent can sign in at the Agent Portal with this email and password."
      onSubmit={onSubmit}
      pending={createAgent.isPending}
      submitLabel="Add Agent"
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Position" error={errors.position?.message}>
        <Input autoComplete="off" placeholder="e.g. Sales Agent" {...form.register('position')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField label="Initial password" error={errors.password?.message} hint="At least 8 characters. Share it with the agent.">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
    </FormDialog>
  );
}
