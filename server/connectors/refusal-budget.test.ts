import { describe, expect, it } from 'vitest';
import { RefusalBudget } from './refusal-budget';

describe('RefusalBudget', () => {
  it('logs the first refusals of each minute per connector, says once when the budget is spent, and starts again the next minute', () => {
    const budget = new RefusalBudget(3);
    const at = 1_000_000;
    expect([1, 2, 3, 4, 5].map(() => budget.take(7, at))).toEqual([
      { log: true, firstOver: false },
      { log: true, firstOver: false },
      { log: true, firstOver: false },
      { log: false, firstOver: true },
      { log: false, firstOver: false },
    ]);
    // Another connector has its own budget.
    expect(budget.take(8, at + 10)).toEqual({ log: true, firstOver: false });
    // Within the same minute: still spent; a minute after the first: a new budget.
    expect(budget.take(7, at + 59_999).log).toBe(false);
    expect(budget.take(7, at + 60_000)).toEqual({ log: true, firstOver: false });
  });

  it('starts a new minute when the clock goes back, and forgets a dropped connector', () => {
    const budget = new RefusalBudget(1);
    budget.take(1, 5_000_000);
    expect(budget.take(1, 5_000_000).log).toBe(false);
    expect(budget.take(1, 4_000_000).log).toBe(true);
    expect(budget.take(1, 4_000_000).log).toBe(false);
    budget.drop(1);
    expect(budget.take(1, 4_000_000).log).toBe(true);
  });
});
