import { describe, expect, it } from 'vitest';
import { displayName, hasHiddenCharacters } from './fields';

const name = displayName('Name is required', 100, 'Name');

describe('displayName', () => {
  it('normalises to NFKC and collapses blanks', () => {
    expect(name.parse('  Ａｌｉｃｅ\u00A0  Ｓｍｉｔｈ ')).toBe('Alice Smith');
    expect(name.parse('ﬁona')).toBe('fiona');
    // A byte-order mark counts as a blank in JavaScript: trimmed at the ends, a single space inside.
    expect(name.parse('\uFEFFAl\uFEFFice')).toBe('Al ice');
    expect(name.parse('José')).toBe('José'.normalize('NFKC'));
  });

  it.each([
    ['a right-to-left override', 'Ali\u202Eecil'],
    ['a right-to-left isolate', '\u2067Bob\u2069'],
    ['a left-to-right mark', 'Bob\u200E'],
    ['a zero-width space', 'Al\u200Bice'],
    ['a word joiner', 'Al\u2060ice'],
    ['a soft hyphen', 'Al\u00ADice'],
    ['a Hangul filler', 'Alice\u3164'],
    ['a control character', 'Alice\u0007'],
    ['a lone zero-width joiner', '\u200DAlice'],
    ['a combining grapheme joiner', 'Al\u034Fice'],
  ])('refuses %s', (_what, text) => {
    const result = name.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Name must not contain invisible or text-direction characters');
  });

  it('keeps joiners between visible characters (Persian names, emoji sequences)', () => {
    expect(name.parse('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(name.parse('Team 👩\u200D💻')).toBe('Team 👩\u200D💻');
    expect(hasHiddenCharacters('Zoë ❤️')).toBe(false);
  });

  it('refuses an empty name after normalising, and NUL with its own message', () => {
    expect(name.safeParse(' \u00A0 ').error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse('A\u0000B').error?.issues[0]?.message).toBe('Name must not contain NUL characters');
  });
});
