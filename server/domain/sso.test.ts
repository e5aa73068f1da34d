import { describe, expect, it } from 'vitest';
import { domainAllowed, holdsRole, namesOf, safeReturnTo, verifiedEmail } from './sso';

describe('company sign-in claims', () => {
  it('takes the email only when the provider says it is verified, lower-cased', () => {
    expect(verifiedEmail({ email: ' Ada@Acme.TEST ', email_verified: true })).toEqual({ email: 'ada@acme.test' });
    expect(verifiedEmail({ email: 'ada@acme.test', email_verified: 'true' })).toEqual({ email: 'ada@acme.test' });
    expect(verifiedEmail({ email: 'ada@acme.test', email_verified: false })).toEqual({ refused: 'email_unverified' });
    expect(verifiedEmail({ email: 'ada@acme.test' })).toEqual({ refused: 'email_unverified' });
    expect(verifiedEmail({ email: 'ada@acme.test', email_verified: 1 })).toEqual({ refused: 'email_unverified' });
    // Microsoft Entra ID: no email_verified, the optional xms_edov claim instead (an explicit false still wins).
    expect(verifiedEmail({ email: 'ada@acme.test', xms_edov: true })).toEqual({ email: 'ada@acme.test' });
    expect(verifiedEmail({ email: 'ada@acme.test', xms_edov: '1' })).toEqual({ email: 'ada@acme.test' });
    expect(verifiedEmail({ email: 'ada@acme.test', xms_edov: false })).toEqual({ refused: 'email_unverified' });
    expect(verifiedEmail({ email: 'ada@acme.test', email_verified: false, xms_edov: true })).toEqual({ refused: 'email_unverified' });
    expect(verifiedEmail({ email_verified: true })).toEqual({ refused: 'email_missing' });
    expect(verifiedEmail({ email: 'not an address', email_verified: true })).toEqual({ refused: 'email_missing' });
    expect(verifiedEmail({ email: ['ada@acme.test'], email_verified: true })).toEqual({ refused: 'email_missing' });
  });

  it('allows a domain exactly, never a subdomain or a look-alike', () => {
    expect(domainAllowed('ada@acme.test', ['acme.test'])).toBe(true);
    expect(domainAllowed('ada@eu.acme.test', ['acme.test'])).toBe(false);
    expect(domainAllowed('ada@notacme.test', ['acme.test'])).toBe(false);
    expect(domainAllowed('ada@acme.test.evil', ['acme.test'])).toBe(false);
    expect(domainAllowed('ada@other.test', ['acme.test', 'other.test'])).toBe(true);
  });

  it('reads the role claim as a value, a list, or a dotted path into the token', () => {
    expect(holdsRole({ groups: ['everyone', 'managers'] }, 'groups', 'managers')).toBe(true);
    expect(holdsRole({ groups: ['everyone'] }, 'groups', 'managers')).toBe(false);
    expect(holdsRole({ role: 'managers' }, 'role', 'managers')).toBe(true);
    expect(holdsRole({ role: 'managers-eu' }, 'role', 'managers')).toBe(false);
    expect(holdsRole({ realm_access: { roles: ['managers'] } }, 'realm_access.roles', 'managers')).toBe(true);
    expect(holdsRole({ 'https://acme.test/roles': ['managers'] }, 'https://acme.test/roles', 'managers')).toBe(true);
    expect(holdsRole({}, 'groups', 'managers')).toBe(false);
    expect(holdsRole({ groups: { managers: true } }, 'groups', 'managers')).toBe(false);
    expect(holdsRole({ a: ['x'] }, 'a.length', '1')).toBe(false);
  });

  it('names a new account from the given names, the full name or the address, without control characters', () => {
    expect(namesOf({ given_name: 'Ada', family_name: 'Lovelace' }, 'ada@acme.test')).toEqual({ firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' });
    expect(namesOf({ name: 'Grace Brewster Hopper' }, 'g@acme.test')).toEqual({ firstName: 'Grace', lastName: 'Brewster Hopper', name: 'Grace Brewster Hopper' });
    expect(namesOf({ name: 'Cher' }, 'c@acme.test')).toEqual({ firstName: 'Cher', lastName: '', name: 'Cher' });
    expect(namesOf({}, 'pat.smith@acme.test')).toEqual({ firstName: 'pat.smith', lastName: '', name: 'pat.smith' });
    expect(namesOf({ given_name: 'Ev\u202Eil\u0000', family_name: ' Name\n' }, 'e@acme.test')).toEqual({ firstName: 'Ev il', lastName: 'Name', name: 'Ev il Name' });
  });

  it('goes back only to a page of this app', () => {
    expect(safeReturnTo('/agent/profile', 'agent')).toBe('/agent/profile');
    expect(safeReturnTo('/dashboard?tab=agents', 'staff')).toBe('/dashboard?tab=agents');
    for (const elsewhere of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', '/a b', undefined, 42]) {
      expect(safeReturnTo(elsewhere, 'agent')).toBe('/agent/dashboard');
    }
    expect(safeReturnTo('//evil', 'staff')).toBe('/');
  });
});
