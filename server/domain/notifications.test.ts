import { describe, expect, it } from 'vitest';
import { notificationTexts } from './notifications';
import { everyAgentScope, scopeOfLedTeams } from './team-scope';

describe('notificationTexts', () => {
  const registered = { id: 7, type: 'agent.created', agentId: 42, agentTeam: null, data: { agentName: 'Pat New', status: 'active', via: 'sign-up' } };
  const staff = [
    { id: 1, role: 'owner' as const, scope: everyAgentScope() },
    { id: 2, role: 'manager' as const, scope: scopeOfLedTeams([]) },
    { id: 3, role: 'manager' as const, scope: scopeOfLedTeams([5]) },
  ];

  it('tells owners and managers who lead no team of a registration, not a manager who leads teams (the agent is in none)', () => {
    const drafts = notificationTexts(registered, staff);
    expect(drafts.map((draft) => draft.recipient)).toEqual([
      { kind: 'user', id: 1 },
      { kind: 'user', id: 2 },
    ]);
    expect(drafts[0]).toMatchObject({ kind: 'agent_registered', title: 'Pat New registered', body: 'They can sign in now.', subjectAgentId: 42 });
  });

  it('tells only owners of a new claim', () => {
    const claim = { id: 8, type: 'claim.created', agentId: 42, agentTeam: 5, data: { agentName: 'Pat New', tierName: 'Bronze', rewardTitle: 'Headphones' } };
    expect(notificationTexts(claim, staff).map((draft) => draft.recipient)).toEqual([{ kind: 'user', id: 1 }]);
  });

  it('tells a manager who leads teams of an agent of theirs, never of another team’s', () => {
    const ofTeam = (agentTeam: number | null) => notificationTexts({ ...registered, agentTeam }, staff).map((draft) => draft.recipient.id);
    expect(ofTeam(5)).toEqual([1, 2, 3]);
    expect(ofTeam(6)).toEqual([1, 2]);
    expect(ofTeam(null)).toEqual([1, 2]);
  });
});
