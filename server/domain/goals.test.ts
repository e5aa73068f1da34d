import { describe, expect, it } from 'vitest';
import { completePeriodsBefore, figureOut, firstPeriodOf, goalTargetHundredths, inForce, marksPassed, periodLastDay, spansOverlap, suggestedTarget } from './goals';

const units = (...values: number[]) => values.map((value) => BigInt(value) * 100n);

describe('suggested targets', () => {
  it('takes the 80th percentile, interpolated between the two nearest figures, to a whole unit', () => {
    // 10..120: position 0.8 x 11 = 8.8, between 90 and 100.
    expect(suggestedTarget(units(10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120))).toBe(98_00n);
    // Order does not matter.
    expect(suggestedTarget(units(120, 10, 110, 20, 100, 30, 90, 40, 80, 50, 70, 60))).toBe(98_00n);
    // One period: itself; two: 80% of the way up.
    expect(suggestedTarget(units(7))).toBe(7_00n);
    expect(suggestedTarget(units(0, 10))).toBe(8_00n);
    // Half a unit rounds up, less rounds down (money: 1,234.50 -> 1,235; 1,234.49 -> 1,234).
    expect(suggestedTarget([1_234_50n])).toBe(1_235_00n);
    expect(suggestedTarget([1_234_49n])).toBe(1_234_00n);
  });

  it('suggests nothing without history or when the percentile is not above zero', () => {
    expect(suggestedTarget([])).toBeUndefined();
    expect(suggestedTarget(units(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 40))).toBeUndefined();
    expect(suggestedTarget([-500_00n, -10_00n])).toBeUndefined();
    expect(suggestedTarget([40n])).toBeUndefined();
  });
});

describe('which goal is in force when', () => {
  it('holds a one-off goal to its period and a recurring one from its first on', () => {
    expect(inForce({ startsOn: '2026-11-01', recurring: false }, '2026-11-01')).toBe(true);
    expect(inForce({ startsOn: '2026-11-01', recurring: false }, '2026-12-01')).toBe(false);
    expect(inForce({ startsOn: '2026-11-01', recurring: true }, '2027-03-01')).toBe(true);
    expect(inForce({ startsOn: '2026-11-01', recurring: true }, '2026-10-01')).toBe(false);
  });

  it('finds two goals that would both be in force in some period', () => {
    const oneOff = (startsOn: string) => ({ startsOn, recurring: false });
    const recurring = (startsOn: string) => ({ startsOn, recurring: true });
    expect(spansOverlap(recurring('2026-11-01'), recurring('2027-01-01'))).toBe(true);
    expect(spansOverlap(recurring('2026-11-01'), oneOff('2026-12-01'))).toBe(true);
    expect(spansOverlap(oneOff('2026-12-01'), recurring('2026-11-01'))).toBe(true);
    expect(spansOverlap(recurring('2026-12-01'), oneOff('2026-11-01'))).toBe(false);
    expect(spansOverlap(oneOff('2026-11-01'), oneOff('2026-12-01'))).toBe(false);
    expect(spansOverlap(oneOff('2026-11-01'), oneOff('2026-11-01'))).toBe(true);
  });

  it('starts a goal in the current period or a later one, never one that is over', () => {
    expect(firstPeriodOf('week', undefined, '2026-11-18')).toBe('2026-11-16');
    expect(firstPeriodOf('month', '2026-12-24', '2026-11-18')).toBe('2026-12-01');
    expect(firstPeriodOf('quarter', '2026-10-02', '2026-11-18')).toBe('2026-10-01');
    expect(() => firstPeriodOf('week', '2026-11-15', '2026-11-18')).toThrow('startsOn must be in the current period or a later one');
  });

  it('names the last day of a period and the complete periods before today', () => {
    expect(periodLastDay('week', '2026-11-16')).toBe('2026-11-22');
    expect(periodLastDay('month', '2026-02-01')).toBe('2026-02-28');
    expect(periodLastDay('quarter', '2026-10-01')).toBe('2026-12-31');
    expect(completePeriodsBefore('month', '2026-11-18', 3)).toEqual(['2026-08-01', '2026-09-01', '2026-10-01']);
    expect(completePeriodsBefore('week', '2026-11-16', 2)).toEqual(['2026-11-02', '2026-11-09']);
    expect(completePeriodsBefore('quarter', '2026-01-05', 12)).toHaveLength(12);
    expect(completePeriodsBefore('quarter', '2026-01-05', 12)[0]).toBe('2023-01-01');
  });
});

describe('targets and figures', () => {
  it('reads a count target as a whole number and money to the cent, above zero', () => {
    expect(goalTargetHundredths('count', 12)).toBe(12_00n);
    expect(goalTargetHundredths('count', ' 7 ')).toBe(7_00n);
    expect(goalTargetHundredths('money', '1500.5')).toBe(1500_50n);
    expect(goalTargetHundredths('money', 20)).toBe(20_00n);
    for (const bad of [0, -1, 2.5, '1e3', 'ten', '']) expect(() => goalTargetHundredths('count', bad)).toThrow('target must be a whole number');
    expect(() => goalTargetHundredths('money', '0.00')).toThrow('target must be more than zero');
    expect(() => goalTargetHundredths('money', '-5')).toThrow('target must be more than zero');
    expect(() => goalTargetHundredths('money', '1.234')).toThrow('at most two decimals');
  });

  it('answers a count as a number and money as text with two decimals', () => {
    expect(figureOut('count', 3_33n)).toBe(3.33);
    expect(figureOut('count', 12_00n)).toBe(12);
    expect(figureOut('money', 1500_50n)).toBe('1500.50');
    expect(figureOut('money', -5n)).toBe('-0.05');
  });

  it('passes each mark once', () => {
    expect(marksPassed(49, new Set())).toEqual([]);
    expect(marksPassed(50, new Set())).toEqual([50]);
    expect(marksPassed(140, new Set([50]))).toEqual([90, 100]);
    expect(marksPassed(100, new Set([50, 90, 100]))).toEqual([]);
  });
});
