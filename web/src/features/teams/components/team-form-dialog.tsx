import type { Team } from '@contract/teams';
import { useDeferredValue, useId, useState, type FormEvent, type ReactElement } from 'react';
import { Badge } from '../../../components/ui/badge';
import { FormDialog, useFormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { SearchField } from '../../../components/ui/search-field';
import { toast } from '../../../components/ui/use-toast';
import { useAgentsPage } from '../../../lib/agents-page';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUsers } from '../../../lib/users';
import { useSaveTeam } from '../api/teams';

/** How many agents the picker lists for a search. */
const PICKER_LIMIT = 20;

interface Member {
  id: number;
  name: string;
}

/**
 * "New team" or "Edit team" (owner): the name, the managers who lead it (manager accounts) and its agents, found by
 * name or email. An agent in another team moves to this one.
 */
export function TeamFormDialog({ team, trigger }: { team?: Team; trigger: ReactElement }) {
  const initial = () => ({ name: team?.name ?? '', managers: team?.managers.map((m) => m.id) ?? [], agents: team?.agents.map(({ id, name }) => ({ id, name })) ?? [] });
  const [form, setForm] = useState(initial);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const dialog = useFormDialog(() => {
    setForm(initial());
    setNameError(undefined);
  });
  const save = useSaveTeam();
  const users = useUsers(dialog.open);
  const managers = (users.data ?? []).filter((account) => account.role === 'manager');
  const managersId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = form.name.trim();
    if (!name) {
      setNameError('Team name is required');
      return;
    }
    save.mutate(
      { ...(team ? { id: team.id } : {}), name, managerIds: form.managers, agentIds: form.agents.map((agent) => agent.id) },
      {
        onSuccess: (saved) => {
          dialog.done();
          toast({ title: 'Success', description: team ? `${saved.name} saved` : `${saved.name} created`, variant: 'success' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setNameError(error.serverMessage);
          else toast({ title: 'Error', description: errorMessage(error, 'Failed to save the team'), variant: 'destructive' });
        },
      },
    );
  };

  const toggleManager = (id: number, on: boolean) =>
    setForm((current) => ({ ...current, managers: on ? [...current.managers, id] : current.managers.filter((m) => m !== id) }));

  return (
    <FormDialog
      state={dialog}
      trigger={trigger}
      title={team ? `Edit ${team.name}` : 'New team'}
      description="Managers who lead a team see only its agents. An agent is in one team at most."
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={team ? 'Save team' : 'Create team'}
      pendingLabel="Saving..."
    >
      <FormField label="Team name" error={nameError}>
        <Input autoComplete="off" maxLength={60} value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={`${managersId}-hint`}>
        <legend className="text-sm font-medium text-slate-800">Managers</legend>
        <p id={`${managersId}-hint`} className="text-xs text-slate-600">
          {users.isPending ? 'Loading managers...' : managers.length === 0 ? 'No manager accounts yet: add one on the Staff tab.' : 'Who leads this team.'}
        </p>
        <div className="grid max-h-32 gap-1 overflow-y-auto">
          {managers.map((manager) => (
            <label key={manager.id} className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={form.managers.includes(manager.id)}
                onChange={(event) => toggleManager(manager.id, event.target.checked)}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{manager.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <AgentPicker selected={form.agents} onChange={(agents) => setForm((current) => ({ ...current, agents }))} />
    </FormDialog>
  );
}

/** The team's agents as removable chips, and a search that adds agents by name or email. */
function AgentPicker({ selected, onChange }: { selected: Member[]; onChange: (agents: Member[]) => void }) {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const results = useAgentsPage({ offset: 0, limit: PICKER_LIMIT, search: query }, query.length > 0);
  const chosen = new Set(selected.map((agent) => agent.id));
  const listId = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">Agents ({selected.length})</legend>
      {selected.length > 0 && (
        <ul aria-label="Agents in the team" className="flex max-h-28 flex-wrap gap-1.5 overflow-y-auto">
          {selected.map((agent) => (
            <li key={agent.id}>
              <Badge variant="secondary" className="gap-1 py-1">
                <span className="[overflow-wrap:anywhere]">{agent.name}</span>
                <button
                  type="button"
                  className="rounded px-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                  aria-label={`Remove ${agent.name}`}
                  onClick={() => onChange(selected.filter((other) => other.id !== agent.id))}
                >
                  ×
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <SearchField label="Add agents" value={search} onChange={setSearch} className="sm:max-w-none" />
      {query.length > 0 && (
        <ul id={listId} aria-label="Matching agents" className="grid max-h-40 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {results.isPending ? (
            <li className="text-sm text-slate-600">Searching...</li>
          ) : (results.data?.agents.length ?? 0) === 0 ? (
            <li className="text-sm text-slate-600">No agent's name or email contains "{query}".</li>
          ) : (
            results.data!.agents.map((agent) => (
              <li key={agent.id}>
                <label className="flex items-center gap-2 text-sm text-slate-900">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={chosen.has(agent.id)}
                    onChange={(event) =>
                      onChange(event.target.checked ? [...selected, { id: agent.id, name: agent.name }] : selected.filter((other) => other.id !== agent.id))
                    }
                  />
                  <span className="min-w-0 [overflow-wrap:anywhere]">{agent.name}</span>
                  <span className="min-w-0 truncate text-xs text-slate-600">{agent.email}</span>
                </label>
              </li>
            ))
          )}
        </ul>
      )}
    </fieldset>
  );
}
