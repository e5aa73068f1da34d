import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@contract/audit';
import { describe, expect, it } from 'vitest';
import { actorName, actorOptionLabel, auditActionLabel, briefValue, describeChanges, keyLabel, keyWords, namedKeys, targetLabel, valueUnder } from './describe-audit-row';

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
      { key: 'name', label: 'Name', value: 'Bronze' },
      { key: 'threshold', label: 'Threshold', value: '$5,000.00' },
      { key: 'rewards', label: 'Rewards', before: 'A mug', value: 'A hoodie' },
    ]);
  });

  it('shows what was created, and what a deletion removed', () => {
    expect(describeChanges(null, { name: 'Lobby', showAmounts: false, scopes: ['read', 'write'] })).toEqual([
      { key: 'name', label: 'Name', value: 'Lobby' },
      { key: 'showAmounts', label: 'Show amounts', value: 'no' },
      { key: 'scopes', label: 'Scopes', value: 'read, write' },
    ]);
    expect(describeChanges({ role: 'manager' }, null)).toEqual([{ key: 'role', label: 'Role', value: 'manager' }]);
    expect(describeChanges(null, null)).toEqual([]);
  });

  it('names ids, money and switches as a person reads them, not as they are stored', () => {
    expect(describeChanges(null, { agentId: 12, amount: '-1234.50', tierId: 3, rewardOptionId: 9, agentIds: [4, 5], active: true })).toEqual([
      { key: 'agentId', label: 'Agent', value: '#12' },
      { key: 'amount', label: 'Amount', value: '-$1,234.50' },
      { key: 'tierId', label: 'Tier', value: '#3' },
      { key: 'rewardOptionId', label: 'Reward option', value: '#9' },
      { key: 'agentIds', label: 'Agents', value: '#4, #5' },
      { key: 'active', label: 'Active', value: 'yes' },
    ]);
    expect(keyLabel('url')).toBe('URL');
    expect(keyLabel('skippedRows')).toBe('Skipped rows');
    // A two-decimal string under another key is not money (a version, a code).
    expect(valueUnder('version', '1.20')).toBe('1.20');
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

describe('the words in English', () => {
  it('names every action as the contract does', () => {
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).toBe(AUDIT_ACTION_LABELS[action]);
  });

  it('names each key of the catalog by its own words, but for the few named otherwise', () => {
    const otherwise: Record<string, string> = { url: 'URL', externalId: 'External id', dryRun: 'Dry run', publicProfile: 'Public profile' };
    for (const key of namedKeys()) expect(keyLabel(key)).toBe(otherwise[key] ?? keyWords(key));
    expect(keyLabel('constructor')).toBe('Constructor');
  });
});
