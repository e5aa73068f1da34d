import { describe, expect, it } from 'vitest';
import { languageChoice } from './language-choice';
import { formattingLocale, languageOfTag, resolveLanguage } from './languages';

describe('resolveLanguage', () => {
  it('takes the person’s choice first, then the organisation’s, then the browser’s, then English', () => {
    expect(resolveLanguage({ chosen: 'fr', orgLocale: 'de-DE', browser: ['es-ES'] })).toBe('fr');
    expect(resolveLanguage({ chosen: null, orgLocale: 'de-DE', browser: ['es-ES'] })).toBe('de');
    expect(resolveLanguage({ chosen: null, orgLocale: 'ja-JP', browser: ['pt-BR', 'es-MX'] })).toBe('es');
    expect(resolveLanguage({ orgLocale: 'ja-JP', browser: ['pt-BR'] })).toBe('en');
    expect(resolveLanguage({ chosen: 'xx', orgLocale: 'fr-CA' })).toBe('fr');
  });
  it('reads a tag’s language', () => {
    expect(languageOfTag('de-AT')).toBe('de');
    expect(languageOfTag('ES')).toBe('es');
    expect(languageOfTag('pt-BR')).toBeUndefined();
    expect(languageOfTag(undefined)).toBeUndefined();
  });
});

describe('formattingLocale', () => {
  it('keeps the organisation’s locale for its own language, else the reader’s language with its region', () => {
    expect(formattingLocale('en', 'en-US')).toBe('en-US');
    expect(formattingLocale('de', 'de-AT')).toBe('de-AT');
    expect(formattingLocale('de', 'en-US')).toBe('de-US');
    expect(formattingLocale('fr', 'en')).toBe('fr');
    expect(new Intl.NumberFormat(formattingLocale('de', 'en-US'), { style: 'currency', currency: 'USD' }).format(1234.5)).toBe('1.234,50\u00a0$');
  });
});

describe('languageChoice', () => {
  it('takes a language or null and names the languages otherwise', () => {
    expect(languageChoice.parse('de')).toBe('de');
    expect(languageChoice.parse(null)).toBeNull();
    expect(languageChoice.safeParse('it').error?.issues[0]?.message).toBe("language must be one of en, de, es, fr, or null for the organisation's");
  });
});
