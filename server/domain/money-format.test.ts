import { describe, expect, it } from 'vitest';
import { formatMoney } from './money-format';

describe('formatMoney', () => {
  it('writes whole amounts without cents and others with them, in the currency and locale given', () => {
    expect(formatMoney('35000.00', { currency: 'USD', locale: 'en-US' })).toBe('$35,000');
    expect(formatMoney('1234.50', { currency: 'USD', locale: 'en-US' })).toBe('$1,234.50');
    expect(formatMoney('35000.00', { currency: 'EUR', locale: 'de-DE' })).toBe('35.000\u00a0€');
    expect(formatMoney('1234.5', { currency: 'EUR', locale: 'de-DE' })).toBe('1.234,50\u00a0€');
    expect(formatMoney('35000.00', { currency: 'EUR', locale: 'en-IE' })).toBe('€35,000');
  });

  it('is exact for amounts beyond floating point', () => {
    expect(formatMoney('999999999999.99', { currency: 'USD', locale: 'en-US' })).toBe('$999,999,999,999.99');
  });
});
