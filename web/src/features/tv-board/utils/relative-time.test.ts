import { afterEach, describe, expect, it } from 'vitest';
import { followWantedLanguage } from '../../../lib/i18n/language';
import { applyOrgSettings } from '../../../lib/org-settings';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-11-24T15:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago, in the largest whole unit under a week', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000 + 5), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(6 * 24 * 3_600_000), now)).toBe('6 days ago');
  });

  it('gives the date from a week on, and "just now" for a time ahead of the clock', () => {
    expect(formatRelativeTime('2026-11-10T12:00:00Z', now)).toBe('Nov 10');
    expect(formatRelativeTime(ago(-5 * 60_000), now)).toBe('just now');
  });

  it('speaks the organisation\'s locale', async () => {
    // The page follows the organisation's language once its catalogs have loaded (web/src/lib/i18n/language.ts).
    applyOrgSettings({ orgName: 'Acme', currency: 'EUR', locale: 'de-DE' });
    await followWantedLanguage();
    expect(formatRelativeTime(ago(2 * 60_000), now)).toBe('vor 2 Minuten');
    expect(formatRelativeTime(ago(20_000), now)).toBe('gerade eben');
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('gestern');
  });
});

afterEach(async () => {
  applyOrgSettings({ orgName: 'TierTrack', currency: 'USD', locale: 'en-US' });
  await followWantedLanguage();
});
