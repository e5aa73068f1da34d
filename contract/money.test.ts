import { describe, expect, it } from 'vitest';
import { centsToMoneyString, entryAmountInput, parseMoneyToCents, thresholdInput } from './money';
import { moneyToCents } from './cents';

describe('parseMoneyToCents', () => {
  it.each([
    ['0', 0n],
    ['12', 1200n],
    ['12.5', 1250n],
    ['12.05', 1205n],
    ['-0.01', -1n],
    [' 1000.10 ', 100010n],
    [0.1, 10n],
    [1234.56, 123456n],
    [-5, -500n],
  ])('reads %j as %s cents', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each(['', '1.234', 'abc', '1e5', '--1', '1.', '.5', '0x10', 'NaN'])('refuses the string %j', (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1.005, 1e21, 1e-7])('refuses the number %s', (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });
});

describe('centsToMoneyString', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [-5n, '-0.05'],
    [123456n, '1234.56'],
    [99_999_999_999_999n, '999999999999.99'],
  ])('writes %s cents as %s', (cents, text) => {
    expect(centsToMoneyString(cents)).toBe(text);
  });
});

describe('entryAmountInput', () => {
  it('normalises valid amounts to two-decimal strings', () => {
    expect(entryAmountInput.parse('1500')).toBe('1500.00');
    expect(entryAmountInput.parse(-250.5)).toBe('-250.50');
  });

  it.each([
    ['', 'Amount is required'],
    ['0', 'Amount cannot be zero'],
    ['0.00', 'Amount cannot be zero'],
    ['1.001', 'Amount must be a number with at most two decimals'],
    ['ten', 'Amount must be a number with at most two decimals'],
    ['1000000000000', 'Amount must be at most 999,999,999,999.99 in absolute value'],
    [null, 'Amount is required'],
  ])('refuses %j with "%s"', (input, message) => {
    const result = entryAmountInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('thresholdInput', () => {
  it('accepts positive amounts and refuses zero and negatives', () => {
    expect(thresholdInput.parse('10000')).toBe('10000.00');
    expect(thresholdInput.safeParse('0').success).toBe(false);
    expect(thresholdInput.safeParse(-1).success).toBe(false);
  });
});

describe('moneyToCents', () => {
  it('parses API money strings exactly and refuses anything else', () => {
    expect(moneyToCents('126400.55')).toBe(12_640_055n);
    expect(moneyToCents('-0.01')).toBe(-1n);
    expect(() => moneyToCents('abc')).toThrow();
  });
});
