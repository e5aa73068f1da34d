import type { AgentPage } from '@contract/agents';
import type { ParticipantKind } from '@contract/contests';
import type { Team } from '@contract/teams';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { AgentCombobox } from '../../../components/agents/agent-combobox';
import { Button } from '../../../components/ui/button';
import { ChoiceCard, ChoiceFieldset, choiceInputClass } from '../../../components/ui/choice-fieldset';
import { FormField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { useT } from '../../../lib/i18n/translate';
import { queryKeys } from '../../../lib/query-keys';
import { messages } from '../messages';
import type { ContestFormValues, PickedAgent } from '../utils/contest-form';

type Participants = Pick<ContestFormValues, 'participantKind' | 'teamIds' | 'agents' | 'teamsCompete'>;

const KINDS: readonly ParticipantKind[] = ['all', 'teams', 'agents'];
/** The keys of each choice's name and hint. */
const KIND_LABEL = { all: 'kindAll', teams: 'kindTeams', agents: 'kindAgents' } as const;
const KIND_HINT = { all: 'kindAllHint', teams: 'kindTeamsHint', agents: 'kindAgentsHint' } as const;

/**
 * Who takes part: everyone, some teams (ticked) or some agents (picked one by one, as the goal dialog's picker), and
 * whether teams compete against each other. Participants are resolved when read: an agent who joins a team later counts.
 */
export function ParticipantsField({
  value,
  onChange,
  teams,
  disabled,
  error,
}: {
  value: Participants;
  onChange: (change: Partial<Participants>) => void;
  teams: readonly Team[];
  disabled: boolean;
  error: string | undefined;
}) {
  const t = useT(messages);
  const name = useId();
  const switchId = useId();
  return (
    <div className="grid gap-3">
      <ChoiceFieldset legend={t('whoTakesPart')}>
        <div className="grid gap-2 sm:grid-cols-3">
          {KINDS.map((kind) => (
            <ChoiceCard
              key={kind}
              size="compact"
              control={
                <input
                  type="radio"
                  name={name}
                  value={kind}
                  checked={value.participantKind === kind}
                  disabled={disabled}
                  onChange={() => onChange({ participantKind: kind })}
                  className={choiceInputClass}
                />
              }
            >
              <span className="text-sm font-medium text-slate-900">{t(KIND_LABEL[kind])}</span>
              <span className="text-xs text-slate-600">{t(KIND_HINT[kind])}</span>
            </ChoiceCard>
          ))}
        </div>
      </ChoiceFieldset>
      {value.participantKind === 'teams' && <TeamsPicker teams={teams} picked={value.teamIds} onChange={(teamIds) => onChange({ teamIds })} disabled={disabled} error={error} />}
      {value.participantKind === 'agents' && <AgentsPicker picked={value.agents} onChange={(agents) => onChange({ agents })} disabled={disabled} error={error} />}
      {value.participantKind === 'all' && error && <p className="text-sm font-medium text-red-700">{error}</p>}
      <div className="flex items-start gap-3">
        <Switch id={switchId} checked={value.teamsCompete} onCheckedChange={(teamsCompete) => onChange({ teamsCompete })} disabled={disabled} aria-describedby={`${switchId}-hint`} />
        <div className="grid gap-0.5">
          <Label htmlFor={switchId}>{t('teamsCompete')}</Label>
          <p id={`${switchId}-hint`} className="text-xs text-slate-600">
            {t('teamsCompeteHint')}
          </p>
        </div>
      </div>
    </div>
  );
}

function TeamsPicker({ teams, picked, onChange, disabled, error }: { teams: readonly Team[]; picked: number[]; onChange: (ids: number[]) => void; disabled: boolean; error: string | undefined }) {
  const t = useT(messages);
  const errorId = useId();
  if (teams.length === 0) return <p className="text-sm text-slate-700">{t('noTeams')}</p>;
  const toggle = (id: number, on: boolean) => onChange(on ? [...picked, id].sort((a, b) => a - b) : picked.filter((one) => one !== id));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('teamsTakingPart')}</legend>
      <div className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
        {teams.map((team) => {
          const active = team.agents.filter((agent) => agent.status === 'active').length;
          return (
            <ChoiceCard
              key={team.id}
              size="compact"
              control={<input type="checkbox" checked={picked.includes(team.id)} disabled={disabled} onChange={(event) => toggle(team.id, event.target.checked)} className={choiceInputClass} />}
            >
              <span className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{team.name}</span>
              <span className="text-xs text-slate-600">{t('activeAgentCount', { count: active })}</span>
            </ChoiceCard>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The agents picked, one at a time through the agent picker; each can be taken off again. */
function AgentsPicker({ picked, onChange, disabled, error }: { picked: PickedAgent[]; onChange: (agents: PickedAgent[]) => void; disabled: boolean; error: string | undefined }) {
  const t = useT(messages);
  const queryClient = useQueryClient();
  // A new picker after each pick: empty, and focused so that the next agent can be typed at once.
  const [round, setRound] = useState(0);
  const pick = (agentId: string) => {
    if (agentId === '') return;
    const id = Number(agentId);
    // The agent the picker just offered is in the picker's page of matches.
    const agent = queryClient
      .getQueriesData<AgentPage>({ queryKey: queryKeys.agents })
      .flatMap(([, page]) => page?.agents ?? [])
      .find((one) => one.id === id);
    if (!picked.some((one) => one.id === id)) onChange([...picked, { id, name: agent?.name ?? t('agentNumbered', { id: String(id) }), active: agent ? agent.status === 'active' : true }]);
    setRound((n) => n + 1);
  };
  return (
    <div className="grid gap-2">
      <FormField label={t('addAgent')} error={error} hint={t('addAgentHint')}>
        <AgentCombobox key={round} onChange={pick} disabled={disabled} autoFocus={round > 0} />
      </FormField>
      {picked.length > 0 && (
        <ul aria-label={t('agentsTakingPart')} className="flex flex-wrap gap-2">
          {picked.map((agent) => (
            <li key={agent.id} className="flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-white py-0.5 pl-3 pr-0.5 text-sm text-slate-900">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {agent.name}
                {!agent.active && <span className="text-slate-600"> {t('notActive')}</span>}
              </span>
              <Button
                variant="ghost"
                size="icon"
                className="size-7 rounded-full"
                disabled={disabled}
                aria-label={t('removeNamed', { name: agent.name })}
                onClick={() => onChange(picked.filter((one) => one.id !== agent.id))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
