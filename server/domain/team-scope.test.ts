import { describe, expect, it } from 'vitest';
import { everyAgentScope, narrowScopeToTeam, scopeHolds, scopeIsEveryAgent, scopeOfLedTeams, scopeTeamIds, teamsScope } from './team-scope';

describe('team scope', () => {
  it('reads every agent for a reader who leads no team, and only the led teams’ agents otherwise', () => {
    const all = scopeOfLedTeams([]);
    expect(scopeIsEveryAgent(all)).toBe(true);
    expect([scopeHolds(all, 4), scopeHolds(all, null)]).toEqual([true, true]);
    const led = scopeOfLedTeams([4, 2, 4]);
    expect(scopeIsEveryAgent(led)).toBe(false);
    expect(scopeTeamIds(led)).toEqual([2, 4]);
    // An agent in no team, or in another team, or unknown, is outside.
    expect([scopeHolds(led, 2), scopeHolds(led, 4), scopeHolds(led, 3), scopeHolds(led, null), scopeHolds(led, undefined)]).toEqual([true, true, false, false, false]);
  });

  it('narrows to one team the scope holds, never to another', () => {
    expect(scopeTeamIds(narrowScopeToTeam(everyAgentScope(), 9)!)).toEqual([9]);
    expect(scopeTeamIds(narrowScopeToTeam(teamsScope([1, 2]), 2)!)).toEqual([2]);
    expect(narrowScopeToTeam(teamsScope([1, 2]), 3)).toBeUndefined();
  });

  it('holds no agent for a scope of no teams (an unknown team narrowed to)', () => {
    expect(scopeHolds(teamsScope([]), 1)).toBe(false);
    expect(scopeIsEveryAgent(teamsScope([]))).toBe(false);
  });

  it('cannot be changed once made', () => {
    const scope = teamsScope([1]);
    expect(() => (scopeTeamIds(scope) as number[]).push(2)).toThrow();
  });
});
