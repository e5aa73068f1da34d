import { describe, expect, it } from 'vitest';
import { countdownText } from './countdown';

const endsAt = '2026-11-27T00:00:00.000Z';
const before = (ms: number) => Date.parse(endsAt) - ms;

describe('countdownText', () => {
  it('counts down in days, hours, minutes and seconds', () => {
    expect(countdownText(endsAt, before(2 * 86_400_000 + 4 * 3_600_000 + 12 * 60_000 + 9_000))).toBe('2d 04:12:09');
    expect(countdownText(endsAt, before(86_400_000))).toBe('1d 00:00:00');
    expect(countdownText(endsAt, before(86_399_000))).toBe('23:59:59');
    expect(countdownText(endsAt, before(1_500))).toBe('00:00:01');
  });

  it('says the contest ended once its end has passed, and for an end it cannot read', () => {
    expect(countdownText(endsAt, before(0))).toBe('Ended');
    expect(countdownText(endsAt, before(-60_000))).toBe('Ended');
    expect(countdownText('not a time', before(60_000))).toBe('Ended');
  });
});
