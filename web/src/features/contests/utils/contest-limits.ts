/**
 * The contest form's limits, as contract/contests.ts sets them (CONTEST_NAME_MAX and the rest). Written here rather
 * than imported: contract/contests.ts holds the schemas, and importing it would bring the validator (zod) into the
 * screens that show contests. The server checks them all the same.
 */
export const CONTEST_NAME_MAX = 80;
export const CONTEST_DESCRIPTION_MAX = 1_000;
export const PRIZE_TEXT_MAX = 200;
export const PRIZE_PLACES_MAX = 10;
export const CONTEST_DAYS_MAX = 92;
