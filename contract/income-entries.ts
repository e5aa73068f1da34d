import { z } from 'zod';
import { idField, storableText } from './fields';
import { entryAmountInput, moneyString } from './money';

export const DESCRIPTION_MAX = 500;
/** Entries may be back-dated (corrections); a date this far in the future is a mistake. */
export const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;

/** POST /api/income-entries (owner only; docs/product.md §8.1). */
export const createIncomeEntryInput = z.object({
  agentId: idField('Please select an agent'),
  amount: entryAmountInput,
  date: z.iso
    .datetime({ offset: true, error: 'Date must be an ISO timestamp such as 2026-11-22T10:00:00Z' })
    .optional(),
  description: storableText(
    z
      .string({ error: 'Description must be text' })
      .trim()
      .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
    'Description',
  ).nullish(),
});
export type CreateIncomeEntryInput = z.input<typeof createIncomeEntryInput>;

export const transactionTypes = ['addition', 'deduction'] as const;

/** An entry as read back (response of POST /api/income-entries, and the dashboard's recent entries). */
export const incomeEntry = z.object({
  id: z.number(),
  agentId: z.number(),
  agentName: z.string(),
  amount: moneyString,
  transactionType: z.enum(transactionTypes),
  description: z.string().nullable(),
  newTotal: moneyString,
  date: z.string(),
  createdAt: z.string(),
});
export type IncomeEntry = z.infer<typeof incomeEntry>;
