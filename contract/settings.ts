import { z } from 'zod';
import { calendarDay, displayName } from './fields';
import { render, text, zodText } from './i18n';
import { messages } from './messages';
import { canonicalLocale, CURRENCY_TEXT, isKnownCurrency, LOCALE_TEXT, LOCALE_TAG_MAX, ORG_NAME_MAX } from './settings-values';

export * from './settings-values';

const WORKING_DAYS_MESSAGE = zodText(text(messages, 'workingDaysWeekdays'));
const MINUTES_PER_DAY = 24 * 60;
const WORK_START_MESSAGE = zodText(text(messages, 'workStartMinute'));
const WORK_END_MESSAGE = zodText(text(messages, 'workEndMinute'));
/** The working day's end comes after its start (the same day: no night shifts across midnight). */
export const WORK_HOURS_ORDER_MESSAGE = text(messages, 'workHoursOrder');
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
  .string(zodText(CURRENCY_TEXT))
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(isKnownCurrency, zodText(CURRENCY_TEXT));

const localeField = z
  .string(zodText(LOCALE_TEXT))
  .trim()
  .max(LOCALE_TAG_MAX, zodText(LOCALE_TEXT))
  .transform((tag, context) => {
    const canonical = canonicalLocale(tag);
    if (canonical === undefined) {
      context.addIssue({ code: 'custom', message: render(LOCALE_TEXT) });
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
    orgName: displayName(text(messages, 'orgNameRequired'), ORG_NAME_MAX, text(messages, 'orgNameLabel')).optional(),
    currency: currencyField.optional(),
    locale: localeField.optional(),
    requireManagerTwoFactor: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'requireManagerTwoFactor' }))).optional(),
    managersRecord: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'managersRecord' }))).optional(),
    workingDays: z
      .array(z.number(WORKING_DAYS_MESSAGE).int(WORKING_DAYS_MESSAGE).min(1, WORKING_DAYS_MESSAGE).max(7, WORKING_DAYS_MESSAGE), WORKING_DAYS_MESSAGE)
      .min(1, zodText(text(messages, 'atLeastOneWorkingDay')))
      .refine((days) => new Set(days).size === days.length, zodText(text(messages, 'workingDaysNoRepeat')))
      .transform((days) => [...days].sort((a, b) => a - b))
      .optional(),
    holidays: z
      .array(calendarDay('holidays'), zodText(text(messages, 'holidaysList')))
      .max(HOLIDAYS_MAX, zodText(text(messages, 'atMostHolidays', { max: HOLIDAYS_MAX })))
      .refine((days) => new Set(days).size === days.length, zodText(text(messages, 'holidaysNoRepeat')))
      .transform((days) => [...days].sort())
      .optional(),
    workStartMinute: z
      .number(WORK_START_MESSAGE)
      .int(WORK_START_MESSAGE)
      .min(0, WORK_START_MESSAGE)
      .max(MINUTES_PER_DAY - 1, WORK_START_MESSAGE)
      .optional(),
    workEndMinute: z.number(WORK_END_MESSAGE).int(WORK_END_MESSAGE).min(1, WORK_END_MESSAGE).max(MINUTES_PER_DAY, WORK_END_MESSAGE).optional(),
  })
  .strict()
  .refine((input) => Object.keys(input).length > 0, zodText(text(messages, 'nothingToChangeSettings')))
  .refine((input) => input.workStartMinute === undefined || input.workEndMinute === undefined || input.workStartMinute < input.workEndMinute, {
    ...zodText(WORK_HOURS_ORDER_MESSAGE),
    path: ['workEndMinute'],
  });

/**
 * A manager's entry, void or claim step while the owner has not allowed managers to record (403);
 * MANAGERS_DO_NOT_RECORD is the English, as API clients and tests compare it.
 */
export const MANAGERS_DO_NOT_RECORD_TEXT = text(messages, 'managersDoNotRecord');
export const MANAGERS_DO_NOT_RECORD = String(MANAGERS_DO_NOT_RECORD_TEXT);
export type UpdateOrganisationSettingsInput = z.input<typeof updateOrganisationSettingsInput>;
