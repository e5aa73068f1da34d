import { describe, expect, it } from 'vitest';
import { canonicalLocale, isKnownCurrency, updateOrganisationSettingsInput } from './settings';

describe('isKnownCurrency', () => {
  it('takes the ISO 4217 codes Intl knows, upper case only', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'SEK']) expect(isKnownCurrency(code), code).toBe(true);
    for (const code of ['ABC', 'XXX', 'eur', 'EURO', 'US', '', '12€']) expect(isKnownCurrency(code), code).toBe(false);
  });
});

describe('canonicalLocale', () => {
  it('canonicalises the tags Intl supports and refuses the others', () => {
    expect(canonicalLocale('de-de')).toBe('de-DE');
    expect(canonicalLocale('en-IE')).toBe('en-IE');
    expect(canonicalLocale('EN-gb')).toBe('en-GB');
    for (const tag of ['xx-YY', 'not a locale', '', 'tlh', 'en_US', `en-${'a'.repeat(80)}`]) expect(canonicalLocale(tag), tag).toBeUndefined();
  });
});

describe('updateOrganisationSettingsInput', () => {
  it('trims and canonicalises what it keeps, and refuses an empty or unknown change', () => {
    expect(updateOrganisationSettingsInput.parse({ orgName: '  Acme  Sales ', currency: ' eur ', locale: 'de-de' })).toEqual({ orgName: 'Acme Sales', currency: 'EUR', locale: 'de-DE' });
    expect(updateOrganisationSettingsInput.safeParse({}).success).toBe(false);
    expect(updateOrganisationSettingsInput.safeParse({ theme: 'dark' }).success).toBe(false);
    expect(updateOrganisationSettingsInput.safeParse({ orgName: 'A\u202Eb' }).success).toBe(false);
  });
});
