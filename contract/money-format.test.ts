import { describe, expect, it } from 'vitest';
import { formatMoney } from './money-format';

const EUR_DE = { currency: 'EUR', locale: 'de-DE' };

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

  it('takes integer cents as well as decimal strings, and writes US dollars without settings', () => {
    expect(formatMoney(150_000n)).toBe('$1,500');
    expect(formatMoney(150_050n)).toBe('$1,500.50');
    expect(formatMoney(123_456_789_01n)).toBe('$123,456,789.01');
    expect(formatMoney(99n)).toBe('$0.99');
    expect(formatMoney(-150_000n)).toBe('-$1,500');
  });

  it("writes the currency's decimals on every amount when asked to", () => {
    const always = (cents: bigint) => formatMoney(cents, { currency: 'USD', locale: 'en-US' }, 'always');
    expect(always(1n)).toBe('$0.01');
    expect(always(100n)).toBe('$1.00');
    expect(always(99_999n)).toBe('$999.99');
    expect(always(100_000n)).toBe('$1,000.00');
    expect(always(1_000_001n)).toBe('$10,000.01');
    expect(always(3_499_999n)).toBe('$34,999.99');
    expect(always(99_999_999_999_999n)).toBe('$999,999,999,999.99');
    expect(always(-123_456_78n)).toBe('-$123,456.78');
    expect(formatMoney(1_000_000n, EUR_DE, 'always')).toBe('10.000,00\u00a0€');
    // The yen has no decimals of its own; an amount with cents still shows them rather than rounding them away.
    expect(formatMoney(1_000_000n, { currency: 'JPY', locale: 'en-US' }, 'always')).toBe('¥10,000');
    expect(formatMoney(1_000_001n, { currency: 'JPY', locale: 'en-US' }, 'always')).toBe('¥10,000.01');
  });
});
