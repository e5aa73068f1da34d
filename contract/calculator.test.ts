import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateProfitCents,
  calculateProfits,
  calculateRow,
  DEDUCTION_DESCRIPTION,
  describeCalculatedProfit,
  divideRoundingHalfAwayFromZero,
  exactProfitDecimal,
  formatPercentage,
  parsePercentage,
  parseWeeklyAmount,
  PERCENTAGE_ERROR,
  percentageToDecimalString,
  WEEKLY_AMOUNT_ERROR,
} from './calculator';

const pct = (text: string) => {
  const parsed = parsePercentage(text);
  if (!parsed) throw new Error(`bad percentage ${text}`);
  return parsed;
};

describe('parsePercentage', () => {
  it('reads whole and decimal percentages exactly', () => {
    expect(pct('10')).toEqual({ units: 10n, scale: 1n });
    expect(pct('12.5')).toEqual({ units: 125n, scale: 10n });
    expect(pct('0.25')).toEqual({ units: 25n, scale: 100n });
    expect(parsePercentage(33.3)).toEqual({ units: 333n, scale: 10n });
  });

  it('accepts 0 and 100 and refuses what lies outside', () => {
    expect(pct('0')).toEqual({ units: 0n, scale: 1n });
    expect(pct('100.0')).toEqual({ units: 1000n, scale: 10n });
    for (const bad of ['100.1', '-1', '101', '', ' ', 'abc', '1e2', '12.', '.5', '5.12345', '12.345', '0.125', 'Infinity']) {
      expect(parsePercentage(bad), bad).toBeNull();
    }
    expect(parsePercentage(Number.NaN)).toBeNull();
  });
});

describe('percentageToDecimalString', () => {
  it('writes the stored form with exactly two decimals', () => {
    expect(percentageToDecimalString(pct('12.5'))).toBe('12.50');
    expect(percentageToDecimalString(pct('0'))).toBe('0.00');
    expect(percentageToDecimalString(pct('100'))).toBe('100.00');
    expect(percentageToDecimalString(pct('7.05'))).toBe('7.05');
    expect(percentageToDecimalString(pct('33.30'))).toBe('33.30');
  });

  it('reads back as the same percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        const text = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
        expect(percentageToDecimalString(pct(percentageToDecimalString(pct(text))))).toBe(text);
      }),
    );
  });
});

describe('parseWeeklyAmount', () => {
  it('reads cents, treats empty as zero and refuses more than two decimals or too large amounts', () => {
    expect(parseWeeklyAmount('')).toBe(0n);
    expect(parseWeeklyAmount('1500')).toBe(150_000n);
    expect(parseWeeklyAmount('-250.5')).toBe(-25_050n);
    expect(parseWeeklyAmount('1.005')).toBeNull();
    expect(parseWeeklyAmount('ten')).toBeNull();
    expect(parseWeeklyAmount('999999999999.99')).toBe(99_999_999_999_999n);
    expect(parseWeeklyAmount('1000000000000.00')).toBeNull();
  });
});

describe('divideRoundingHalfAwayFromZero', () => {
  it('rounds halves away from zero on both sides', () => {
    expect(divideRoundingHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divideRoundingHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divideRoundingHalfAwayFromZero(7n, 3n)).toBe(2n);
    expect(divideRoundingHalfAwayFromZero(8n, 3n)).toBe(3n);
    expect(divideRoundingHalfAwayFromZero(-8n, 3n)).toBe(-3n);
    expect(divideRoundingHalfAwayFromZero(8n, -3n)).toBe(-3n);
    expect(() => divideRoundingHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });

  it('is never more than half a unit from the exact quotient', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (n, d) => {
        const q = divideRoundingHalfAwayFromZero(n, d);
        const error = q * d - n; // d * (q - n/d)
        expect(2n * (error < 0n ? -error : error) <= d).toBe(true);
      }),
    );
  });
});

describe('calculateProfitCents', () => {
  it('takes the percentage of a positive amount, rounded to the cent', () => {
    expect(calculateProfitCents(150_000n, pct('10'))).toBe(15_000n);
    expect(calculateProfitCents(100_000n, pct('12.5'))).toBe(12_500n);
    // $0.05 x 10% = 0.5 cent -> 1 cent (half away from zero); $0.04 x 10% = 0.4 cent -> 0
    expect(calculateProfitCents(5n, pct('10'))).toBe(1n);
    expect(calculateProfitCents(4n, pct('10'))).toBe(0n);
    // $333.33 x 33.3% = $110.99889 -> $111.00
    expect(calculateProfitCents(33_333n, pct('33.3'))).toBe(11_100n);
    expect(calculateProfitCents(150_000n, pct('0'))).toBe(0n);
    expect(calculateProfitCents(150_000n, pct('100'))).toBe(150_000n);
  });

  it('passes a negative amount through as a deduction, ignoring the percentage', () => {
    expect(calculateProfitCents(-25_050n, pct('10'))).toBe(-25_050n);
    expect(calculateProfitCents(-1n, pct('0'))).toBe(-1n);
  });

  it('never gives more than the amount for a positive amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999n }), fc.integer({ min: 0, max: 1000 }), (cents, tenths) => {
        const profit = calculateProfitCents(cents, { units: BigInt(tenths), scale: 10n });
        expect(profit >= 0n && profit <= cents).toBe(true);
      }),
    );
  });
});

describe('exactProfitDecimal', () => {
  it('gives the profit before rounding, exactly, with at least two decimals', () => {
    expect(exactProfitDecimal(150_000n, pct('12.5'))).toBe('187.50');
    // $100.05 x 10% = $10.005, which the calculator rounds to $10.01.
    expect(exactProfitDecimal(10_005n, pct('10'))).toBe('10.005');
    expect(exactProfitDecimal(33_333n, pct('33.33'))).toBe('111.098889');
    expect(exactProfitDecimal(5n, pct('0.01'))).toBe('0.000005');
    expect(exactProfitDecimal(0n, pct('50'))).toBe('0.00');
    expect(exactProfitDecimal(123_456n, pct('0'))).toBe('0.00');
  });

  it('rounds to the profit the calculator records', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_999n }), fc.integer({ min: 0, max: 10_000 }), (cents, hundredths) => {
        const percentage = { units: BigInt(hundredths), scale: 100n };
        const [whole, fraction = ''] = exactProfitDecimal(cents, percentage).split('.');
        // The exact decimal as an integer of its last decimal place, rounded half away from zero to cents.
        const scaled = BigInt(whole! + fraction);
        const divisor = 10n ** BigInt(fraction.length - 2);
        expect(divideRoundingHalfAwayFromZero(scaled, divisor)).toBe(calculateProfitCents(cents, percentage));
      }),
    );
  });
});

describe('descriptions', () => {
  it('formats percentages and dollars the en-US way', () => {
    expect(formatPercentage(pct('12.50'))).toBe('12.5');
    expect(formatPercentage(pct('10.0'))).toBe('10');
    expect(formatPercentage(pct('0.05'))).toBe('0.05');
  });

  it('names the percentage and amount, or a deduction', () => {
    expect(describeCalculatedProfit(150_000n, pct('10'))).toBe('Automated weekly calculation: 10% of $1,500');
    expect(describeCalculatedProfit(123_456_75n, pct('12.5'))).toBe('Automated weekly calculation: 12.5% of $123,456.75');
    expect(describeCalculatedProfit(-5_000n, pct('10'))).toBe(DEDUCTION_DESCRIPTION);
    expect(DEDUCTION_DESCRIPTION).toBe('Automated weekly calculation: Deduction');
  });
});

describe('calculateRow and calculateProfits', () => {
  it('builds one entry per nonzero row, with the total of every row', () => {
    const result = calculateProfits([
      { agentId: 1, weeklyAmount: '1500', percentage: '10' },
      { agentId: 2, weeklyAmount: '-200.25', percentage: '50' },
      { agentId: 3, weeklyAmount: '0', percentage: '10' },
      { agentId: 4, weeklyAmount: '900', percentage: '0' },
      { agentId: 5, weeklyAmount: '', percentage: '' },
      { agentId: 6, weeklyAmount: '0.04', percentage: '10' },
    ]);
    expect(result.entries).toEqual([
      { agentId: 1, amount: '150.00', description: 'Automated weekly calculation: 10% of $1,500' },
      { agentId: 2, amount: '-200.25', description: 'Automated weekly calculation: Deduction' },
    ]);
    expect(result.rows.map((row) => row.profitCents)).toEqual([15_000n, -20_025n, 0n, 0n, 0n, 0n]);
    expect(result.totalCents).toBe(-5_025n);
    expect(result.hasErrors).toBe(false);
  });

  it('gives a total of zero and no entries when nothing is filled in', () => {
    const result = calculateProfits([{ agentId: 1, weeklyAmount: '', percentage: '10' }]);
    expect(result.totalCents).toBe(0n);
    expect(result.entries).toEqual([]);
  });

  it('flags bad input on the row and leaves it out of the total and the entries', () => {
    expect(calculateRow({ agentId: 1, weeklyAmount: '10.123', percentage: '10' })).toEqual({
      agentId: 1,
      profitCents: 0n,
      weeklyAmountError: WEEKLY_AMOUNT_ERROR,
    });
    expect(calculateRow({ agentId: 1, weeklyAmount: '100', percentage: '120' })).toEqual({
      agentId: 1,
      profitCents: 0n,
      percentageError: PERCENTAGE_ERROR,
    });
    const result = calculateProfits([
      { agentId: 1, weeklyAmount: '100', percentage: '-5' },
      { agentId: 2, weeklyAmount: '100', percentage: '50' },
    ]);
    expect(result.hasErrors).toBe(true);
    expect(result.totalCents).toBe(5_000n);
    expect(result.entries).toHaveLength(1);
  });

  it('does not need a valid percentage for a deduction', () => {
    const row = calculateRow({ agentId: 7, weeklyAmount: '-50', percentage: '' });
    expect(row.percentageError).toBeUndefined();
    expect(row.entry).toEqual({ agentId: 7, amount: '-50.00', description: DEDUCTION_DESCRIPTION });
  });

  it('keeps the total equal to the sum of the submitted amounts', () => {
    const row = fc.record({
      weeklyAmount: fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }).map((c) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${((c < 0n ? -c : c) % 100n).toString().padStart(2, '0')}`),
      percentage: fc.integer({ min: 0, max: 1000 }).map((t) => (t / 10).toFixed(1)),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const result = calculateProfits(rows.map((r, i) => ({ agentId: i + 1, ...r })));
        const submitted = result.entries.reduce((sum, e) => sum + BigInt(e.amount.replace('.', '')), 0n);
        expect(submitted).toBe(result.totalCents);
        expect(result.entries.every((e) => e.amount !== '0.00' && e.amount !== '-0.00')).toBe(true);
      }),
    );
  });
});
