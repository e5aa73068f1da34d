import { describe, expect, it } from 'vitest';
import { barSpan, columns, formatCompact, labelPlacement, labelStride, niceScale, niceStep, showsLabel, textWidth, yOf } from './scale';

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0.7, 1, 1.3, 2, 2.1, 4.9, 5, 5.1, 9, 10].map(niceStep)).toEqual([1, 1, 2, 2, 5, 5, 5, 10, 10, 10]);
    expect([1_300, 45_000, 0.013, 0.3].map(niceStep)).toEqual([2_000, 50_000, 0.02, 0.5]);
  });
});

describe('niceScale', () => {
  it('draws no negative axis for a dip too small to see, and one for a real loss', () => {
    // A $300 deduction week beside $150K weeks: no -$50K tick, the domain just below the dip.
    const small = niceScale([146_931, 40_199, -300, 0], 5);
    expect(small.ticks.every((tick) => tick >= 0)).toBe(true);
    expect(small.min).toBe(-450);
    expect(small.max).toBeGreaterThanOrEqual(146_931);
    // A loss of a third of the best week keeps its ticks below zero.
    expect(niceScale([150_000, -50_000], 5).ticks[0]).toBeLessThan(0);
  });

  it('starts positive values at zero, with round ticks covering the largest', () => {
    expect(niceScale([1_200, 300, 4_100], 6)).toEqual({ min: 0, max: 5_000, step: 1_000, ticks: [0, 1_000, 2_000, 3_000, 4_000, 5_000] });
    // With 5 ticks at most, 1,000 a step would need 6: the next round step.
    expect(niceScale([1_200, 300, 4_100], 5)).toEqual({ min: 0, max: 6_000, step: 2_000, ticks: [0, 2_000, 4_000, 6_000] });
  });

  it('keeps at most maxTicks ticks, taking the next round step when rounding outwards needs more', () => {
    expect(niceScale([4_100], 4).ticks).toEqual([0, 2_000, 4_000, 6_000]);
    expect(niceScale([4_100], 3).ticks).toEqual([0, 5_000]);
    // 0..100 in 2 intervals: 50 a step fits exactly, without a third interval from float error.
    expect(niceScale([100], 3).ticks).toEqual([0, 50, 100]);
    for (const maxTicks of [3, 4, 5, 6, 8]) {
      const { ticks, min } = niceScale([-37, 913, 12], maxTicks);
      expect(ticks.length).toBeLessThanOrEqual(maxTicks);
      // The domain holds every value (a dip too small for a tick of its own still lies inside it).
      expect(min).toBeLessThanOrEqual(-37);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(913);
      expect(ticks).toContain(0);
    }
  });

  it('gives values on both sides of zero three ticks even when asked for two', () => {
    expect(niceScale([-300, 913], 2).ticks).toEqual([-1_000, 0, 1_000]);
  });

  it('holds zero between negative and positive values', () => {
    expect(niceScale([-300, 1_200, 800])).toEqual({ min: -500, max: 1_500, step: 500, ticks: [-500, 0, 500, 1_000, 1_500] });
  });

  it('ends at zero when every value is negative', () => {
    expect(niceScale([-40, -95]).ticks).toEqual([-100, -50, 0]);
  });

  it('gives a single zero tick over 0..1 for no values, only zeros, or values that are not numbers', () => {
    const flat = { min: 0, max: 1, step: 1, ticks: [0] };
    expect(niceScale([])).toEqual(flat);
    expect(niceScale([0, 0, 0])).toEqual(flat);
    expect(niceScale([Number.NaN, Infinity])).toEqual(flat);
  });

  it('writes fractional ticks without float noise, and zero as zero', () => {
    expect(niceScale([0.3, 0.7]).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceScale([1.1], 12).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1]);
    // 0.14 / 0.02 is 7.000000000000001: still 7 intervals, not an 8th that would force a coarser step.
    expect(niceScale([0.14], 8).ticks).toEqual([0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14]);
    expect(Object.is(niceScale([-5, 5]).ticks.find((t) => t === 0), 0)).toBe(true);
  });

  it('ignores values that are not finite next to real ones', () => {
    expect(niceScale([Number.NaN, 40]).ticks).toEqual([0, 10, 20, 30, 40]);
  });

  it('steps by whole numbers at least for counts', () => {
    expect(niceScale([2, 1], 5).ticks).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(niceScale([2, 1], 5, true).ticks).toEqual([0, 1, 2]);
    expect(niceScale([3], 5, true).ticks).toEqual([0, 1, 2, 3]);
    expect(niceScale([-1, 2], 5, true).ticks).toEqual([-1, 0, 1, 2]);
    expect(niceScale([40], 5, true).ticks).toEqual([0, 10, 20, 30, 40]);
  });
});

describe('yOf and barSpan', () => {
  const scale = niceScale([-500, 1_500]); // -500..1,500
  it('maps the domain onto the plot, top for the max, bottom for the min', () => {
    expect(yOf(1_500, scale, 10, 200)).toBe(10);
    expect(yOf(-500, scale, 10, 200)).toBe(210);
    expect(yOf(0, scale, 10, 200)).toBe(160);
  });

  it('draws positive bars up from zero and negative bars down from it, zero as nothing', () => {
    expect(barSpan(1_000, scale, 10, 200)).toEqual({ y: 60, height: 100 });
    expect(barSpan(-250, scale, 10, 200)).toEqual({ y: 160, height: 25 });
    expect(barSpan(0, scale, 10, 200)).toEqual({ y: 160, height: 0 });
  });

  it('puts the baseline at the bottom when everything is zero', () => {
    expect(barSpan(0, niceScale([0, 0]), 8, 150)).toEqual({ y: 158, height: 0 });
  });
});

describe('columns', () => {
  it('splits the width evenly and centres each bar in its column', () => {
    expect(columns(4, 40, 400)).toEqual([
      { x: 40, width: 100, barX: 66, barWidth: 48, center: 90 },
      { x: 140, width: 100, barX: 166, barWidth: 48, center: 190 },
      { x: 240, width: 100, barX: 266, barWidth: 48, center: 290 },
      { x: 340, width: 100, barX: 366, barWidth: 48, center: 390 },
    ]);
  });

  it('makes bars 70% of a narrow column, and never thinner than a pixel', () => {
    const [first] = columns(10, 0, 300);
    expect(first!.width).toBe(30);
    expect(first!.barWidth).toBeCloseTo(21, 9);
    expect(first!.barX).toBeCloseTo(4.5, 9);
    expect(columns(500, 0, 300)[0]!.barWidth).toBe(1);
  });

  it('has nothing to lay out without points or width', () => {
    expect(columns(0, 0, 300)).toEqual([]);
    expect(columns(3, 0, 0)).toEqual([]);
  });
});

describe('x labels', () => {
  const centersOf = (count: number, width: number) => columns(count, 0, width).map((column) => column.center);
  const stride = (count: number, width: number, labelWidth: number) =>
    labelStride(centersOf(count, width), Array<number>(count).fill(labelWidth), width);

  it('shows every label when each has room, every n-th when crowded', () => {
    expect(stride(12, 600, 40)).toBe(1); // 50 px a column: 10 px between labels
    expect(stride(12, 560, 40)).toBe(2); // 46.7 px a column: 6.7 px between labels is too tight
    expect(stride(52, 300, 22)).toBe(7); // 5.8 px a column: 6 would do mid-chart (30 / 5.8 = 5.2), not by the last label
    expect(stride(52, 1200, 22)).toBe(2);
    expect(stride(1, 300, 400)).toBe(1);
    expect(labelStride([], [], 300)).toBe(1);
  });

  it('leaves room for the last label, pushed inwards from the right edge', () => {
    // Every 2nd label would fit mid-chart (50 px apart for 48), but the last, moved 7.5 px left to stay inside,
    // would come within 2.5 px of the one before.
    expect(stride(12, 300, 40)).toBe(3);
  });

  it('never lets shown labels overlap, and shows as many as fit', () => {
    const extents = (centers: number[], widths: number[], width: number, every: number) =>
      centers.flatMap((center, i) => {
        if (!showsLabel(i, centers.length, every)) return [];
        const { x, anchor } = labelPlacement(center, widths[i]!, width);
        const start = anchor === 'start' ? x : anchor === 'end' ? x - widths[i]! : x - widths[i]! / 2;
        return [[start, start + widths[i]!] as const];
      });
    const apart = (spans: (readonly [number, number])[]) => spans.every((span, i) => i === 0 || span[0] >= spans[i - 1]![1] + 8);
    for (const [count, width] of [[12, 300], [52, 300], [52, 1200], [7, 280], [31, 335], [24, 343]] as const) {
      const centers = centersOf(count, width);
      const widths = centers.map((_, i) => 20 + ((i * 7) % 4) * 8); // labels of different lengths
      const every = labelStride(centers, widths, width);
      expect(apart(extents(centers, widths, width, every))).toBe(true);
      if (every > 1) expect(apart(extents(centers, widths, width, every - 1))).toBe(false);
    }
  });

  it('counts from the last point, so the most recent always has its label', () => {
    const shown = Array.from({ length: 10 }, (_, i) => i).filter((i) => showsLabel(i, 10, 3));
    expect(shown).toEqual([0, 3, 6, 9]);
    expect(Array.from({ length: 8 }, (_, i) => i).filter((i) => showsLabel(i, 8, 3))).toEqual([1, 4, 7]);
  });

  it('keeps labels at the edges inside the chart', () => {
    expect(labelPlacement(10, 40, 300)).toEqual({ x: 0, anchor: 'start' });
    expect(labelPlacement(295, 40, 300)).toEqual({ x: 300, anchor: 'end' });
    expect(labelPlacement(150, 40, 300)).toEqual({ x: 150, anchor: 'middle' });
  });
});

describe('textWidth', () => {
  it('estimates wide capitals wider than digits, and punctuation narrower', () => {
    expect(textWidth('W43')).toBeCloseTo((0.95 + 0.64 + 0.64) * 12, 9);
    expect(textWidth('$1.2K')).toBeCloseTo((0.64 + 0.64 + 0.4 + 0.64 + 0.72) * 12, 9);
    expect(textWidth('Sep 21', 10)).toBeCloseTo((0.72 + 0.64 + 0.64 + 0.4 + 0.64 + 0.64) * 10, 9);
    expect(textWidth('')).toBe(0);
  });
});

describe('formatCompact', () => {
  it('writes axis ticks short', () => {
    expect([0, 950, 1_200, 15_000, -300, 3_000_000, 2_500_000_000].map(formatCompact)).toEqual(['0', '950', '1.2K', '15K', '-300', '3M', '2.5B']);
  });
});
