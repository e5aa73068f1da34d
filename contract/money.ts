import { z } from 'zod';
import { centsToMoneyString, MAX_ENTRY_CENTS, parseMoneyToCents } from './cents';

export { centsToMoneyString, MAX_ENTRY_CENTS, parseMoneyToCents } from './cents';

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
