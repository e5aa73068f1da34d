import { centsToMoneyString, MAX_ENTRY_CENTS, parseMoneyToCents } from './cents';
import { render, text } from './i18n';
import { messages } from './messages';
import { formatMoney } from './money-format';

/**
 * The owner's weekly profit calculator (docs/product.md §8.3): one row per agent with a weekly amount and a
 * percentage. All arithmetic is exact: amounts in bigint cents, percentages as a bigint over a power of ten.
 */

export const PERCENTAGE_MIN = 0;
export const PERCENTAGE_MAX = 100;
export const PERCENTAGE_STEP = 0.1;
export const WEEKLY_AMOUNT_STEP = 0.01;
/**
 * More decimals than this in a percentage is a typing mistake, not a business need; it is also what the saved
 * percentage of an agent keeps (docs/decisions/0083-calculator-percentages.md).
 */
export const PERCENTAGE_MAX_DECIMALS = 2;

/** Stored as the entries' descriptions (data, in English), not messages. */
export const DEDUCTION_DESCRIPTION = 'Automated weekly calculation: Deduction';
export const NO_PROFIT_ENTRIES_MESSAGE = text(messages, 'noProfitEntries');
/** A row's errors, in the reader's language (*_ERROR: the English, as tests compare it). */
export const WEEKLY_AMOUNT_ERROR_TEXT = text(messages, 'weeklyAmountError');
export const WEEKLY_AMOUNT_ERROR = String(WEEKLY_AMOUNT_ERROR_TEXT);
export const PERCENTAGE_ERROR_TEXT = text(messages, 'percentageError', { min: PERCENTAGE_MIN, max: PERCENTAGE_MAX });
export const PERCENTAGE_ERROR = String(PERCENTAGE_ERROR_TEXT);

/** An exact percentage: `units / scale` percent, where scale is a power of ten (12.5% = 125 / 10). */
export interface Percentage {
  units: bigint;
  scale: bigint;
}

const PERCENTAGE_PATTERN = new RegExp(`^\\d+(\\.\\d{1,${PERCENTAGE_MAX_DECIMALS}})?$`);

/** Parses "12.5" (or 12.5) into an exact percentage from 0 to 100; null for anything else. */
export function parsePercentage(value: string | number): Percentage | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toString() : '') : value.trim();
  if (!PERCENTAGE_PATTERN.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const scale = 10n ** BigInt(fraction.length);
  const units = BigInt(whole) * scale + BigInt(fraction || '0');
  if (units > BigInt(PERCENTAGE_MAX) * scale) return null;
  return { units, scale };
}

/** The weekly amount field: empty means 0; otherwise a money amount within the entry limit. */
export function parseWeeklyAmount(value: string | number): bigint | null {
  if (typeof value === 'string' && value.trim() === '') return 0n;
  const cents = parseMoneyToCents(value);
  if (cents === null) return null;
  return (cents < 0n ? -cents : cents) > MAX_ENTRY_CENTS ? null : cents;
}

/** Integer division rounded to the nearest integer, halves away from zero (2.5 -> 3, -2.5 -> -3). */
export function divideRoundingHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/**
 * docs/product.md §8.3: a negative weekly amount is a deduction and becomes the profit as is, ignoring the percentage;
 * a positive one gives amount x percentage / 100, rounded to the cent, halves away from zero.
 */
export function calculateProfitCents(weeklyCents: bigint, percentage: Percentage): bigint {
  if (weeklyCents < 0n) return weeklyCents;
  return divideRoundingHalfAwayFromZero(weeklyCents * percentage.units, 100n * percentage.scale);
}

/** "12.5" for 125/10, "10" for 1000/100: the shortest exact decimal. */
export function formatPercentage({ units, scale }: Percentage): string {
  const whole = units / scale;
  const decimals = scale.toString().length - 1;
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** The stored and wire form of a percentage: exactly two decimals ("12.50"), as the database's numeric(5,2) gives it. */
export function percentageToDecimalString({ units, scale }: Percentage): string {
  // scale is 1, 10 or 100 (at most PERCENTAGE_MAX_DECIMALS decimals): units * (100 / scale) is exact.
  const hundredths = (units * 100n) / scale;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/**
 * The profit of a positive amount before it is rounded to the cent, in whole currency units as an exact decimal
 * string with at least two decimals: $100.05 x 10% = "10.005". It lets the screen show the owner what was rounded.
 */
export function exactProfitDecimal(weeklyCents: bigint, { units, scale }: Percentage): string {
  // profit = weeklyCents x units / (100 x scale) cents = weeklyCents x units / (10^4 x scale) currency units.
  const numerator = weeklyCents * units;
  const decimals = 4 + scale.toString().length - 1;
  const digits = numerator.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** Writes an amount of cents for people: the organisation's currency on the screens (web/src/lib/format.ts). */
export type MoneyWriter = (cents: bigint) => string;

/** Without the organisation's settings: US dollars, cents only when present ("$1,500", "$1,500.50"). */
const writeDollars: MoneyWriter = (cents) => formatMoney(cents);

/** The description an automated entry carries: "Automated weekly calculation: Deduction" or "...: 10% of $1,500". */
export function describeCalculatedProfit(weeklyCents: bigint, percentage: Percentage, writeMoney: MoneyWriter = writeDollars): string {
  if (weeklyCents < 0n) return DEDUCTION_DESCRIPTION;
  return `Automated weekly calculation: ${formatPercentage(percentage)}% of ${writeMoney(weeklyCents)}`;
}

export interface CalculatorRowInput {
  agentId: number;
  /** As typed; empty means 0. */
  weeklyAmount: string;
  percentage: string;
}

export interface CalculatorRow {
  agentId: number;
  /** 0 when the row has an error. */
  profitCents: bigint;
  weeklyAmountError?: string;
  percentageError?: string;
  /** Present when the row has a nonzero profit and no error: the income entry to create. */
  entry?: { agentId: number; amount: string; description: string };
}

export interface CalculatorResult {
  rows: CalculatorRow[];
  totalCents: bigint;
  /** One income entry per row with a nonzero profit (docs/product.md §8.3). */
  entries: NonNullable<CalculatorRow['entry']>[];
  hasErrors: boolean;
}

export function calculateRow(input: CalculatorRowInput, writeMoney: MoneyWriter = writeDollars): CalculatorRow {
  const weeklyCents = parseWeeklyAmount(input.weeklyAmount);
  const percentage = parsePercentage(input.percentage);
  // A deduction ignores the percentage, so a bad percentage does not block it.
  const percentageMatters = weeklyCents === null || weeklyCents > 0n;
  const row: CalculatorRow = { agentId: input.agentId, profitCents: 0n };
  if (weeklyCents === null) row.weeklyAmountError = render(WEEKLY_AMOUNT_ERROR_TEXT);
  if (percentage === null && percentageMatters) row.percentageError = render(PERCENTAGE_ERROR_TEXT);
  if (weeklyCents === null || (percentage === null && percentageMatters)) return row;

  const exactPercentage = percentage ?? { units: 0n, scale: 1n };
  row.profitCents = calculateProfitCents(weeklyCents, exactPercentage);
  if (row.profitCents !== 0n) {
    row.entry = {
      agentId: input.agentId,
      amount: centsToMoneyString(row.profitCents),
      description: describeCalculatedProfit(weeklyCents, exactPercentage, writeMoney),
    };
  }
  return row;
}

/** Every row, the total of their profits and the entries to submit. */
export function calculateProfits(inputs: readonly CalculatorRowInput[], writeMoney: MoneyWriter = writeDollars): CalculatorResult {
  const rows = inputs.map((input) => calculateRow(input, writeMoney));
  return {
    rows,
    totalCents: rows.reduce((sum, row) => sum + row.profitCents, 0n),
    entries: rows.flatMap((row) => (row.entry ? [row.entry] : [])),
    hasErrors: rows.some((row) => row.weeklyAmountError !== undefined || row.percentageError !== undefined),
  };
}
