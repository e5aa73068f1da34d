import { describe, expect, it } from 'vitest';
import { badgeSettingsText, credentialFileName, placesText } from './badge-text';

const names = {
  metricName: (key: string) => ({ calls: 'Calls' })[key],
  tierName: (id: number) => ({ 4: 'Gold' })[id],
};

describe('a badge rule’s settings in words', () => {
  it('says how much of what each kind counts', () => {
    expect(badgeSettingsText('activity_streak', { count: 5, metric: 'calls' }, names)).toBe('5 working days in a row of Calls');
    expect(badgeSettingsText('goal_streak', { count: 3 }, names)).toBe('The agent’s own goal reached 3 periods in a row');
    expect(badgeSettingsText('tier_reached', { tierId: 4 }, names)).toBe('Reaching Gold');
    expect(badgeSettingsText('tier_reached', {}, names)).toBe('Reaching any tier');
    expect(badgeSettingsText('first_entry', {}, names)).toBe('The first sale an agent records');
    expect(badgeSettingsText('record_week', {}, names)).toBe('A week’s profit above every earlier week of the agent’s');
  });

  it('names a podium’s places, three when none is set', () => {
    expect(placesText(1)).toBe('1st');
    expect(placesText(2)).toBe('1st or 2nd');
    expect(badgeSettingsText('contest_podium', { places: 1 })).toBe('1st place in a contest');
    expect(badgeSettingsText('contest_podium', {})).toBe('1st, 2nd or 3rd place in a contest');
  });

  it('falls back to the key or the id while the names are not read', () => {
    expect(badgeSettingsText('activity_streak', { count: 2, metric: 'meetings' })).toBe('2 working days in a row of meetings');
    expect(badgeSettingsText('tier_reached', { tierId: 9 })).toBe('Reaching tier 9');
  });
});

describe('a credential’s file name', () => {
  it('is the badge’s name in letters, digits and dashes, with .jwt', () => {
    expect(credentialFileName('Personal best')).toBe('personal-best.jwt');
    expect(credentialFileName('  Café — 5/5 Days! ')).toBe('cafe-5-5-days.jwt');
    expect(credentialFileName('★★★')).toBe('badge.jwt');
    expect(credentialFileName('a'.repeat(80))).toBe(`${'a'.repeat(60)}.jwt`);
  });
});
