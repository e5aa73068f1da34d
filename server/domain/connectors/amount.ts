/**
 * Amounts and instants as the CRMs write them, read into ours. Amounts never go through floating-point arithmetic:
 * a number is read from its shortest round-trip text (what the provider meant), then rounded in decimal digits.
 */

/** The largest absolute amount one deal may carry; anything above is a wrong field or a typo, not a sale. */
export const CONNECTOR_AMOUNT_MAX = 1_000_000_000;
const AMOUNT_MAX_CENTS = BigInt(CONNECTOR_AMOUNT_MAX) * 100n;

// Sign, whole digits, fraction digits, exponent: "1500", "-20.25", ".5", "1.0E7" (Salesforce writes Java doubles).
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

/**
 * A number or numeric string as a decimal string with at most 2 decimals, rounded half away from zero ("1234.565" →
 * "1234.57", "120000.0" → "120000"); "" and null are no amount. Anything else, or above CONNECTOR_AMOUNT_MAX in
 * absolute value, is 'invalid'.
 */
export function decimalAmount(value: unknown): string | null | 'invalid' {
  if (value === null || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'invalid';
  if (typeof value !== 'number' && typeof value !== 'string') return 'invalid';
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return 'invalid';
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return 'invalid';

  // The significant digits, and how many of them are whole once the exponent has moved the point.
  const all = whole + fraction;
  const digits = all.replace(/^0+/, '');
  const point = whole.length + Number(exponent) - (all.length - digits.length);
  if (digits === '' || point < -3) return '0'; // below a thousandth: rounds to nothing
  if (point > 12) return 'invalid'; // 13 whole digits is above the limit (and keeps "1e9999" from growing a string)
  const padded = point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(point, '0');
  const wholeDigits = padded.slice(0, Math.max(point, 0)) || '0';
  const fractionDigits = padded.slice(Math.max(point, 0));

  let cents = BigInt(wholeDigits) * 100n + BigInt(fractionDigits.slice(0, 2).padEnd(2, '0'));
  if ((fractionDigits[2] ?? '0') >= '5') cents += 1n;
  if (cents > AMOUNT_MAX_CENTS) return 'invalid';
  if (cents === 0n) return '0';
  const rest = cents % 100n;
  const cent = rest === 0n ? '' : `.${rest.toString().padStart(2, '0').replace(/0$/, '')}`;
  return `${sign === '-' ? '-' : ''}${cents / 100n}${cent}`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An instant in milliseconds since 1970, from what the CRMs send: an ISO 8601 date-time (without a zone it is UTC,
 * as Pipedrive's v1 "2024-01-01 10:00:00"), an ISO date (its midnight UTC), milliseconds (a number or numeric string
 * of at least 1e11, as HubSpot) or unix seconds (below 1e11, as Pipedrive's meta.timestamp). Anything else is null.
 */
export function instantOf(value: unknown): number | null {
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return instantOf(Number(value));
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return value >= 1e11 ? Math.round(value) : Math.round(value * 1000);
  }
  if (typeof value !== 'string') return null;
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
  // Date.UTC rolls 2024-02-30 over to March: a day or time out of range is not a date.
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1 || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    return null;
  }
  const offset = zone.toUpperCase() === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2))) * 60_000;
  return date.getTime() + Number(fraction.slice(0, 3).padEnd(3, '0')) - offset;
}
