import { z } from 'zod';
import { calendarDay, displayName, fromNotAfterTo, idField, queryInteger, requiredText, storableText } from './fields';
import { text, zodText } from './i18n';
import { ENTRY_PAGE_SIZE, ENTRY_PAGE_SIZE_MAX, PAGE_OFFSET_MAX, PROFIT_METRIC, VOID_REASON_MAX } from './limits';
import { messages } from './messages';
import { moneyString } from './money';
import { externalIdField } from './income-entries';
import { importQuery } from './imports';

/**
 * Metrics (docs/decisions/0072-metrics-and-activities.md): the numbers measured beside profit, such as deals, calls and meetings. The
 * built-in metric `profit` is the income entries as they are (the 12 tiers stay on profit); the owner defines up to
 * METRICS_MAX others. Activities are what is recorded on them: a count, or money to the cent.
 */

/** The built-in metric: the income entries. It has no row, cannot be changed and is first in every list. */
export { PROFIT_METRIC };
/** How many metrics the owner may define besides profit. */
export const METRICS_MAX = 20;
export const METRIC_NAME_MAX = 60;
export const METRIC_KEY_MAX = 40;
/** A count recorded at once may be at most this (a typo guard: a million calls in one go is a mistake). */
export const COUNT_VALUE_MAX = 1_000_000;
export const ACTIVITY_NOTE_MAX = 500;

export const metricUnits = ['money', 'count'] as const;
export type MetricUnit = (typeof metricUnits)[number];

const KEY_PATTERN = /^[a-z][a-z0-9_-]*$/;
const KEY_MESSAGE = zodText(text(messages, 'metricKey', { max: METRIC_KEY_MAX }));

/** A metric's key as a request names it (a metric= query, an activity's metric). */
export const metricKey = z.string(KEY_MESSAGE).trim().max(METRIC_KEY_MAX, KEY_MESSAGE).regex(KEY_PATTERN, KEY_MESSAGE);

/** POST /api/metrics (owner). The key and the unit never change once made. */
export const createMetricInput = z.strictObject({
  key: metricKey.refine((key) => key !== PROFIT_METRIC, zodText(text(messages, 'builtInMetric', { key: PROFIT_METRIC }))),
  name: displayName(text(messages, 'metricNeedsName'), METRIC_NAME_MAX, text(messages, 'nameLabel')),
  unit: z.enum(metricUnits, zodText(text(messages, 'metricUnit'))),
  agentsMayRecord: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'agentsMayRecord' }))).optional().default(false),
});
export type CreateMetricInput = z.input<typeof createMetricInput>;

/** PATCH /api/metrics/{key} (owner): its name, whether agents may record it, whether it is active. */
export const updateMetricInput = z
  .strictObject({
    name: displayName(text(messages, 'metricNeedsName'), METRIC_NAME_MAX, text(messages, 'nameLabel')).optional(),
    agentsMayRecord: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'agentsMayRecord' }))).optional(),
    active: z.boolean(zodText(text(messages, 'mustBeTrueOrFalse', { field: 'active' }))).optional(),
  })
  .refine((input) => input.name !== undefined || input.agentsMayRecord !== undefined || input.active !== undefined, zodText(text(messages, 'nothingToChangeMetric')));
export type UpdateMetricInput = z.input<typeof updateMetricInput>;

export const metric = z.object({
  key: z.string(),
  name: z.string(),
  unit: z.enum(metricUnits),
  agentsMayRecord: z.boolean(),
  active: z.boolean(),
  /** true for profit only. */
  builtIn: z.boolean(),
});
export type Metric = z.infer<typeof metric>;

/** The metrics, profit first, then the others in the order they were made. */
export const metricList = z.array(metric);

/** A count's value as sent (a whole number, or its digits); a money value as sent (like an entry amount). */
export const activityValueInput = z.union([z.string(), z.number()], zodText(text(messages, 'valueRequired')));

/** POST /api/activities. `agentId` may be left out by an agent recording its own. */
export const createActivityInput = z.strictObject({
  agentId: idField(text(messages, 'selectAgent')).optional(),
  metric: metricKey,
  value: activityValueInput,
  date: z.iso.datetime({ offset: true, ...zodText(text(messages, 'dateIsoTimestamp')) }).optional(),
  note: storableText(
    z
      .string(zodText(text(messages, 'mustBeTextNamed', { field: 'note' })))
      .trim()
      .max(ACTIVITY_NOTE_MAX, zodText(text(messages, 'atMostCharactersNamed', { field: 'note', max: ACTIVITY_NOTE_MAX }))),
    'note',
  ).nullish(),
  externalId: externalIdField.optional(),
});
export type CreateActivityInput = z.input<typeof createActivityInput>;

/** A value as answered: a whole number for a count, a string with two decimals for money. */
export const activityValue = z.union([z.number().int(), moneyString]);

export const activity = z.object({
  id: z.number(),
  metric: z.string(),
  agentId: z.number(),
  agentName: z.string(),
  value: activityValue,
  date: z.string(),
  note: z.string().nullable(),
  selfReported: z.boolean(),
  externalId: z.string().nullable(),
  createdAt: z.string(),
  /** On a reversal: the activity it voids. */
  voidsActivityId: z.number().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type Activity = z.infer<typeof activity>;

/** POST /api/activities/{id}/void: writes a reversal and marks the activity voided. */
export const voidActivityInput = z.strictObject({
  reason: requiredText(text(messages, 'voidNeedsReason'), VOID_REASON_MAX, 'reason'),
});
export const voidedActivity = z.object({ activity, reversal: activity });
export type VoidedActivity = z.infer<typeof voidedActivity>;

/** GET /api/activities: a page of one metric's activities (every metric but profit when absent), newest first by date. */
export const activityListQuery = z
  .object({
    metric: metricKey.optional(),
    agentId: idField(text(messages, 'mustBeAgentId', { field: 'agentId' })).optional(),
    from: calendarDay('from').optional(),
    to: calendarDay('to').optional(),
    offset: queryInteger('offset', 0, PAGE_OFFSET_MAX, 0),
    limit: queryInteger('limit', 1, ENTRY_PAGE_SIZE_MAX, ENTRY_PAGE_SIZE),
  })
  .refine(...fromNotAfterTo);
export type ActivityListQuery = z.output<typeof activityListQuery>;

export const activityPage = z.object({
  activities: z.array(activity),
  offset: z.number(),
  limit: z.number(),
  nextOffset: z.number().nullable(),
});
export type ActivityPage = z.infer<typeof activityPage>;

/** GET /api/exports/activities.csv: every activity of one metric (or all) and one agent (or all), between two days. */
export const activityExportQuery = z
  .object({
    metric: metricKey.optional(),
    agentId: idField(text(messages, 'mustBeAgentId', { field: 'agentId' })).optional(),
    from: calendarDay('from').optional(),
    to: calendarDay('to').optional(),
  })
  .refine(...fromNotAfterTo);
export type ActivityExportQuery = z.output<typeof activityExportQuery>;

/** POST /api/imports/activities: the file's metric, and the entry import's dryRun, dateFormat and ignore. */
export const activityImportQuery = importQuery.extend({ metric: metricKey });
export type ActivityImportQuery = z.output<typeof activityImportQuery>;
