import { zodResolver } from '@hookform/resolvers/zod';
import { editAgentFields, type AgentListItem, type UpdateAgentParams } from '@contract/agents';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { setServerIssues } from '../../../lib/server-issues';
import { teamsQueryOptions } from '../../../lib/teams';
import { useEditAgent } from '../api/edit-agent';
import { useT } from '../../../lib/i18n/translate';
import { messages } from '../messages';

/** The fields as Add Agent checks them (contract/agents.ts); the team as the select holds it: "" for none, else its id. */
const editAgentForm = editAgentFields.extend({ teamId: z.string() });
type EditAgentForm = z.input<typeof editAgentForm>;
type EditAgentValues = z.output<typeof editAgentForm>;

const FIELDS = ['name', 'position', 'email', 'teamId'] as const;

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-invalid:border-red-600 sm:text-sm';

/**
 * "Edit agent" (owner; docs/product.md §11.8): the agent's name, position, email and team, opened from the card's menu.
 * The teams and the agent's own team are read afresh each time it opens; only what changed is sent. The server's
 * reason for a refusal shows under its field (an email another agent has: 409).
 */
export function EditAgentDialog({
  agent,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  agent: AgentListItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when it closes (the control that opened it: the dialog has no trigger of its own). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const t = useT(messages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('editTitle', { name: agent.name })}</DialogTitle>
          <DialogDescription>{t('editDescription')}</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: each opening starts from what the server has now. */}
        <FreshEditAgentForm agent={agent} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function FreshEditAgentForm({ agent, onClose }: { agent: AgentListItem; onClose: () => void }) {
  const t = useT(messages);
  const teams = useQuery({ ...teamsQueryOptions, refetchOnMount: 'always' });
  if (teams.isError) return <LoadError error={teams.error} fallback={t('teamsFailed')} />;
  if (!teams.isFetchedAfterMount || !teams.data) return <Spinner label={t('loadingTeam')} className="min-h-40" />;
  const current = teams.data.teams.find((team) => team.agents.some((member) => member.id === agent.id));
  return <EditAgentFormFields agent={agent} teams={teams.data.teams} currentTeamId={current?.id ?? null} onClose={onClose} />;
}

function EditAgentFormFields({
  agent,
  teams,
  currentTeamId,
  onClose,
}: {
  agent: AgentListItem;
  teams: readonly { id: number; name: string }[];
  currentTeamId: number | null;
  onClose: () => void;
}) {
  const t = useT(messages);
  const edit = useEditAgent();
  const initial: EditAgentForm = { name: agent.name, position: agent.position, email: agent.email, teamId: currentTeamId === null ? '' : String(currentTeamId) };
  const form = useForm<EditAgentForm, unknown, EditAgentValues>({ resolver: zodResolver(editAgentForm), defaultValues: initial });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const changes: Omit<UpdateAgentParams, 'active'> = {};
    if (values.name !== agent.name) changes.name = values.name;
    if (values.position !== agent.position) changes.position = values.position;
    if (values.email !== agent.email) changes.email = values.email;
    if (values.teamId !== initial.teamId) changes.teamId = values.teamId === '' ? null : Number(values.teamId);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    edit.mutate(
      { agentId: agent.id, changes },
      {
        onSuccess: (saved) => {
          toast({ title: t('success'), description: t('saved', { name: saved.name }), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          // An email another agent has: the server's reason under the email.
          if (error instanceof ApiError && error.status === 409) {
            form.setError('email', { type: 'server', message: error.serverMessage ?? t('emailTaken') }, { shouldFocus: true });
          } else if (!setServerIssues(form.setError, error, FIELDS)) {
            toast({ title: t('error'), description: errorMessage(error, t('saveFailed')), variant: 'destructive' });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={t('name')} error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label={t('position')} error={errors.position?.message}>
        <Input autoComplete="off" {...form.register('position')} />
      </FormField>
      <FormField label={t('email')} error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField label={t('team')} error={errors.teamId?.message} hint={teams.length === 0 ? t('noTeamsHint') : t('oneTeamHint')}>
        <select className={selectClass} {...form.register('teamId')}>
          <option value="">{t('noTeam')}</option>
          {teams.map((team) => (
            <option key={team.id} value={String(team.id)}>
              {team.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormDialogFooter onCancel={onClose} pending={edit.isPending} submitLabel={t('saveAgent')} pendingLabel={t('saving')} />
    </form>
  );
}
