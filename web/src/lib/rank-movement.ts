/** Where an agent moved on a board since the previous period (contract/insight.ts `previousRank`). */
export type RankMovement = { kind: 'up' | 'down'; places: number } | { kind: 'same' } | { kind: 'new' };

/** A money string of the API that is zero ("0.00", "-0.00"). */
export function isZeroMoney(value: string): boolean {
  return Number(value) === 0;
}

/**
 * The movement from `previousRank` (among the agents who earned in the previous period) to `rank`: up or down so many
 * places, the same place, or new (no income then, some now). Nothing to say for an agent with no income in either.
 */
export function rankMovement(rank: number, previousRank: number | null, periodIncome: string): RankMovement | null {
  if (previousRank === null) return isZeroMoney(periodIncome) ? null : { kind: 'new' };
  const places = previousRank - rank;
  if (places > 0) return { kind: 'up', places };
  if (places < 0) return { kind: 'down', places: -places };
  return { kind: 'same' };
}
