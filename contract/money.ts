import { z } from 'zod';

/** Largest absolute amount one income entry may carry (numeric(14,2) leaves room for sums). */
export const MAX_ENTRY_CENTS = 99_999_999_999_999n;

const MONEY_PATTERN = /^-?\d+(\.\d{1,2})?$/;

/**
 * Parses a decimal string or number with at most two decimals into integer cents.
 * Returns null for anything else; never goes through floating-point arithmetic for strings.
 */
export function parseMoneyToCents(value: string | number): bigint | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === null || !MONEY_PATTERN.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  // toString gives the shortest round-trip form; exponent notation means too large or too many decimals.
  const text = value.toString();
  return /e/i.test(text) ? null : text;
}

/** Formats integer cents as the wire form: a string with exactly two decimals ("-1234.50"). */
export function centsToMoneyString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A money amount as sent on the wire: always a string with exactly two decimals. */
export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/, 'Money must be a string with two decimals');

/** An income entry amount as accepted from a client: string or number, two decimals at most, not zero. */
export const entryAmountInput = z
  .union([z.string(), z.number()], { error: 'Amount is required' })
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Amount is required' });
      return z.NEVER;
    }
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be a number with at most two decimals' });
      return z.NEVER;
    }
    if (cents === 0n) {
      ctx.addIssue({ code: 'custom', message: 'Amount cannot be zero' });
      return z.NEVER;
    }
    const abs = cents < 0n ? -cents : cents;
    if (abs > MAX_ENTRY_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be at most 999,999,999,999.99 in absolute value' });
      return z.NEVER;
    }
    return centsToMoneyString(cents);
  });

/** A tier threshold as accepted from a client: positive, two decimals at most. */
export const thresholdInput = z
  .union([z.string(), z.number()], { error: 'Threshold is required' })
  .transform((value, ctx) => {
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Threshold must be a number with at most two decimals' });
      return z.NEVER;
    }
    if (cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'Threshold must be greater than zero' });
      return z.NEVER;
    }
    if (cents > MAX_ENTRY_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Threshold must be at most 999,999,999,999.99' });
      return z.NEVER;
    }
    return centsToMoneyString(cents);
  });
