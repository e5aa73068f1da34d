import type { SsoSettingsView } from '@contract/sso';
import { describe, expect, it } from 'vitest';
import { checkSsoForm, fieldOfIssue, formOf, inputOf, isUnchanged, splitDomains, type SsoForm } from './sso-form';

const notSetUp: SsoSettingsView = {
  configured: false,
  redirectUrl: 'https://track.example.com/api/sso/callback',
  issuer: null,
  clientId: null,
  hasSecret: false,
  label: null,
  allowedDomains: [],
  roleClaim: null,
  managerValue: null,
  required: false,
  updatedAt: null,
};

const saved: SsoSettingsView = {
  ...notSetUp,
  configured: true,
  issuer: 'https://acme.okta.com',
  clientId: '0oa1',
  hasSecret: true,
  label: 'Acme',
  allowedDomains: ['acme.com', 'acme.co.uk'],
  updatedAt: '2026-11-29T10:00:00.000Z',
};

const filled: SsoForm = {
  issuer: 'https://acme.okta.com/',
  clientId: ' 0oa1 ',
  clientSecret: 's3cret',
  label: 'Acme',
  allowedDomains: 'acme.com, @acme.co.uk\nacme.de',
  roleClaim: '',
  managerValue: '',
  required: false,
};

describe('splitDomains', () => {
  it('takes commas, semicolons, spaces and lines, and forgives a leading @', () => {
    expect(splitDomains(' acme.com,acme.co.uk;\n\n@acme.de  example.org ')).toEqual(['acme.com', 'acme.co.uk', 'acme.de', 'example.org']);
    expect(splitDomains('  \n ')).toEqual([]);
  });
});

describe('inputOf', () => {
  it('sends the domains as a list, no secret when left empty, and null for unused role fields', () => {
    expect(inputOf({ ...filled, clientSecret: '' })).toEqual({
      issuer: 'https://acme.okta.com/',
      clientId: '0oa1',
      label: 'Acme',
      allowedDomains: ['acme.com', 'acme.co.uk', 'acme.de'],
      roleClaim: null,
      managerValue: null,
      required: false,
    });
    expect(inputOf({ ...filled, roleClaim: ' groups ', managerValue: 'Sales Managers' })).toMatchObject({ clientSecret: 's3cret', roleClaim: 'groups', managerValue: 'Sales Managers' });
  });
});

describe('checkSsoForm', () => {
  it('passes a complete form', () => {
    expect(checkSsoForm(filled, notSetUp)).toEqual({ input: inputOf(filled) });
  });

  it("puts the contract's messages under their fields, naming a bad domain", () => {
    const result = checkSsoForm({ ...filled, issuer: 'ftp://acme', label: ' ', allowedDomains: 'acme.com, bad_domain!' }, notSetUp);
    expect('errors' in result && result.errors).toMatchObject({
      issuer: expect.stringContaining('https://'),
      label: expect.stringContaining('label is required'),
      allowedDomains: expect.stringMatching(/^bad_domain!: allowedDomains must be/),
    });
  });

  it('asks for the domains when there are none, and for the role claim and value together', () => {
    const noDomains = checkSsoForm({ ...filled, allowedDomains: ' ' }, notSetUp);
    expect('errors' in noDomains && Object.keys(noDomains.errors)).toEqual(['allowedDomains']);
    const claimAlone = checkSsoForm({ ...filled, roleClaim: 'groups' }, notSetUp);
    expect('errors' in claimAlone && claimAlone.errors.managerValue).toMatch(/^roleClaim and managerValue go together/);
  });

  it('needs a secret for a first set-up, and again for a new issuer or client id, not otherwise', () => {
    const noSecret = { ...filled, clientSecret: '' };
    expect(checkSsoForm(noSecret, notSetUp)).toEqual({ errors: { clientSecret: 'Enter the client secret the provider gave this app' } });
    // The issuer's trailing slash is dropped as the server drops it: the same client, the saved secret stays.
    expect(checkSsoForm(noSecret, saved)).toEqual({ input: inputOf(noSecret) });
    expect(checkSsoForm({ ...noSecret, clientId: '0oa2' }, saved)).toEqual({
      errors: { clientSecret: 'Enter the client secret again: a new issuer or client id needs its own secret' },
    });
  });
});

describe('fieldOfIssue', () => {
  it("names the form field of a server issue's path", () => {
    expect(fieldOfIssue('allowedDomains.2')).toBe('allowedDomains');
    expect(fieldOfIssue('required')).toBe('required');
    expect(fieldOfIssue('somethingElse')).toBeUndefined();
  });
});

describe('isUnchanged', () => {
  it('compares with what is saved; a form for a first set-up is never unchanged', () => {
    expect(isUnchanged(formOf(saved), saved)).toBe(true);
    expect(isUnchanged({ ...formOf(saved), allowedDomains: 'acme.com, acme.co.uk' }, saved)).toBe(true);
    expect(isUnchanged({ ...formOf(saved), clientSecret: 'new' }, saved)).toBe(false);
    expect(isUnchanged({ ...formOf(saved), required: true }, saved)).toBe(false);
    expect(isUnchanged(formOf(notSetUp), notSetUp)).toBe(false);
  });
});
