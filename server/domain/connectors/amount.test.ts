import { describe, expect, it } from 'vitest';
import { CONNECTOR_AMOUNT_MAX, decimalAmount, instantOf } from './amount';

describe('decimalAmount', () => {
  it('writes decimal strings and numbers with at most two decimals, trailing zeros dropped', () => {
    const cases: [unknown, string][] = [
      ['1500.00', '1500'],
      ['1500.50', '1500.5'],
      ['-20.25', '-20.25'],
      [1500, '1500'],
      [2500.5, '2500.5'],
      ['120000.0', '120000'], // Salesforce writes Java doubles
      ['.5', '0.5'],
      ['5.', '5'],
      ['007.10', '7.1'],
      ['+3', '3'],
      [' 42 ', '42'],
      ['0.05', '0.05'],
      ['0', '0'],
      ['-0.00', '0'],
    ];
    for (const [value, expected] of cases) expect(decimalAmount(value), String(value)).toBe(expected);
  });

  it('rounds half away from zero in decimal digits, never through floats', () => {
    // 1.005 is stored as 1.00499999…: float arithmetic rounds it down, its written form says up.
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect((10.235).toFixed(2)).toBe('10.23');
    expect(decimalAmount(1.005)).toBe('1.01');
    expect(decimalAmount(10.235)).toBe('10.24');
    expect(decimalAmount(1234.565)).toBe('1234.57');
    expect(decimalAmount('1234.565')).toBe('1234.57');
    expect(decimalAmount(0.1 + 0.2)).toBe('0.3');
    expect(decimalAmount('1234.564999')).toBe('1234.56');
    expect(decimalAmount('9.995')).toBe('10');
    expect(decimalAmount('0.005')).toBe('0.01');
    expect(decimalAmount('-0.005')).toBe('-0.01');
    expect(decimalAmount('-1.005')).toBe('-1.01');
    expect(decimalAmount('-0.004')).toBe('0');
  });

  it('reads exponents, as Salesforce writes amounts of ten million and more', () => {
    expect(decimalAmount('1.25E7')).toBe('12500000');
    expect(decimalAmount('1.0E7')).toBe('10000000');
    expect(decimalAmount('12345E-2')).toBe('123.45');
    expect(decimalAmount(1e-7)).toBe('0');
    expect(decimalAmount('1e-9999')).toBe('0');
  });

  it('refuses amounts above a billion in absolute value', () => {
    expect(CONNECTOR_AMOUNT_MAX).toBe(1_000_000_000);
    expect(decimalAmount('1000000000')).toBe('1000000000');
    expect(decimalAmount('-1000000000.004')).toBe('-1000000000');
    expect(decimalAmount('1000000000.005')).toBe('invalid');
    expect(decimalAmount('999999999.995')).toBe('1000000000');
    expect(decimalAmount(-1_000_000_001)).toBe('invalid');
    expect(decimalAmount(1e21)).toBe('invalid');
    expect(decimalAmount('1e9999')).toBe('invalid');
  });

  it('says no amount for "" and null, and invalid for anything else', () => {
    expect(decimalAmount('')).toBeNull();
    expect(decimalAmount(null)).toBeNull();
    for (const value of [undefined, '1,500', 'abc', '.', '-', '0x10', '1.2.3', '$5', ' ', Number.NaN, Infinity, true, {}, ['1']]) {
      expect(decimalAmount(value), String(value)).toBe('invalid');
    }
  });
});

describe('instantOf', () => {
  it('reads ISO date-times with their offset, and without one as UTC', () => {
    expect(instantOf('2026-11-03T14:22:05Z')).toBe(Date.UTC(2026, 10, 3, 14, 22, 5));
    expect(instantOf('2026-11-03T14:22:05.250+01:00')).toBe(Date.UTC(2026, 10, 3, 13, 22, 5, 250));
    expect(instantOf('2026-11-03T14:22:05-0530')).toBe(Date.UTC(2026, 10, 3, 19, 52, 5));
    expect(instantOf('2026-11-03T14:22:05.123456Z')).toBe(Date.UTC(2026, 10, 3, 14, 22, 5, 123));
    expect(instantOf('2026-11-03T14:22Z')).toBe(Date.UTC(2026, 10, 3, 14, 22));
    // Pipedrive v1 writes UTC times with a space and no zone.
    expect(instantOf('2026-11-04 09:01:44')).toBe(Date.UTC(2026, 10, 4, 9, 1, 44));
  });

  it('reads an ISO date as its midnight UTC', () => {
    expect(instantOf('2026-11-03')).toBe(Date.UTC(2026, 10, 3));
    expect(instantOf('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
  });

  it('reads milliseconds from 1e11 up and unix seconds below, as numbers or numeric strings', () => {
    expect(instantOf(1793715725000)).toBe(1793715725000);
    expect(instantOf('1793715725000')).toBe(1793715725000);
    expect(instantOf(1793715725)).toBe(1793715725000);
    expect(instantOf('1793715725')).toBe(1793715725000);
    expect(instantOf(1727447128.5)).toBe(1727447128500);
    expect(instantOf(1e11)).toBe(1e11);
    expect(instantOf(1e11 - 1)).toBe((1e11 - 1) * 1000);
  });

  it('is null for anything else, impossible days included', () => {
    for (const value of ['2026-02-30', '2026-13-01', '2026-11-03T25:00:00Z', '2026-11-03T14:60:00Z', '03/11/2026', 'yesterday', '', ' ', null, undefined, -5, Number.NaN, Infinity, {}, true]) {
      expect(instantOf(value), String(value)).toBeNull();
    }
  });
});
