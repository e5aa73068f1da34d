import { z } from 'zod';
import { calendarDay, fromNotAfterTo, idField, queryInteger, requiredText, storableText } from './fields';
import { text, zodText } from './i18n';
import { ENTRY_PAGE_SIZE, ENTRY_PAGE_SIZE_MAX, PAGE_OFFSET_MAX, VOID_REASON_MAX } from './limits';
import { messages } from './messages';
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

/** An entry's or an activity's id in the system it came from. */
export const externalIdField = storableText(
  z
    .string(zodText(text(messages, 'mustBeTextNamed', { field: 'externalId' })))
    .trim()
    .min(1, zodText(text(messages, 'mustNotBeEmpty', { field: 'externalId' })))
    .max(EXTERNAL_ID_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'externalId', max: EXTERNAL_ID_MAX }))),
  'externalId',
);

/** POST /api/income-entries (owner only; docs/product.md §8.1). */
export const createIncomeEntryInput = z.object({
  agentId: idField(text(messages, 'selectAgent')),
  amount: entryAmountInput,
  date: z.iso
    .datetime({ offset: true, ...zodText(text(messages, 'dateIsoTimestamp')) })
    .optional(),
  /**
   * Or the deal's day in the organisation's time zone, as a person picks it (the Add Income Entry form): today counts
   * as now, an earlier day at its noon. Not with `date`.
   */
  day: calendarDay('day').optional(),
  description: storableText(
    z
      .string(zodText(text(messages, 'mustBeTextNamed', { field: text(messages, 'descriptionLabel') })))
      .trim()
      .max(DESCRIPTION_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: text(messages, 'descriptionLabel'), max: DESCRIPTION_MAX }))),
    text(messages, 'descriptionLabel'),
  ).nullish(),
  externalId: externalIdField.optional(),
}).refine((input) => input.date === undefined || input.day === undefined, { ...zodText(text(messages, 'dateOrDay')), path: ['day'] });
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
  /** On a reversal: the entry it voids (docs/product.md §12.11). */
  voidsEntryId: z.number().nullable(),
  /** On a voided entry: when (ISO), by whom and why; null otherwise. */
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type IncomeEntry = z.infer<typeof incomeEntry>;

/** An entry with its external id: the answer to POST /api/income-entries, and a row of GET /api/income-entries. */
export const createdIncomeEntry = incomeEntry.extend({ externalId: z.string().nullable() });
export type CreatedIncomeEntry = z.infer<typeof createdIncomeEntry>;

/**
 * How a list writes an entry's two dates (docs/decisions/0085-entry-dates-in-lists.md), worked out by the server in
 * the organisation's time zone: `dealDay` is the local day of `date` (the day the deal was made), `recordedDay` that of
 * `createdAt`; `dealHasTime` says whether `date`'s time of day means something: true only for an entry recorded on its
 * deal day whose date is not a bare day (a CSV day cell starts at midnight). A back-dated entry shows its day alone.
 */
export const entryDateFields = {
  dealDay: z.string(),
  recordedDay: z.string(),
  dealHasTime: z.boolean(),
};
export type EntryDates = { dealDay: string; recordedDay: string; dealHasTime: boolean };

/**
 * The total a deal-date list shows beside an entry: the agent's total after it in deal-date order (by `date`, then
 * `id`), every entry counted as the list shows it (a voided entry, then its reversal). Not `newTotal`, which is the
 * total just after the entry was recorded (recorded order).
 */
export const runningTotalField = { runningTotal: moneyString };

/** A row of GET /api/income-entries: newest deal first, with its running total in that order. */
export const listedIncomeEntry = createdIncomeEntry.extend({ ...entryDateFields, ...runningTotalField });
export type ListedIncomeEntry = z.infer<typeof listedIncomeEntry>;
/** A row of a list by recorded time (the overview's Recent Transactions): `newTotal` is its running total. */
export const recordedIncomeEntry = incomeEntry.extend(entryDateFields);
export type RecordedIncomeEntry = z.infer<typeof recordedIncomeEntry>;

// VOID_REASON_MAX is kept in limits.ts (no zod there): the void form shows it and loads the schema only when used.
export { ENTRY_PAGE_SIZE, ENTRY_PAGE_SIZE_MAX, VOID_REASON_MAX } from './limits';

/**
 * POST /api/income-entries/{id}/void (owner, or a token with entries:write; docs/product.md §12.11): writes a
 * reversal of the entry and marks it voided. A reversal, or an entry already voided, cannot be voided (409).
 */
export const voidIncomeEntryInput = z.strictObject({
  reason: requiredText(text(messages, 'voidNeedsReason'), VOID_REASON_MAX, 'reason'),
});
export type VoidIncomeEntryInput = z.input<typeof voidIncomeEntryInput>;

/** The answer to a void: the entry as now voided, its reversal, the tiers the agent no longer reaches and those it now does. */
export const voidedIncomeEntry = z.object({
  entry: createdIncomeEntry,
  reversal: createdIncomeEntry,
  tiersTakenBack: z.array(z.object({ tierId: z.number(), tierName: z.string() })),
  /** Tiers reached because a voided deduction no longer counts. */
  tiersReached: z.array(z.object({ tierId: z.number(), tierName: z.string() })),
});
export type VoidedIncomeEntry = z.infer<typeof voidedIncomeEntry>;

/**
 * The query of GET /api/income-entries (owner, manager, `read` token): a page of entries, newest deal first (by date, then id),
 * of one agent or all, between two days (inclusive, in the organisation's time zone). Other parameters are ignored.
 */
const entryFilter = {
  agentId: idField(text(messages, 'mustBeAgentId', { field: 'agentId' })).optional(),
  from: calendarDay('from').optional(),
  to: calendarDay('to').optional(),
};

export const incomeEntryListQuery = z
  .object({
    ...entryFilter,
    offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
    limit: queryInteger('limit', 1, ENTRY_PAGE_SIZE_MAX, ENTRY_PAGE_SIZE),
  })
  .refine(...fromNotAfterTo);
export type IncomeEntryListQuery = z.output<typeof incomeEntryListQuery>;
export type IncomeEntryListParams = z.input<typeof incomeEntryListQuery>;

/** A page of entries; `nextOffset` is where the next page starts, null on the last one. */
export const incomeEntryPage = z.object({
  entries: z.array(listedIncomeEntry),
  offset: z.number(),
  limit: z.number(),
  nextOffset: z.number().nullable(),
});
export type IncomeEntryPage = z.infer<typeof incomeEntryPage>;

/** The query of GET /api/exports/income-entries.csv: every entry of one agent or all, between two days (inclusive). */
export const incomeEntryExportQuery = z.object(entryFilter).refine(...fromNotAfterTo);
export type IncomeEntryExportQuery = z.output<typeof incomeEntryExportQuery>;
