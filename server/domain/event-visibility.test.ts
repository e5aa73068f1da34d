import { describe, expect, it } from 'vitest';
import { ANONYMOUS_AGENT } from '../../contract/insight';
import { anonymised, eventDataFor, eventViewFor, managerHears } from './event-visibility';
import { everyAgentScope, scopeOfLedTeams } from './team-scope';

describe('anonymised', () => {
  it('takes the name and the id of an agent off the boards, and nothing else', () => {
    const win = { entryId: 41, agentId: 7, agentName: 'Shy Closer', amount: '10.00', transactionType: 'addition', date: '2026-11-27T10:00:00.000Z' };
    expect(anonymised(win)).toEqual({ ...win, agentId: null, agentName: ANONYMOUS_AGENT });
    // An event without those fields stays as it is; the original is not changed.
    expect(anonymised({ tierId: 2 })).toEqual({ tierId: 2 });
    expect(win.agentId).toBe(7);
  });
});

describe('eventViewFor', () => {
  it('gives a TV link the public part of wins, without amounts unless it shows them', () => {
    const event = { type: 'entry.created' as const, agentId: 7, public: { agentId: 7, amount: '10.00' }, private: { newTotal: '10.00' } };
    expect(eventViewFor({ kind: 'tv', linkId: 1, showAmounts: false }, event)).toBe('public-without-amounts');
    expect(eventDataFor('public-without-amounts', event)).toEqual({ agentId: 7 });
    expect(eventViewFor({ kind: 'tv', linkId: 1, showAmounts: false }, { type: 'team.changed', agentId: null })).toBeNull();
  });
});

describe('managerHears', () => {
  const entry = (agentId: number) => ({ type: 'entry.created' as const, agentId, private: {} });
  const teamChanged = (managerIds: number[], formerManagerIds: number[] = []) => ({
    type: 'team.changed' as const,
    agentId: null,
    private: { teamId: 9, managerIds, agentIds: [], formerManagerIds },
  });

  it('lets a manager who leads no team hear of everything', () => {
    expect(managerHears(everyAgentScope(), 5, entry(1), 3)).toBe(true);
    expect(managerHears(everyAgentScope(), 5, teamChanged([6]), undefined)).toBe(true);
  });

  it('lets a manager who leads teams hear of their agents, events about no agent, and their own teams only', () => {
    const led = scopeOfLedTeams([3]);
    expect(managerHears(led, 5, entry(1), 3)).toBe(true);
    expect(managerHears(led, 5, entry(2), 4)).toBe(false);
    expect(managerHears(led, 5, entry(2), undefined)).toBe(false);
    expect(managerHears(led, 5, { type: 'data.changed', agentId: null, private: {} }, undefined)).toBe(true);
    expect(managerHears(led, 5, teamChanged([5, 6]), undefined)).toBe(true);
    expect(managerHears(led, 5, teamChanged([6]), undefined)).toBe(false);
    // Taken off the team by this change: they hear of it.
    expect(managerHears(led, 5, teamChanged([6], [5]), undefined)).toBe(true);
    expect(managerHears(led, 5, { type: 'team.changed', agentId: null, private: { managerIds: 'x' } }, undefined)).toBe(false);
  });
});
