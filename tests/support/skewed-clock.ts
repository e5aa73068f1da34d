// Loaded into a server process with `node --import` (tests/support/app-process.ts, `clockSkewMs`): the process's
// clock runs TEST_CLOCK_SKEW_MS ahead (or behind, when negative), as on a machine whose clock has drifted. Every
// reading of the wall clock is skewed (`new Date()`, `Date.now()`); dates made from a value are not.
const skewMs = Number(process.env.TEST_CLOCK_SKEW_MS ?? '0');
const RealDate = Date;

class SkewedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(RealDate.now() + skewMs);
    else super(...(args as [string | number | Date]));
  }

  static override now(): number {
    return RealDate.now() + skewMs;
  }

  // Dates made by code that kept the real constructor (node's internals) are still dates.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof RealDate;
  }
}

globalThis.Date = SkewedDate as DateConstructor;
