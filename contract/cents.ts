// Money as integer cents, apart from the schemas (no zod here): screens that only show or parse amounts do not load
// the validator (docs/decisions/0009-performance.md).

/** Largest absolute amount one income entry may carry (numeric(14,2) leaves room for sums). */
export const MAX_ENTRY_CENTS = 99_999_999_999_999n;

const MONEY_PATTERN = /^-?\d+(\.\d{1,2})?$/;

/**
 * Parses a decimal string or number with at most two decimals into integer cents.
 * Returns null for anything else; never goes through floating-point arithmetic for strings.
 */
export function parseMoneyToCents(value: string | number): bigint | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === null || !MONEY_PATTERN.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** Cents of a money string the API or the database wrote; anything else is a programming error, not user input. */
export function moneyToCents(amount: string): bigint {
  const cents = parseMoneyToCents(amount);
  if (cents === null) throw new Error(`Not a money amount: ${amount}`);
  return cents;
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  // toString gives the shortest round-trip form; exponent notation means too large or too many decimals.
  const text = value.toString();
  return /e/i.test(text) ? null : text;
}

/** Formats integer cents as the wire form: a string with exactly two decimals ("-1234.50"). */
export function centsToMoneyString(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
