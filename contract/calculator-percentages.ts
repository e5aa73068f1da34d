import { z } from 'zod';
import { parsePercentage, PERCENTAGE_ERROR_TEXT, percentageToDecimalString } from './calculator';
import { render, text, zodText } from './i18n';
import { messages } from './messages';

/**
 * The percentage the owner last used for each agent in the Profit Calculator, kept on the server so that it is there
 * after a reload and on the owner's other devices (docs/decisions/0083-calculator-percentages.md, docs/product.md §11.10).
 */

/** How many agents one read may name: a calculator page shows 25. */
export const CALCULATOR_PERCENTAGE_IDS_MAX = 100;

/** A missing percentage, in the reader's language (PERCENTAGE_REQUIRED: the English, as tests compare it). */
export const PERCENTAGE_REQUIRED_TEXT = text(messages, 'percentageRequired');
export const PERCENTAGE_REQUIRED = String(PERCENTAGE_REQUIRED_TEXT);

/**
 * PUT /api/owner/calculator-percentages/{agentId} (owner): `{percentage}`, a string or number from 0 to 100 with at most
 * two decimals ("12.5", 12.5). Read exactly, never through floating point; becomes the two-decimal string kept ("12.50").
 */
export const calculatorPercentageInput = z.strictObject({
  percentage: z.union([z.string(), z.number()], zodText(PERCENTAGE_REQUIRED_TEXT)).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: render(PERCENTAGE_REQUIRED_TEXT) });
      return z.NEVER;
    }
    const percentage = parsePercentage(value);
    if (percentage === null) {
      ctx.addIssue({ code: 'custom', message: render(PERCENTAGE_ERROR_TEXT) });
      return z.NEVER;
    }
    return percentageToDecimalString(percentage);
  }),
});
export type CalculatorPercentageInput = z.input<typeof calculatorPercentageInput>;

const AGENT_IDS_MESSAGE = zodText(text(messages, 'agentIdsCommas'));

/**
 * GET /api/owner/calculator-percentages?agentIds=1,2,3 (owner): the agents of the page the calculator shows, 1 to
 * CALCULATOR_PERCENTAGE_IDS_MAX of them; repeated ids count once.
 */
export const calculatorPercentagesQuery = z.object({
  agentIds: z
    .string(AGENT_IDS_MESSAGE)
    .regex(/^\d{1,10}(,\d{1,10})*$/, AGENT_IDS_MESSAGE)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), AGENT_IDS_MESSAGE)
    .refine((ids) => ids.length <= CALCULATOR_PERCENTAGE_IDS_MAX, zodText(text(messages, 'agentIdsAtMost', { max: CALCULATOR_PERCENTAGE_IDS_MAX }))),
});
export type CalculatorPercentagesQuery = z.output<typeof calculatorPercentagesQuery>;

/** One agent's saved percentage: exactly two decimals ("12.50"), never a float. */
export const calculatorPercentage = z.object({
  agentId: z.number(),
  percentage: z.string().regex(/^\d{1,3}\.\d{2}$/, 'A percentage with two decimals'),
  updatedAt: z.string(),
});
export type CalculatorPercentage = z.infer<typeof calculatorPercentage>;

/** The answer of the read: only the agents named that have a saved percentage (the others start at 0). */
export const calculatorPercentageList = z.object({ percentages: z.array(calculatorPercentage) });
export type CalculatorPercentageList = z.infer<typeof calculatorPercentageList>;
