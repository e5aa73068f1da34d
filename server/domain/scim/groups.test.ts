import { describe, expect, it } from 'vitest';
import { scimGroupInput, scimPatchInput } from '../../../contract/scim';
import { ScimError } from './errors';
import { parseGroupPatch, resolveGroupPatch, scimGroupChangeOfInput } from './groups';

const change = (list: unknown[]) => resolveGroupPatch(3, parseGroupPatch(scimPatchInput.parse({ Operations: list }).Operations));

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return error.scimType;
    throw error;
  }
  return undefined;
}

describe('SCIM groups as teams', () => {
  it('reads a POST or PUT body: the name, the externalId, the whole member list (none when left out)', () => {
    expect(scimGroupChangeOfInput(scimGroupInput.parse({ displayName: ' North  Team ', members: [{ value: '9' }, { value: 4, display: 'Kim' }, { value: '9' }] }))).toEqual({
      name: 'North Team',
      externalId: null,
      members: { kind: 'whole', ids: [4, 9] },
    });
    expect(scimGroupChangeOfInput(scimGroupInput.parse({ displayName: 'South', externalId: 'g-1' })).members).toEqual({ kind: 'whole', ids: [] });
  });

  it('applies Okta’s dialect: add on path members, remove by members[value eq "id"], a rename holding the id', () => {
    expect(change([{ op: 'add', path: 'members', value: [{ value: '5', display: 'pat@example.test' }] }])).toEqual({ members: { kind: 'delta', add: [5], remove: [] } });
    expect(change([{ op: 'remove', path: 'members[value eq "5"]' }])).toEqual({ members: { kind: 'delta', add: [], remove: [5] } });
    expect(change([{ op: 'replace', value: { id: '3', displayName: 'Renamed' } }])).toEqual({ name: 'Renamed' });
    expect(refusal(() => change([{ op: 'replace', value: { id: '4', displayName: 'Renamed' } }]))).toBe('mutability');
  });

  it('applies Microsoft Entra ID’s dialect: capitalised ops, members to remove named in the value', () => {
    expect(change([{ op: 'Add', path: 'members', value: [{ $ref: null, value: '5' }, { value: '6' }] }])).toEqual({ members: { kind: 'delta', add: [5, 6], remove: [] } });
    expect(change([{ op: 'Remove', path: 'members', value: [{ $ref: null, value: '5' }] }])).toEqual({ members: { kind: 'delta', add: [], remove: [5] } });
    expect(change([{ op: 'Replace', path: 'displayName', value: 'North' }, { op: 'Replace', path: 'externalId', value: 'g-2' }])).toEqual({ name: 'North', externalId: 'g-2' });
    expect(change([{ op: 'Remove', path: 'externalId' }])).toEqual({ externalId: null });
  });

  it('applies operations in order: a replace sets the whole list, later adds and removes change it; otherwise the last word on each agent', () => {
    expect(change([{ op: 'add', path: 'members', value: [{ value: '1' }] }, { op: 'remove', path: 'members[value eq "1"]' }, { op: 'add', path: 'members', value: [{ value: '2' }] }])).toEqual({
      members: { kind: 'delta', add: [2], remove: [1] },
    });
    expect(change([{ op: 'add', path: 'members', value: [{ value: '1' }] }, { op: 'replace', path: 'members', value: [{ value: '2' }, { value: '3' }] }, { op: 'remove', path: 'members[value eq "3"]' }, { op: 'add', value: { members: [{ value: '4' }] } }])).toEqual({
      members: { kind: 'whole', ids: [2, 4] },
    });
    // Remove without a value, or a replace with null: nobody is left.
    expect(change([{ op: 'remove', path: 'members' }])).toEqual({ members: { kind: 'whole', ids: [] } });
    expect(change([{ op: 'replace', path: 'members', value: null }])).toEqual({ members: { kind: 'whole', ids: [] } });
    expect(change([{ op: 'replace', path: 'displayName', value: 'Same' }])).toEqual({ name: 'Same' });
  });

  it('refuses a bad operation with its scimType', () => {
    const cases: [unknown[], string][] = [
      [[{ op: 'replace', path: 'title', value: 'x' }], 'invalidPath'],
      [[{ op: 'add', path: 'members[value eq "1"]', value: [{ value: '1' }] }], 'invalidPath'],
      [[{ op: 'remove', path: 'members[display eq "Pat"]' }], 'invalidPath'],
      [[{ op: 'remove', path: 'members.value' }], 'invalidPath'],
      [[{ op: 'replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:userName', value: 'a@example.test' }], 'invalidPath'],
      [[{ op: 'replace', path: 'meta', value: {} }], 'mutability'],
      [[{ op: 'remove', path: 'id' }], 'mutability'],
      [[{ op: 'remove' }], 'noTarget'],
      [[{ op: 'remove', path: 'displayName' }], 'invalidValue'],
      [[{ op: 'replace', path: 'displayName', value: 'x'.repeat(61) }], 'invalidValue'],
      [[{ op: 'add', path: 'members', value: [{ value: 'pat' }] }], 'invalidValue'],
      [[{ op: 'add', path: 'members', value: [{ display: 'Pat' }] }], 'invalidValue'],
      [[{ op: 'add', path: 'members' }], 'invalidValue'],
      [[{ op: 'remove', path: 'members[value eq "0"]' }], 'invalidValue'],
      [[{ op: 'add', path: 'members', value: Array.from({ length: 10_001 }, (_, i) => ({ value: String(i + 1) })) }], 'invalidValue'],
    ];
    for (const [list, scimType] of cases) expect(refusal(() => change(list)), JSON.stringify(list).slice(0, 120)).toBe(scimType);
  });
});
