import { describe, expect, it } from 'vitest';
import { actorName, actorOptionLabel, briefValue, describeChanges, targetLabel } from './describe-audit-row';

describe('actorName and actorOptionLabel', () => {
  it('names people, tokens and agents, and the system', () => {
    expect(actorName({ kind: 'user', id: 1, name: 'Olivia Owner' })).toBe('Olivia Owner');
    expect(actorOptionLabel({ kind: 'user', id: 1, name: 'Olivia Owner' })).toBe('Olivia Owner');
    expect(actorOptionLabel({ kind: 'token', id: 4, name: 'HR sync' })).toBe('HR sync (API token)');
    expect(actorOptionLabel({ kind: 'agent', id: 7, name: 'Dana Reyes' })).toBe('Dana Reyes (agent)');
    expect(actorName({ kind: 'system', id: null, name: null })).toBe('System');
    expect(actorOptionLabel({ kind: 'system', id: null, name: null })).toBe('System');
  });

  it('names an account deleted since by its kind and id', () => {
    expect(actorName({ kind: 'agent', id: 7, name: null })).toBe('Agent #7');
    expect(actorName({ kind: 'user', id: 3, name: null })).toBe('User #3');
  });
});

describe('targetLabel', () => {
  it('names the target readably, or leaves an unknown type as stored', () => {
    expect(targetLabel('income_entry', '12')).toBe('Entry #12');
    expect(targetLabel('tier', '2')).toBe('Tier #2');
    expect(targetLabel('income_entry', null)).toBe('Entry');
    expect(targetLabel('gadget', '5')).toBe('gadget #5');
    expect(targetLabel(null, null)).toBe('—');
  });
});

describe('describeChanges', () => {
  it('shows what changed as before → after, and the rest as it is', () => {
    expect(describeChanges({ name: 'Bronze', threshold: '5000.00', rewards: 'A mug' }, { name: 'Bronze', threshold: '5000.00', rewards: 'A hoodie' })).toEqual([
      { key: 'name', value: 'Bronze' },
      { key: 'threshold', value: '5000.00' },
      { key: 'rewards', before: 'A mug', value: 'A hoodie' },
    ]);
  });

  it('shows what was created, and what a deletion removed', () => {
    expect(describeChanges(null, { name: 'Lobby', showAmounts: false, scopes: ['read', 'write'] })).toEqual([
      { key: 'name', value: 'Lobby' },
      { key: 'showAmounts', value: 'false' },
      { key: 'scopes', value: 'read, write' },
    ]);
    expect(describeChanges({ role: 'manager' }, null)).toEqual([{ key: 'role', value: 'manager' }]);
    expect(describeChanges(null, null)).toEqual([]);
  });

  it('keeps values brief', () => {
    expect(briefValue({ drifts: { total: 2 } })).toBe('{"drifts":{"total":2}}');
    expect(briefValue(null)).toBe('none');
    expect(briefValue([])).toBe('none');
    expect(briefValue('2026-11-22T15:04:05.123Z')).toMatch(/^Nov 2\d, 2026, \d{1,2}:04 [AP]M$/);
    const long = briefValue('word '.repeat(40));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
