import { afterEach, describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatCents,
  formatCompactCurrency,
  formatCount,
  formatCurrency,
  formatCurrency2,
  formatCalendarDay,
  formatGrowth,
  formatDate,
  formatPreciseCurrency,
  formatSignedCurrency,
  formatThreshold,
} from './format';
import { applyOrgSettings, getOrgSettings, subscribeOrgSettings } from './org-settings';
import { followWantedLanguage } from './i18n/language';

const NBSP = '\u00a0';
const day = new Date(2026, 10, 22, 15, 4);

afterEach(async () => {
  applyOrgSettings({ orgName: 'TierTrack', currency: 'USD', locale: 'en-US' });
  await followWantedLanguage();
});

describe('format, by default (US dollars, en-US)', () => {
  it('writes money and dates as before the settings existed', () => {
    expect(getOrgSettings()).toEqual({ orgName: 'TierTrack', currency: 'USD', locale: 'en-US' });
    expect(formatCurrency('12345.67')).toBe('$12,346');
    expect(formatCurrency2('12345.6')).toBe('$12,345.60');
    expect(formatCents(123456n)).toBe('$1,234.56');
    // Exact, from the decimal string: no float rounds 10.005 down to 10.00.
    expect(formatPreciseCurrency('10.005')).toBe('$10.005');
    expect(formatPreciseCurrency('1187.50')).toBe('$1,187.50');
    expect(formatPreciseCurrency('0.000005')).toBe('$0.000005');
    expect(formatThreshold('10000.00')).toBe('$10,000');
    expect(formatThreshold('10000.50')).toBe('$10,000.50');
    expect(formatSignedCurrency('1200')).toBe('+$1,200.00');
    expect(formatSignedCurrency('-300.00')).toBe('-$300.00');
    expect(formatCompactCurrency(1200)).toBe('$1.2K');
    expect(formatCount(1234)).toBe('1,234');
    expect(currencySymbol()).toBe('$');
    expect(formatDate(day)).toBe('Nov 22, 2026');
  });

  it('writes a calendar day with its weekday, the same day in every time zone', () => {
    expect(formatCalendarDay('2026-12-25')).toBe('Fri, Dec 25, 2026');
    expect(formatCalendarDay('2027-01-01')).toBe('Fri, Jan 1, 2027');
    expect(formatCalendarDay('not a day')).toBe('not a day');
  });
});

describe('format, with the organisation in euros', () => {
  it('follows EUR and de-DE (a German organisation reads German) after the settings change, exactly for large amounts', async () => {
    let heard = 0;
    const stop = subscribeOrgSettings(() => heard++);
    applyOrgSettings({ orgName: 'Acme', currency: 'EUR', locale: 'de-DE' });
    await followWantedLanguage();
    stop();
    expect(heard).toBe(1);
    expect(formatCurrency('12345.67')).toBe(`12.346${NBSP}€`);
    expect(formatCurrency2('12345.6')).toBe(`12.345,60${NBSP}€`);
    expect(formatCents(99999999999999n)).toBe(`999.999.999.999,99${NBSP}€`);
    expect(formatThreshold('10000.00')).toBe(`10.000${NBSP}€`);
    expect(formatSignedCurrency('1200')).toBe(`+1.200,00${NBSP}€`);
    expect(formatSignedCurrency('-300.00')).toBe(`-300,00${NBSP}€`);
    expect(formatCount(1234)).toBe('1.234');
    expect(currencySymbol()).toBe('€');
    expect(formatDate(day)).toBe('22. Nov. 2026');
    expect(formatCalendarDay('2026-12-25')).toBe('Fr., 25. Dez. 2026');
    expect(formatGrowth('1473.9')).toBe(`+1.473,9${NBSP}%`);
    expect(formatGrowth('-3.0')).toBe(`-3,0${NBSP}%`);
  });

  it('signs growth in percent with one decimal, exactly', () => {
    expect(formatGrowth('12.5')).toBe('+12.5%');
    expect(formatGrowth('-3.0')).toBe('-3.0%');
    expect(formatGrowth('0.0')).toBe('0.0%');
    expect(formatGrowth('1473.9')).toBe('+1,473.9%');
  });

  it('writes euros the Irish way with en-IE, and the yen without decimals', () => {
    applyOrgSettings({ orgName: 'Acme', currency: 'EUR', locale: 'en-IE' });
    expect(formatCurrency2('1234.5')).toBe('€1,234.50');
    expect(formatDate(day)).toBe('22 Nov 2026');
    // Japanese is not one of the app's languages: an English reader, with the organisation's region.
    applyOrgSettings({ orgName: 'Acme', currency: 'JPY', locale: 'ja-JP' });
    expect(formatCurrency2('1234')).toBe('¥1,234');
  });

  it('ignores what does not carry the three settings', () => {
    applyOrgSettings({ currency: 'EUR' });
    applyOrgSettings(null);
    expect(getOrgSettings().currency).toBe('USD');
  });
});
