import { describe, expect, it } from 'vitest';
import { contestStateOf, contestWindow, finalAtOf, nextWindow, prizeWinners, rankContest } from './contests';

const figures = (...values: number[]) => values.map((value, i) => ({ id: i + 1, value: BigInt(value) }));

describe('rankContest', () => {
  it('shares a rank between equal figures and skips the places they take', () => {
    expect(rankContest(figures(900, 500, 500, 100, 0, 0), null).map((row) => [row.figure.id, row.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 4],
      [5, 5],
      [6, 5],
    ]);
  });

  it('puts a race’s winner first whatever its figure now, the others from second', () => {
    expect(rankContest(figures(1200, 1100, 300, 300), 2).map((row) => [row.figure.id, row.rank])).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
      [4, 3],
    ]);
  });

  it('ignores a winner who no longer takes part (made inactive)', () => {
    expect(rankContest(figures(500, 400), 9).map((row) => row.rank)).toEqual([1, 2]);
  });
});

describe('prizeWinners', () => {
  it('gives each place to the figures above zero ranked there, ties sharing and the next place left empty', () => {
    const ranked = rankContest(figures(800, 800, 300, 0), null);
    const winners = prizeWinners(ranked, [1, 2, 3, 4], { format: 'total', winnerId: null });
    expect([...winners].map(([place, rows]) => [place, rows.map((row) => row.id)])).toEqual([
      [1, [1, 2]],
      [3, [3]],
    ]);
  });

  it('awards nothing in a race nobody won', () => {
    expect(prizeWinners(rankContest(figures(800), null), [1], { format: 'race', winnerId: null }).size).toBe(0);
  });
});

describe('nextWindow', () => {
  it('moves a weekly window by seven days, across a month and a year', () => {
    expect(nextWindow('2026-12-28', '2027-01-03', 'weekly')).toEqual({ startsOn: '2027-01-04', endsOn: '2027-01-10' });
  });

  it('follows a whole month with the whole next month, and clamps days a month lacks', () => {
    expect(nextWindow('2027-01-01', '2027-01-31', 'monthly')).toEqual({ startsOn: '2027-02-01', endsOn: '2027-02-28' });
    expect(nextWindow('2027-02-01', '2027-02-28', 'monthly')).toEqual({ startsOn: '2027-03-01', endsOn: '2027-03-31' });
    expect(nextWindow('2028-01-10', '2028-01-30', 'monthly')).toEqual({ startsOn: '2028-02-10', endsOn: '2028-02-29' });
    expect(nextWindow('2026-12-15', '2027-01-14', 'monthly')).toEqual({ startsOn: '2027-01-15', endsOn: '2027-02-14' });
  });
});

describe('the window and the final', () => {
  it('runs from local midnight of the first day to local midnight after the last, and freezes the grace after', () => {
    const contest = { startsOn: '2026-03-27', endsOn: '2026-03-29' };
    // Europe/Berlin moves to summer time on 29 March 2026: the window's end is 22:00 UTC, not 23:00.
    expect(contestWindow(contest, 'Europe/Berlin')).toEqual({ from: new Date('2026-03-26T23:00:00Z'), to: new Date('2026-03-29T22:00:00Z') });
    expect(finalAtOf(contest, 'Europe/Berlin', 24)).toEqual(new Date('2026-03-30T22:00:00Z'));
    expect(finalAtOf(contest, 'UTC', 0)).toEqual(new Date('2026-03-30T00:00:00Z'));
  });

  it('is ended from the day after its window until final', () => {
    const moments = { startsOn: '2026-11-16', endsOn: '2026-11-22', publishedAt: new Date('2026-11-10'), cancelledAt: null, finalisedAt: null };
    expect(contestStateOf(moments, '2026-11-22')).toBe('running');
    expect(contestStateOf(moments, '2026-11-23')).toBe('ended');
    expect(contestStateOf({ ...moments, finalisedAt: new Date('2026-11-24') }, '2026-11-24')).toBe('final');
  });
});
