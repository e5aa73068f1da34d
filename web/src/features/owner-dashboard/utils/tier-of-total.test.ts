import { describe, expect, it } from 'vitest';
import type { TierSetting } from '@contract/tiers';
import { tierOfTotal } from './tier-of-total';

const tier = (order: number, name: string, threshold: string): TierSetting => ({ id: order, name, color: `#00000${order}`, threshold, rewards: '', order });
// Out of order on purpose: the answer follows the thresholds, not the list.
const tiers = [tier(3, 'Gold', '25000.00'), tier(1, 'Starter', '5000.00'), tier(2, 'Bronze', '10000.00')];

describe('tierOfTotal', () => {
  it('names the tier with the highest threshold at or below the total', () => {
    expect(tierOfTotal('10000.00', tiers)).toEqual({ name: 'Bronze', color: '#000002' });
    expect(tierOfTotal('24999.99', tiers)).toEqual({ name: 'Bronze', color: '#000002' });
    expect(tierOfTotal('25000.00', tiers)).toEqual({ name: 'Gold', color: '#000003' });
    expect(tierOfTotal('1000000.00', tiers)).toEqual({ name: 'Gold', color: '#000003' });
  });

  it('names none below the first threshold, for a negative total or with no tiers', () => {
    expect(tierOfTotal('4999.99', tiers)).toBeUndefined();
    expect(tierOfTotal('-20.00', tiers)).toBeUndefined();
    expect(tierOfTotal('50000.00', [])).toBeUndefined();
  });
});
