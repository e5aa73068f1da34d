import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './password-policy';

describe('isCommonPassword', () => {
  it.each(['password', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou', 'Password123!', 'monkey2024!', 'trustno1'])('refuses %j', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['correct horse battery staple', 'factory-password-1', 'motdepasséé', 'Zq8!mL2#vR9t', 'long enough passphrase 7'])('accepts %j', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
