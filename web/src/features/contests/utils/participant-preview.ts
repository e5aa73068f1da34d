import type { AgentSummary } from '@contract/agents';
import type { Team } from '@contract/teams';
import type { ContestFormValues } from './contest-form';

/** Who would take part, as the screen can tell from the teams and agents it has read. */
export interface ParticipantPreview {
  /** Active agents taking part; null when not known (everyone, before the count is read). */
  count: number | null;
  /** Their names, by name (for everyone: those read so far, at most a page). */
  names: string[];
  /** Picked but not counted: inactive or pending agents. */
  leftOut: string[];
  /** Teams competing: each team and its active agents taking part. */
  teams: Array<{ name: string; count: number }> | null;
  /** Agents taking part with no team, who have no place when teams compete. */
  withoutTeam: number;
}

const byName = (a: string, b: string) => a.localeCompare(b);

/**
 * The preview of a contest's participants (docs/decisions/0077: resolved when read, active agents only): everyone
 * (`activeAgents` counted by the dashboard, names from the first page of agents), the active agents of the teams
 * picked, or the agents picked that are active.
 */
export function previewParticipants(
  values: Pick<ContestFormValues, 'participantKind' | 'teamIds' | 'agents' | 'teamsCompete'>,
  teams: readonly Team[],
  activeAgents: number | undefined,
  firstAgents: readonly AgentSummary[],
): ParticipantPreview {
  const teamOf = new Map<number, Team>();
  for (const team of teams) for (const agent of team.agents) teamOf.set(agent.id, team);
  const competing = (agentIds: number[]) => {
    if (!values.teamsCompete) return { teams: null, withoutTeam: 0 };
    const counts = new Map<string, number>();
    let withoutTeam = 0;
    for (const id of agentIds) {
      const team = teamOf.get(id);
      if (team) counts.set(team.name, (counts.get(team.name) ?? 0) + 1);
      else withoutTeam += 1;
    }
    return { teams: [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => byName(a.name, b.name)), withoutTeam };
  };

  if (values.participantKind === 'teams') {
    const picked = teams.filter((team) => values.teamIds.includes(team.id));
    const active = picked.flatMap((team) => team.agents.filter((agent) => agent.status === 'active'));
    return {
      count: active.length,
      names: active.map((agent) => agent.name).sort(byName),
      leftOut: [],
      teams: values.teamsCompete ? picked.map((team) => ({ name: team.name, count: team.agents.filter((agent) => agent.status === 'active').length })).sort((a, b) => byName(a.name, b.name)) : null,
      withoutTeam: 0,
    };
  }
  if (values.participantKind === 'agents') {
    const active = values.agents.filter((agent) => agent.active);
    return {
      count: active.length,
      names: active.map((agent) => agent.name).sort(byName),
      leftOut: values.agents.filter((agent) => !agent.active).map((agent) => agent.name),
      ...competing(active.map((agent) => agent.id)),
    };
  }
  const active = firstAgents.filter((agent) => agent.status === 'active');
  return {
    count: activeAgents ?? null,
    names: active.map((agent) => agent.name).sort(byName),
    leftOut: [],
    teams: values.teamsCompete
      ? teams
          .map((team) => ({ name: team.name, count: team.agents.filter((agent) => agent.status === 'active').length }))
          .filter((team) => team.count > 0)
          .sort((a, b) => byName(a.name, b.name))
      : null,
    withoutTeam: 0,
  };
}
