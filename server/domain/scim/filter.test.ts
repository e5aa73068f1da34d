import { describe, expect, it } from 'vitest';
import { ScimError } from './errors';
import { parseAttributePath, parseComparison, parseGroupFilter, parseUserFilter } from './filter';

/** The scimType a parse fails with. */
function refusal(parse: () => unknown): string | undefined {
  try {
    parse();
  } catch (error) {
    if (error instanceof ScimError) return error.scimType;
    throw error;
  }
  return undefined;
}

describe('SCIM filters', () => {
  it('reads one eq comparison, names and operator in any case, with an optional core schema URN', () => {
    expect(parseComparison('userName eq "pat@example.test"')).toEqual({ attribute: 'username', value: 'pat@example.test' });
    expect(parseComparison('  UserName   EQ  "a \\"quoted\\" name" ')).toEqual({ attribute: 'username', value: 'a "quoted" name' });
    expect(parseComparison('emails.value eq "x"')).toEqual({ attribute: 'emails', subAttribute: 'value', value: 'x' });
    expect(parseComparison('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "x"')).toEqual({ attribute: 'username', value: 'x' });
    expect(parseComparison('active eq true')).toEqual({ attribute: 'active', value: true });
    expect(parseComparison('id eq 12')).toEqual({ attribute: 'id', value: 12 });
  });

  it('refuses what it does not support, and what is malformed, with invalidFilter', () => {
    for (const filter of [
      'userName ne "x"',
      'userName co "x"',
      'userName pr',
      'userName eq "x" and active eq true',
      'userName eq "x" or userName eq "y"',
      'not (userName eq "x")',
      '(userName eq "x")',
      'emails[type eq "work"]',
      'userName eq',
      'userName eq"x"',
      'userName eq x',
      'userName eq "unclosed',
      'userName "x"',
      '',
      'urn:example:schema:userName eq "x"',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department eq "x"',
    ]) {
      expect(refusal(() => parseComparison(filter)), filter).toBe('invalidFilter');
    }
  });

  it('finds users by email (userName, emails.value: lower-case), externalId (case-exact) or id', () => {
    expect(parseUserFilter('userName eq " Pat@Example.TEST "')).toEqual({ by: 'email', email: 'pat@example.test' });
    expect(parseUserFilter('emails.value eq "PAT@example.test"')).toEqual({ by: 'email', email: 'pat@example.test' });
    expect(parseUserFilter('emails eq "pat@example.test"')).toEqual({ by: 'email', email: 'pat@example.test' });
    expect(parseUserFilter('externalId eq "00uAbC"')).toEqual({ by: 'externalId', externalId: '00uAbC' });
    expect(parseUserFilter('id eq "42"')).toEqual({ by: 'id', id: 42 });
    // An id that cannot be an agent's names nobody.
    expect(parseUserFilter('id eq "042"')).toEqual({ by: 'id', id: null });
    expect(parseUserFilter('id eq "2147483648"')).toEqual({ by: 'id', id: null });
    for (const filter of ['displayName eq "Pat"', 'title eq "Sales"', 'name.givenName eq "Pat"', 'userName eq 5', 'userName eq null', 'active eq true']) {
      expect(refusal(() => parseUserFilter(filter)), filter).toBe('invalidFilter');
    }
  });

  it('finds groups by displayName (as team names are written), externalId or id', () => {
    expect(parseGroupFilter('displayName eq "  North   Team "')).toEqual({ by: 'name', name: 'North Team' });
    expect(parseGroupFilter('externalId eq "g-1"')).toEqual({ by: 'externalId', externalId: 'g-1' });
    expect(parseGroupFilter('id eq "7"')).toEqual({ by: 'id', id: 7 });
    for (const filter of ['members eq "1"', 'members.value eq "1"', 'userName eq "x"']) expect(refusal(() => parseGroupFilter(filter)), filter).toBe('invalidFilter');
  });
});

describe('SCIM attribute paths', () => {
  it('reads attributes, sub-attributes, value filters and schema URNs, names lower-case', () => {
    expect(parseAttributePath('displayName')).toEqual({ attribute: 'displayname' });
    expect(parseAttributePath('name.givenName')).toEqual({ attribute: 'name', subAttribute: 'givenname' });
    expect(parseAttributePath('emails[type eq "work"].value')).toEqual({ attribute: 'emails', filter: { attribute: 'type', value: 'work' }, subAttribute: 'value' });
    expect(parseAttributePath('emails[primary eq true]')).toEqual({ attribute: 'emails', filter: { attribute: 'primary', value: true } });
    expect(parseAttributePath('members[value eq "a]b"]')).toEqual({ attribute: 'members', filter: { attribute: 'value', value: 'a]b' } });
    expect(parseAttributePath('urn:ietf:params:scim:schemas:core:2.0:User:userName')).toEqual({ schema: 'urn:ietf:params:scim:schemas:core:2.0:user', attribute: 'username' });
    expect(parseAttributePath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager.value')).toEqual({
      schema: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user',
      attribute: 'manager',
      subAttribute: 'value',
    });
    expect(parseAttributePath('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User')).toEqual({ schema: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user', attribute: '' });
  });

  it('refuses malformed paths with invalidPath', () => {
    for (const path of [
      'emails[type eq "work"',
      'emails[type eq "work"]]',
      'emails[type co "work"].value',
      'emails[type eq "work" and primary eq true]',
      'name.',
      '.name',
      'name.givenName.first',
      'name.givenName[type eq "x"]',
      'display name',
      '1title',
      'urn:example:unknown:title',
      'urn:ietf:params:scim:schemas:core:2.0:Userx',
      '',
    ]) {
      expect(refusal(() => parseAttributePath(path)), path).toBe('invalidPath');
    }
  });
});
