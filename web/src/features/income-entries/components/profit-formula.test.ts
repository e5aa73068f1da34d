import { describe, expect, it } from 'vitest';
import { profitFormula } from './profit-formula';

describe('profitFormula', () => {
  it('multiplies the amount by the percentage shown, to the cent', () => {
    expect(profitFormula('1500', '12.5')).toBe('$1,500.00 × 12.5% = $187.50');
    expect(profitFormula('300', '0')).toBe('$300.00 × 0% = $0.00');
    expect(profitFormula('1000', '100.00')).toBe('$1,000.00 × 100% = $1,000.00');
  });

  it('shows the exact value when the cent was rounded, halves up', () => {
    expect(profitFormula('100.05', '10')).toBe('$100.05 × 10% = $10.005, rounded to $10.01');
    expect(profitFormula('333.33', '33.3')).toBe('$333.33 × 33.3% = $110.99889, rounded to $111.00');
    expect(profitFormula('0.04', '10')).toBe('$0.04 × 10% = $0.004, rounded to $0.00');
  });

  it('says a deduction is recorded as it is', () => {
    expect(profitFormula('-200.25', '50')).toBe('Deduction: -$200.25 is recorded as it is; the percentage is not used.');
    expect(profitFormula('-50', 'abc')).toBe('Deduction: -$50.00 is recorded as it is; the percentage is not used.');
  });

  it('says nothing without an amount or with a bad value', () => {
    expect(profitFormula('', '10')).toBeNull();
    expect(profitFormula('0', '10')).toBeNull();
    expect(profitFormula('100', '120')).toBeNull();
    expect(profitFormula('100.123', '10')).toBeNull();
  });
});
