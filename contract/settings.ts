import { z } from 'zod';
import { calendarDay, displayName } from './fields';
import { canonicalLocale, CURRENCY_MESSAGE, isKnownCurrency, LOCALE_MESSAGE, LOCALE_TAG_MAX, ORG_NAME_MAX } from './settings-values';

export * from './settings-values';

const WORKING_DAYS_MESSAGE = 'workingDays must be ISO weekdays: 1 (Monday) to 7 (Sunday)';
const MINUTES_PER_DAY = 24 * 60;
const WORK_START_MESSAGE = 'workStartMinute must be whole minutes after midnight, 0 to 1439 (540 is 09:00)';
const WORK_END_MESSAGE = 'workEndMinute must be whole minutes after midnight, 1 to 1440 (1080 is 18:00; 1440 is midnight at the end of the day)';
/** The working day's end comes after its start (the same day: no night shifts across midnight). */
export const WORK_HOURS_ORDER_MESSAGE = 'The working day must end after it starts';
/** The working hours until the owner sets them: 09:00 to 18:00. */
export const DEFAULT_WORK_START_MINUTE = 540;
export const DEFAULT_WORK_END_MINUTE = 1080;

/** Holidays kept at once: a few years of a country's public holidays. */
export const HOLIDAYS_MAX = 200;

/** The organisation's name, currency and locale: public (the landing page, a TV board) through GET /api/app-info. */
export const orgDisplaySettings = z.object({ orgName: z.string(), currency: z.string(), locale: z.string() });

/** GET /api/settings (everyone signed in) and PATCH /api/settings (owner) answer. */
export const organisationSettings = orgDisplaySettings.extend({
  /** On: every manager signs in with a second factor. */
  requireManagerTwoFactor: z.boolean(),
  /**
   * On: managers record income entries, void them and move reward claims along for the agents of their teams
   * (docs/decisions/0082-managers-who-record.md). Off (the default), managers watch, as the product spec has them.
   */
  managersRecord: z.boolean(),
  /** The ISO weekdays worked (1 Monday ... 7 Sunday), ascending: goals count their pace in working days. */
  workingDays: z.array(z.number().int()),
  /** Local dates (YYYY-MM-DD) not worked although their weekday is, ascending. */
  holidays: z.array(z.string()),
  /**
   * The working hours of a working day in ORG_TIMEZONE, minutes after midnight (start inclusive, end exclusive; 540 and
   * 1080 are 09:00-18:00): push notifications wait outside them (docs/product.md §12.21).
   */
  workStartMinute: z.number().int(),
  workEndMinute: z.number().int(),
  /** When the owner last saved them; null while the defaults apply. */
  updatedAt: z.string().nullable(),
});
export type OrganisationSettings = z.infer<typeof organisationSettings>;

const currencyField = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(isKnownCurrency, CURRENCY_MESSAGE);

const localeField = z
  .string({ error: LOCALE_MESSAGE })
  .trim()
  .max(LOCALE_TAG_MAX, LOCALE_MESSAGE)
  .transform((tag, context) => {
    const canonical = canonicalLocale(tag);
    if (canonical === undefined) {
      context.addIssue({ code: 'custom', message: LOCALE_MESSAGE });
      return z.NEVER;
    }
    return canonical;
  });

/**
 * PATCH /api/settings (owner): any of the fields. Turning requireManagerTwoFactor on asks for the owner's password
 * entered in the last ten minutes, as other sensitive owner actions do.
 */
export const updateOrganisationSettingsInput = z
  .object({
    orgName: displayName('Organisation name is required', ORG_NAME_MAX, 'Organisation name').optional(),
    currency: currencyField.optional(),
    locale: localeField.optional(),
    requireManagerTwoFactor: z.boolean({ error: 'requireManagerTwoFactor must be true or false' }).optional(),
    managersRecord: z.boolean({ error: 'managersRecord must be true or false' }).optional(),
    workingDays: z
      .array(z.number({ error: WORKING_DAYS_MESSAGE }).int(WORKING_DAYS_MESSAGE).min(1, WORKING_DAYS_MESSAGE).max(7, WORKING_DAYS_MESSAGE), { error: WORKING_DAYS_MESSAGE })
      .min(1, 'At least one working day is needed')
      .refine((days) => new Set(days).size === days.length, 'workingDays must not repeat a day')
      .transform((days) => [...days].sort((a, b) => a - b))
      .optional(),
    holidays: z
      .array(calendarDay('holidays'), { error: 'holidays must be a list of dates such as 2026-12-25' })
      .max(HOLIDAYS_MAX, `At most ${HOLIDAYS_MAX} holidays`)
      .refine((days) => new Set(days).size === days.length, 'holidays must not repeat a date')
      .transform((days) => [...days].sort())
      .optional(),
    workStartMinute: z
      .number({ error: WORK_START_MESSAGE })
      .int(WORK_START_MESSAGE)
      .min(0, WORK_START_MESSAGE)
      .max(MINUTES_PER_DAY - 1, WORK_START_MESSAGE)
      .optional(),
    workEndMinute: z.number({ error: WORK_END_MESSAGE }).int(WORK_END_MESSAGE).min(1, WORK_END_MESSAGE).max(MINUTES_PER_DAY, WORK_END_MESSAGE).optional(),
  })
  .strict()
  .refine((input) => Object.keys(input).length > 0, {
    message: 'Nothing to change: send orgName, currency, locale, requireManagerTwoFactor, managersRecord, workingDays, holidays, workStartMinute or workEndMinute',
  })
  .refine((input) => input.workStartMinute === undefined || input.workEndMinute === undefined || input.workStartMinute < input.workEndMinute, {
    message: WORK_HOURS_ORDER_MESSAGE,
    path: ['workEndMinute'],
  });

/** A manager's entry, void or claim step while the owner has not allowed managers to record (403). */
export const MANAGERS_DO_NOT_RECORD = 'Managers watch here: the owner can let managers record entries, voids and claims for their teams under Settings';
export type UpdateOrganisationSettingsInput = z.input<typeof updateOrganisationSettingsInput>;
