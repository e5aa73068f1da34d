import { zodResolver } from '@hookform/resolvers/zod';
import { createAgentInput, type CreateAgentInput } from '@contract/agents';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useCreateAgent } from '../api/create-agent';

const emptyForm: CreateAgentInput = { name: '', position: '', email: '', password: '' };

/** The owner adds an agent who can sign in at once with the initial password. */
export function AddAgentDialog() {
  const [open, setOpen] = useState(false);
  const createAgent = useCreateAgent();
  const form = useForm<CreateAgentInput, unknown, z.output<typeof createAgentInput>>({
    resolver: zodResolver(createAgentInput),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    createAgent.mutate(values, {
      onSuccess: (agent) => {
        toast({ title: 'Success', description: `Agent ${agent.name} added successfully`, variant: 'success' });
        form.reset(emptyForm);
        setOpen(false);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to add agent'), variant: 'destructive' }),
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(emptyForm);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Add Agent
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Agent</DialogTitle>
          <DialogDescription>The agent can sign in at the Agent Portal with this email and password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
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
          <FormDialogFooter onCancel={() => setOpen(false)} pending={createAgent.isPending} submitLabel="Add Agent" pendingLabel="Adding..." />
        </form>
      </DialogContent>
    </Dialog>
  );
}
