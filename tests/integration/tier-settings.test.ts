import { expect, it } from 'vitest';
import { TIER_DEFINITIONS } from '../../contract/tiers';
import { describeEachEngine } from '../support/test-app';

describeEachEngine('GET /api/tier-settings', (get) => {
  it('returns the 12 tiers of the specification sorted by order, rewards Coming Soon', async () => {
    const res = await get().request({ method: 'GET', url: '/api/tier-settings' });
    expect(res.statusCode).toBe(200);
    const tiers = res.json();
    expect(tiers).toHaveLength(12);
    expect(tiers.map((t: { name: string }) => t.name)).toEqual(TIER_DEFINITIONS.map((t) => t.name));
    expect(tiers.map((t: { order: number }) => t.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(tiers.map((t: { threshold: string }) => t.threshold)).toEqual(TIER_DEFINITIONS.map((t) => `${t.dollars}.00`));
    for (const tier of tiers) {
      expect(tier.rewards).toBe('Coming Soon');
      expect(tier.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describeEachEngine('unknown API paths', (get) => {
  it('answers 404 with the JSON error shape', async () => {
    const res = await get().request({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route for GET /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('answers 404 JSON for other methods too', async () => {
    const res = await get().request({ method: 'DELETE', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
