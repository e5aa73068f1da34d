import { describe, expect, it } from 'vitest';
import { scimPatchInput, scimUserInput, type ScimPatchOperation } from '../../../contract/scim';
import { ScimError } from './errors';
import { applyUserPatch, parseUserPatch, provisionedAgentOf, scimUserFieldsOf, scimUserFieldsOfInput, type ScimUserFields } from './users';

const operations = (list: unknown[]): ScimPatchOperation[] => scimPatchInput.parse({ Operations: list }).Operations;
const patched = (current: ScimUserFields, list: unknown[]) => applyUserPatch(7, current, parseUserPatch(operations(list)));

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return error.scimType;
    throw error;
  }
  return undefined;
}

const pat: ScimUserFields = {
  userName: 'pat@example.test',
  displayName: 'Pat Example',
  givenName: 'Pat',
  familyName: 'Example',
  title: 'Sales Agent',
  externalId: '00u1',
  active: true,
};

describe('SCIM users as agents', () => {
  it('makes an agent’s columns: the name from displayName, else the names joined; the default position', () => {
    expect(provisionedAgentOf(pat)).toEqual({ email: 'pat@example.test', name: 'Pat Example', firstName: 'Pat', lastName: 'Example', position: 'Sales Agent', externalId: '00u1' });
    expect(provisionedAgentOf({ ...pat, displayName: null, givenName: 'Ana', familyName: null, title: null })).toMatchObject({ name: 'Ana', position: 'Sales Agent' });
    expect(refusal(() => provisionedAgentOf({ ...pat, displayName: null, givenName: null, familyName: null }))).toBe('invalidValue');
    // Two long names joined must still be a name of at most 100 characters.
    expect(refusal(() => provisionedAgentOf({ ...pat, displayName: null, givenName: 'a'.repeat(60), familyName: 'b'.repeat(60) }))).toBe('invalidValue');
  });

  it('shows a pending agent (waiting for approval) as not active', () => {
    const agent = { email: 'pat@example.test', name: 'Pat', firstName: null, lastName: null, position: 'Closer', externalId: null };
    expect(scimUserFieldsOf({ ...agent, status: 'pending' }).active).toBe(false);
    expect(scimUserFieldsOf({ ...agent, status: 'active' })).toEqual({ userName: 'pat@example.test', displayName: 'Pat', givenName: null, familyName: null, title: 'Closer', externalId: null, active: true });
  });

  it('reads a POST or PUT body: what it leaves out has no value, but active stays as it is; its email must be the userName', () => {
    const body = scimUserInput.parse({ userName: 'Pat@Example.test', name: { givenName: 'Pat', middleName: '' }, title: '', emails: [{ value: 'PAT@example.test', type: 'work', primary: true }], password: 'ignored' });
    expect(scimUserFieldsOfInput(body, false)).toEqual({ userName: 'pat@example.test', displayName: null, givenName: 'Pat', familyName: null, title: null, externalId: null, active: false });
    expect(scimUserFieldsOfInput(scimUserInput.parse({ userName: 'pat@example.test', active: 'False' })).active).toBe(false);
    const other = scimUserInput.parse({ userName: 'pat@example.test', emails: [{ value: 'home@example.test', type: 'home' }, { value: 'work@example.test', primary: true }] });
    expect(refusal(() => scimUserFieldsOfInput(other))).toBe('invalidValue');
  });

  it('applies Okta’s dialect: lower-case ops, a value object without a path', () => {
    expect(patched(pat, [{ op: 'replace', value: { active: false } }])).toEqual({ ...pat, active: false });
    expect(patched(pat, [{ op: 'replace', value: { id: '7', displayName: 'Pat E.', 'name.familyName': 'E.', schemas: ['x'], meta: {} } }])).toMatchObject({ displayName: 'Pat E.', familyName: 'E.' });
    expect(patched(pat, [{ op: 'add', value: { name: { givenName: 'Patricia' }, title: 'Closer' } }])).toMatchObject({ givenName: 'Patricia', familyName: 'Example', title: 'Closer' });
  });

  it('applies Microsoft Entra ID’s dialect: capitalised ops, string booleans, a path per attribute', () => {
    expect(patched(pat, [{ op: 'Replace', path: 'active', value: 'False' }]).active).toBe(false);
    expect(patched({ ...pat, active: false }, [{ op: 'Replace', path: 'active', value: 'True' }]).active).toBe(true);
    expect(
      patched(pat, [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'New@Example.test' },
        { op: 'Replace', path: 'name.familyName', value: 'Lindqvist' },
        { op: 'Add', path: 'title', value: 'Lead' },
        { op: 'Replace', path: 'externalId', value: 'e-2' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Sales' },
        { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+1 555 0100' },
        { op: 'Add', path: 'emails[type eq "home"].value', value: 'home@example.test' },
      ]),
    ).toEqual({ ...pat, userName: 'new@example.test', familyName: 'Lindqvist', title: 'Lead', externalId: 'e-2' });
    expect(patched(pat, [{ op: 'Replace', path: 'emails[primary eq true].value', value: 'p@example.test' }]).userName).toBe('p@example.test');
    expect(patched(pat, [{ op: 'replace', path: 'emails', value: [{ value: 'w@example.test', type: 'work', primary: true }] }]).userName).toBe('w@example.test');
  });

  it('removes optional attributes, in order with the other operations', () => {
    expect(patched(pat, [{ op: 'Remove', path: 'title' }, { op: 'remove', path: 'externalId' }, { op: 'remove', path: 'name.givenName' }])).toEqual({ ...pat, title: null, externalId: null, givenName: null });
    expect(patched(pat, [{ op: 'remove', path: 'name' }, { op: 'add', path: 'name.givenName', value: 'Kim' }])).toMatchObject({ givenName: 'Kim', familyName: null });
    expect(patched(pat, [{ op: 'replace', path: 'displayName', value: '' }]).displayName).toBeNull();
  });

  it('refuses a bad operation with its scimType, whatever comes before it', () => {
    const cases: [unknown[], string][] = [
      [[{ op: 'replace', path: 'title', value: 'ok' }, { op: 'replace', path: 'bogus', value: 1 }], 'invalidPath'],
      [[{ op: 'replace', path: 'name.nickName', value: 'x' }], 'invalidPath'],
      [[{ op: 'replace', path: 'emails[display eq "x"].value', value: 'a@example.test' }], 'invalidPath'],
      [[{ op: 'replace', path: 'userName[type eq "x"]', value: 'a@example.test' }], 'invalidPath'],
      [[{ op: 'add', path: 'members', value: [{ value: '1' }] }], 'invalidPath'],
      [[{ op: 'replace', path: 'urn:ietf:params:scim:schemas:core:2.0:Group:displayName', value: 'x' }], 'invalidPath'],
      [[{ op: 'add', path: 'groups', value: [] }], 'mutability'],
      [[{ op: 'replace', path: 'meta', value: {} }], 'mutability'],
      [[{ op: 'remove' }], 'noTarget'],
      [[{ op: 'replace' }], 'invalidValue'],
      [[{ op: 'replace', value: 'x' }], 'invalidValue'],
      [[{ op: 'replace', path: 'active', value: 'yes' }], 'invalidValue'],
      [[{ op: 'remove', path: 'active' }], 'invalidValue'],
      [[{ op: 'remove', path: 'userName' }], 'invalidValue'],
      [[{ op: 'remove', path: 'emails[type eq "work"].value' }], 'invalidValue'],
      [[{ op: 'replace', path: 'emails', value: [] }], 'invalidValue'],
      [[{ op: 'replace', path: 'userName', value: 'nobody' }], 'invalidValue'],
      [[{ op: 'replace', path: 'title', value: 't'.repeat(101) }], 'invalidValue'],
      [[{ op: 'replace', path: 'displayName', value: 'Pat\u202Eevil' }], 'invalidValue'],
      [[{ op: 'replace', path: 'name', value: 'Pat' }], 'invalidValue'],
    ];
    for (const [list, scimType] of cases) expect(refusal(() => patched(pat, list)), JSON.stringify(list)).toBe(scimType);
    // The id is read-only: naming the user's own is harmless (Okta does), another is refused.
    expect(patched(pat, [{ op: 'replace', value: { id: 7, active: false } }]).active).toBe(false);
    expect(refusal(() => patched(pat, [{ op: 'replace', path: 'id', value: '8' }]))).toBe('mutability');
  });
});
