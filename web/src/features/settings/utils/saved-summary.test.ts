import { describe, expect, it, vi } from 'vitest';
import { savedSummary } from './saved-summary';

describe('savedSummary', () => {
  const sample = () => ({ money: '1.234,50 €', date: '28.11.2026' });

  it('says only what changed: the second factor alone says nothing of money', () => {
    const reads = vi.fn(sample);
    expect(savedSummary({ requireManagerTwoFactor: true }, reads)).toBe('Managers now need a second factor to sign in.');
    expect(savedSummary({ requireManagerTwoFactor: false }, reads)).toBe('Managers no longer need a second factor to sign in.');
    expect(reads).not.toHaveBeenCalled();
  });

  it('says whether managers now record or watch', () => {
    const reads = vi.fn(sample);
    expect(savedSummary({ managersRecord: true }, reads)).toBe('Managers may now record entries, voids and claims for their teams.');
    expect(savedSummary({ managersRecord: false }, reads)).toBe('Managers now watch only: they no longer record entries, voids or claims.');
    expect(reads).not.toHaveBeenCalled();
  });

  it('shows money and dates as they read now when the currency or the locale changed, and names a new name', () => {
    expect(savedSummary({ currency: 'EUR' }, sample)).toBe('Money now reads 1.234,50 €, dates 28.11.2026.');
    expect(savedSummary({ locale: 'de-DE' }, sample)).toBe('Money now reads 1.234,50 €, dates 28.11.2026.');
    expect(savedSummary({ orgName: 'Acme Vertrieb', currency: 'EUR', locale: 'de-DE', requireManagerTwoFactor: true }, sample)).toBe(
      'The organisation is now called Acme Vertrieb. Money now reads 1.234,50 €, dates 28.11.2026. Managers now need a second factor to sign in.',
    );
  });
});
