import { z } from 'zod';
import { idField, storableText } from './fields';
import { entryAmountInput, moneyString } from './money';

export const DESCRIPTION_MAX = 500;
/** An entry's id in the system it came from (a CRM's deal id): unique among entries. */
export const EXTERNAL_ID_MAX = 100;
/** The header that makes a write safe to retry: the same key within IDEMPOTENCY_KEY_HOURS answers the first answer again. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX = 255;
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
  externalId: storableText(
    z
      .string({ error: 'externalId must be text' })
      .trim()
      .min(1, 'externalId must not be empty')
      .max(EXTERNAL_ID_MAX, `externalId must be at most ${EXTERNAL_ID_MAX} characters`),
    'externalId',
  ).optional(),
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

/** The answer to POST /api/income-entries: the entry, with its external id. */
export const createdIncomeEntry = incomeEntry.extend({ externalId: z.string().nullable() });
export type CreatedIncomeEntry = z.infer<typeof createdIncomeEntry>;
