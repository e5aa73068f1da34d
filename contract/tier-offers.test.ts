import { describe, expect, it } from 'vitest';
import { countRewardsWaiting, isComingSoonText, isRewardWaiting, lineNamesOption, rewardLines, unmatchedRewardLines } from './tier-offers';

describe('rewardLines', () => {
  it('splits on newlines and drops blank lines and surrounding spaces', () => {
    expect(rewardLines('A\r\nB\n\n  C  ')).toEqual(['A', 'B', 'C']);
    expect(rewardLines('')).toEqual([]);
  });
});

describe('isComingSoonText', () => {
  it('is true for an empty text and for Coming Soon in any case, false once a reward is described', () => {
    expect(isComingSoonText('')).toBe(true);
    expect(isComingSoonText('  \n ')).toBe(true);
    expect(isComingSoonText(' coming soon \n')).toBe(true);
    expect(isComingSoonText('Coming Soon\nA watch')).toBe(false);
    expect(isComingSoonText('iPad')).toBe(false);
  });
});

describe('lineNamesOption', () => {
  it('matches the title itself, ignoring case and runs of spaces', () => {
    expect(lineNamesOption('swag   PACK', 'Swag Pack')).toBe(true);
  });

  it('matches a line that begins with the title and goes on after a separator', () => {
    expect(lineNamesOption('Cash Bonus: $500 on your next payout', 'Cash Bonus')).toBe(true);
    expect(lineNamesOption('Cash Bonus of $500', 'Cash Bonus')).toBe(true);
    expect(lineNamesOption('iPad (64 GB)', 'iPad')).toBe(true);
  });

  it('does not match a title that is only the start of a longer word, or another reward', () => {
    expect(lineNamesOption('iPads for the team', 'iPad')).toBe(false);
    expect(lineNamesOption('Weekend getaway voucher', 'Cash Bonus')).toBe(false);
    expect(lineNamesOption('Company swag pack', 'Swag Pack')).toBe(false);
    expect(lineNamesOption('Anything', '   ')).toBe(false);
  });
});

describe('unmatchedRewardLines', () => {
  it('lists the lines that name no option, in order', () => {
    expect(unmatchedRewardLines('Weekend getaway voucher\nCash Bonus: $500\n\nTeam dinner', [{ title: 'Cash Bonus' }])).toEqual([
      'Weekend getaway voucher',
      'Team dinner',
    ]);
  });

  it('flags nothing in a Coming Soon text, and every line when there is no option', () => {
    expect(unmatchedRewardLines('Coming Soon', [])).toEqual([]);
    expect(unmatchedRewardLines('A\nB', [])).toEqual(['A', 'B']);
  });
});

describe('isRewardWaiting and countRewardsWaiting', () => {
  it('wait only for a tier reached, not claimed, with an active option', () => {
    expect(isRewardWaiting({ reached: true, claimed: false, activeOptionCount: 1 })).toBe(true);
    expect(isRewardWaiting({ reached: true, claimed: false, activeOptionCount: 0 })).toBe(false);
    expect(isRewardWaiting({ reached: true, claimed: true, activeOptionCount: 2 })).toBe(false);
    expect(isRewardWaiting({ reached: false, claimed: false, activeOptionCount: 2 })).toBe(false);
  });

  it('counts the tiers whose reward waits', () => {
    expect(
      countRewardsWaiting([
        { reached: true, claimed: false, activeOptionCount: 1 },
        { reached: true, claimed: false, activeOptionCount: 0 },
        { reached: true, claimed: true, activeOptionCount: 1 },
        { reached: true, claimed: false, activeOptionCount: 3 },
      ]),
    ).toBe(2);
  });
});
