import { describe, expect, it } from 'vitest';
import { expectedShare, formatGoalFigure } from './goal-figures';

describe('goal figures', () => {
  it('writes a count with one decimal at most, money whole or exact', () => {
    expect(formatGoalFigure('count', 3.33)).toBe('3.3');
    expect(formatGoalFigure('count', 1204)).toBe('1,204');
    expect(formatGoalFigure('count', 2.25)).toBe('2.3');
    expect(formatGoalFigure('count', -0.01)).toBe('0');
    expect(formatGoalFigure('money', '1500.50')).toBe('$1,501');
    expect(formatGoalFigure('money', '1500.50', true)).toBe('$1,500.50');
  });

  it('places the expected tick within the bar', () => {
    expect(expectedShare(4, 10)).toBe(40);
    expect(expectedShare('5714.57', '10000.50')).toBeCloseTo(57.14, 1);
    expect(expectedShare(12, 10)).toBe(100);
    expect(expectedShare(0, 0)).toBe(0);
  });
});
