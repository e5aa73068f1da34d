// The scale table's pure helpers (scripts/bench/scale-report.ts): reading --scale-sizes and judging "flat".
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import { FLAT_FACTOR, flatness, isStandardScale, parseScaleSizes } from '../../scripts/bench/scale-report';
import { SCALE_SIZES } from '../../scripts/bench/scale';

describe('parseScaleSizes', () => {
  it('reads agents x entries, smallest first, with underscores and spaces, with three activities per entry', () => {
    expect(parseScaleSizes('100x10000, 1_000X100_000')).toEqual([
      { agents: 100, entries: 10_000, months: 24, activities: 30_000 },
      { agents: 1_000, entries: 100_000, months: 24, activities: 300_000 },
    ]);
  });

  it('refuses one size, a missing part, zero and other text', () => {
    for (const text of ['100x10000', '100x10000,1000', '0x10,10x10', '100x10000,abc', '1.5x10,2x20', '']) {
      expect(() => parseScaleSizes(text), text).toThrow(ConfigError);
    }
  });

  it('knows the table own sizes from others', () => {
    expect(isStandardScale(SCALE_SIZES)).toBe(true);
    expect(isStandardScale(parseScaleSizes('1000x100000,10000x1000000,100000x10000000'))).toBe(true);
    expect(isStandardScale(parseScaleSizes('1000x100000,10000x1000000'))).toBe(false);
  });
});

describe('flatness', () => {
  it('compares the largest size with the smallest, whatever lies between', () => {
    expect(flatness([2, 9, 3])).toEqual({ ratio: 1.5, flat: true });
    expect(flatness([2, 1, 2 * FLAT_FACTOR])).toEqual({ ratio: FLAT_FACTOR, flat: true });
    expect(flatness([2, 2, 2 * FLAT_FACTOR + 0.01]).flat).toBe(false);
    expect(flatness([4, 2]).ratio).toBe(0.5);
  });

  it('needs two medians', () => {
    expect(() => flatness([3])).toThrow();
  });
});
