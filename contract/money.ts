import { z } from 'zod';
import { centsToMoneyString, MAX_ENTRY_CENTS, parseMoneyToCents } from './cents';
import { render, text, zodText } from './i18n';
import { messages } from './messages';

export { centsToMoneyString, MAX_ENTRY_CENTS, parseMoneyToCents } from './cents';

/** A money amount as sent on the wire: always a string with exactly two decimals. */
export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/, 'Money must be a string with two decimals');

/** An income entry amount as accepted from a client: string or number, two decimals at most, not zero. */
export const entryAmountInput = z
  .union([z.string(), z.number()], zodText(text(messages, 'amountRequired')))
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: render(text(messages, 'amountRequired')) });
      return z.NEVER;
    }
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: render(text(messages, 'amountTwoDecimals')) });
      return z.NEVER;
    }
    if (cents === 0n) {
      ctx.addIssue({ code: 'custom', message: render(text(messages, 'amountNotZero')) });
      return z.NEVER;
    }
    const abs = cents < 0n ? -cents : cents;
    if (abs > MAX_ENTRY_CENTS) {
      ctx.addIssue({ code: 'custom', message: render(text(messages, 'amountAtMost')) });
      return z.NEVER;
    }
    return centsToMoneyString(cents);
  });

/** A tier threshold as accepted from a client: positive, two decimals at most. */
export const thresholdInput = z
  .union([z.string(), z.number()], zodText(text(messages, 'thresholdRequired')))
  .transform((value, ctx) => {
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: render(text(messages, 'thresholdTwoDecimals')) });
      return z.NEVER;
    }
    if (cents <= 0n) {
      ctx.addIssue({ code: 'custom', message: render(text(messages, 'thresholdPositive')) });
      return z.NEVER;
    }
    if (cents > MAX_ENTRY_CENTS) {
      ctx.addIssue({ code: 'custom', message: render(text(messages, 'thresholdAtMost')) });
      return z.NEVER;
    }
    return centsToMoneyString(cents);
  });
