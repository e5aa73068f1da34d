import type { AgentSummary } from '@contract/agents';
import { describe, expect, it } from 'vitest';
import { boardFromDashboard, isPlaced } from './board-from-dashboard';

const agent = (id: number, monthlyIncome: string): AgentSummary => ({
  id,
  name: `Agent ${id}`,
  email: `a${id}@example.test`,
  position: 'Sales',
  status: 'active',
  totalIncome: monthlyIncome,
  weeklyIncome: '0.00',
  monthlyIncome,
  yearlyIncome: monthlyIncome,
  totalEntries: 1,
});

describe('boardFromDashboard', () => {
  it('ranks by place, ties sharing the rank of the first of them', () => {
    const page = boardFromDashboard(
      [agent(1, '900.00'), agent(2, '500.00'), agent(3, '500.00'), agent(4, '100.00'), agent(5, '0.00'), agent(6, '0.00')],
      40,
      '2026-11-01',
      25,
    );
    expect(page.agents.map((a) => a.rank)).toEqual([1, 2, 2, 4, 5, 5]);
    expect(page.agents[1]!.periodIncome).toBe('500.00');
    expect(page.total).toBe(40);
    expect(page.period).toEqual({ kind: 'month', start: '2026-11-01', end: null, previous: null, next: null });
  });
});

describe('isPlaced', () => {
  it('needs income in income mode and a rise in growth mode', () => {
    expect(isPlaced({ periodIncome: '0.01', growth: null }, 'income')).toBe(true);
    expect(isPlaced({ periodIncome: '0.00', growth: null }, 'income')).toBe(false);
    expect(isPlaced({ periodIncome: '-50.00', growth: null }, 'income')).toBe(false);
    expect(isPlaced({ periodIncome: '900.00', growth: '12.5' }, 'growth')).toBe(true);
    expect(isPlaced({ periodIncome: '900.00', growth: '-3.0' }, 'growth')).toBe(false);
    expect(isPlaced({ periodIncome: '900.00', growth: null }, 'growth')).toBe(false);
  });
});
