import type { AgentListItem } from '@contract/agents';
import type { Team } from '@contract/teams';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type FormEvent, type ReactElement } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { SearchField } from '../../../components/ui/search-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { agentsPageQueryOptions } from '../../../lib/agents-page';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n/translate';
import { teamsQueryOptions } from '../../../lib/teams';
import { useUsers } from '../../../lib/users';
import { useSaveTeam } from '../api/teams';
import { messages } from '../messages';

/** How many agents the picker lists for a search. */
const PICKER_LIMIT = 20;

/** A team as the picker names it. */
interface TeamRef {
  id: number;
  name: string;
}

/** An agent in the form's list, with the team it was in when picked (null: none) unless it is already in this team. */
interface Member {
  id: number;
  name: string;
  from: TeamRef | null;
}

/**
 * "New team" or "Edit team" (owner): the name, the managers who lead it (manager accounts) and its agents, found by
 * name or email, each shown with the team it is in now. The teams are read afresh each time the dialog opens, and
 * before saving it says which agents move; an edit sends only what changed, so a rename moves nobody
 * (docs/decisions/0079-team-membership-edits.md).
 */
export function TeamFormDialog({ team, trigger }: { team?: Team; trigger: ReactElement }) {
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{team ? t('editTeam', { name: team.name }) : t('newTeam')}</DialogTitle>
          <DialogDescription>{t('dialogDescription')}</DialogDescription>
        </DialogHeader>
        {/* Mounted while open only: each opening starts from the teams as the server has them now. */}
        <FreshTeamForm teamId={team?.id} onClose={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function FreshTeamForm({ teamId, onClose }: { teamId: number | undefined; onClose: () => void }) {
  const t = useT(messages);
  const teams = useQuery({ ...teamsQueryOptions, refetchOnMount: 'always' });
  if (teams.isError) return <LoadError error={teams.error} fallback={t('teamsLoadFailed')} />;
  if (!teams.isFetchedAfterMount || !teams.data) return <Spinner label={t('loadingTheTeams')} className="min-h-40" />;
  const team = teamId === undefined ? undefined : teams.data.teams.find((candidate) => candidate.id === teamId);
  if (teamId !== undefined && !team) return <p role="alert" className="text-sm text-slate-700">{t('teamGone')}</p>;
  return <TeamForm team={team} onClose={onClose} />;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

function TeamForm({ team, onClose }: { team: Team | undefined; onClose: () => void }) {
  const t = useT(messages);
  const own: TeamRef | null = team ? { id: team.id, name: team.name } : null;
  const [name, setName] = useState(team?.name ?? '');
  const [managerIds, setManagerIds] = useState(team?.managers.map((m) => m.id) ?? []);
  const [agents, setAgents] = useState<Member[]>(team?.agents.map(({ id, name: agentName }) => ({ id, name: agentName, from: own })) ?? []);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const save = useSaveTeam();
  const users = useUsers(true);
  const managers = (users.data ?? []).filter((account) => account.role === 'manager');
  const managersId = useId();

  const before = new Set(team?.agents.map((agent) => agent.id) ?? []);
  const added = agents.filter((agent) => !before.has(agent.id));
  const removed = (team?.agents ?? []).filter((agent) => !agents.some((kept) => kept.id === agent.id));
  // The name the moves are told with: as typed, else the saved one; undefined for a new team not yet named.
  const shownName = name.trim() || team?.name;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(translate(messages, 'nameRequired'));
      return;
    }
    const callbacks = {
      onSuccess: (saved: Team) => {
        onClose();
        toast({
          title: translate(messages, 'success'),
          description: team ? translate(messages, 'teamSaved', { name: saved.name }) : translate(messages, 'teamCreated', { name: saved.name }),
          variant: 'success',
        });
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.status === 409) setNameError(error.serverMessage);
        else toast({ title: translate(messages, 'error'), description: errorMessage(error, translate(messages, 'saveFailed')), variant: 'destructive' });
      },
    };
    if (!team) {
      save.mutate({ name: trimmed, managerIds, agentIds: agents.map((agent) => agent.id) }, callbacks);
      return;
    }
    // Only what this dialog changed: agents nobody touched here stay where they are, wherever they are now.
    const changes = {
      ...(trimmed !== team.name ? { name: trimmed } : {}),
      ...(sameIds(managerIds, team.managers.map((m) => m.id)) ? {} : { managerIds }),
      ...(added.length > 0 ? { addAgentIds: added.map((agent) => agent.id) } : {}),
      ...(removed.length > 0 ? { removeAgentIds: removed.map((agent) => agent.id) } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onClose();
      toast({ title: translate(messages, 'nothingToSave'), description: translate(messages, 'asItWas', { name: team.name }) });
      return;
    }
    save.mutate({ id: team.id, ...changes }, callbacks);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={t('teamName')} error={nameError}>
        <Input autoComplete="off" maxLength={60} value={name} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={`${managersId}-hint`}>
        <legend className="text-sm font-medium text-slate-800">{t('managers')}</legend>
        <p id={`${managersId}-hint`} className="text-xs text-slate-600">
          {users.isPending ? t('loadingManagers') : managers.length === 0 ? t('noManagerAccounts') : t('whoLeads')}
        </p>
        <div className="grid max-h-32 gap-1 overflow-y-auto">
          {managers.map((manager) => (
            <label key={manager.id} className="flex items-center gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={managerIds.includes(manager.id)}
                onChange={(event) => setManagerIds((current) => (event.target.checked ? [...current, manager.id] : current.filter((id) => id !== manager.id)))}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{manager.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <AgentPicker own={own} selected={agents} onChange={setAgents} />
      <MovesSummary teamName={shownName} own={own} added={added} removed={removed} />
      <FormDialogFooter onCancel={onClose} pending={save.isPending} submitLabel={team ? t('saveTeam') : t('createTeam')} pendingLabel={t('saving')} />
    </form>
  );
}

/** What saving does to agents' teams: who moves from where, who joins, who leaves; nobody for a rename. */
function MovesSummary({ teamName, own, added, removed }: { teamName: string | undefined; own: TeamRef | null; added: Member[]; removed: { id: number; name: string }[] }) {
  const t = useT(messages);
  // A new team not named yet is "the new team".
  const to = { team: teamName ?? '', newTeam: teamName === undefined ? 'yes' : 'no' };
  const lines = [
    ...added.map((agent) =>
      agent.from && agent.from.id !== own?.id ? t('movesFrom', { agent: agent.name, from: agent.from.name, ...to }) : t('joins', { agent: agent.name, ...to }),
    ),
    ...removed.map((agent) => t('leaves', { agent: agent.name, team: teamName ?? '' })),
  ];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
      <h3 id={headingId} className="font-medium text-slate-900">
        {t('onSave')}
      </h3>
      <div aria-live="polite">
        {lines.length === 0 ? (
          <p className="text-slate-700">{t('noMoves')}</p>
        ) : (
          <ul aria-label={t('agentsWhoMove')} className="grid max-h-28 list-disc gap-0.5 overflow-y-auto pl-5 text-slate-800">
            {lines.map((line) => (
              <li key={line} className="[overflow-wrap:anywhere]">
                {line}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Where an agent is now, beside its name in the picker. */
function teamLabel(team: TeamRef | null, own: TeamRef | null): string {
  if (!team) return translate(messages, 'noTeam');
  return team.id === own?.id ? translate(messages, 'inThisTeam') : translate(messages, 'inTeam', { team: team.name });
}

/** The team's agents as removable chips, and a search that adds agents by name or email, each with its current team. */
function AgentPicker({ own, selected, onChange }: { own: TeamRef | null; selected: Member[]; onChange: (agents: Member[]) => void }) {
  const t = useT(messages);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  // Read again for each search, even one made before: another team may have taken an agent since.
  const results = useQuery({ ...agentsPageQueryOptions({ offset: 0, limit: PICKER_LIMIT, search: query }), enabled: query.length > 0, staleTime: 0 });
  const chosen = new Set(selected.map((agent) => agent.id));
  const listId = useId();
  const pick = (agent: AgentListItem, on: boolean) =>
    onChange(on ? [...selected, { id: agent.id, name: agent.name, from: agent.team }] : selected.filter((other) => other.id !== agent.id));
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-800">{t('agentsCount', { count: selected.length })}</legend>
      {selected.length > 0 && (
        <ul aria-label={t('agentsInTeam')} className="flex max-h-28 flex-wrap gap-1.5 overflow-y-auto">
          {selected.map((agent) => (
            <li key={agent.id}>
              <Badge variant="secondary" className="gap-1 py-1">
                <span className="[overflow-wrap:anywhere]">{agent.name}</span>
                <button
                  type="button"
                  className="rounded px-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                  aria-label={t('removeAgent', { name: agent.name })}
                  onClick={() => onChange(selected.filter((other) => other.id !== agent.id))}
                >
                  ×
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <SearchField label={t('addAgents')} value={search} onChange={setSearch} className="sm:max-w-none" />
      {query.length > 0 && (
        <ul id={listId} aria-label={t('matchingAgents')} className="grid max-h-40 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {results.isPending ? (
            <li className="text-sm text-slate-600">{t('searching')}</li>
          ) : results.isError ? (
            <li className="text-sm text-red-700">{errorMessage(results.error, t('searchFailed'))}</li>
          ) : results.data.agents.length === 0 ? (
            <li className="text-sm text-slate-600">{t('noAgentMatches', { query })}</li>
          ) : (
            results.data.agents.map((agent) => (
              <li key={agent.id}>
                <label className="flex items-center gap-2 text-sm text-slate-900">
                  <input type="checkbox" className="size-4 shrink-0 accent-brand-600" checked={chosen.has(agent.id)} onChange={(event) => pick(agent, event.target.checked)} />
                  <span className="grid min-w-0 flex-1">
                    <span className="[overflow-wrap:anywhere]">{agent.name}</span>
                    <span className="truncate text-xs text-slate-600">{agent.email}</span>
                  </span>
                  <span className="max-w-[40%] rounded bg-slate-100 px-1.5 py-0.5 text-right text-xs text-slate-700 [overflow-wrap:anywhere]">{teamLabel(agent.team, own)}</span>
                </label>
              </li>
            ))
          )}
        </ul>
      )}
    </fieldset>
  );
}
