import { describe, expect, it } from 'vitest';
import type { ConnectorRow } from '../db/queries/connectors';
import { CONNECTOR_CACHE_MS, ConnectorCache } from './connector-cache';

describe('ConnectorCache', () => {
  it('reads a connector at most once a second, keeps no unknown id, and reads again once dropped', async () => {
    let clock = 0;
    let reads = 0;
    const row = { id: 1, active: true } as ConnectorRow;
    const cache = new ConnectorCache(async (id) => {
      reads++;
      return id === 1 ? row : undefined;
    }, () => clock);
    expect(await cache.get(1)).toBe(row);
    expect(await cache.get(1)).toBe(row);
    expect(reads).toBe(1);
    clock = CONNECTOR_CACHE_MS - 1;
    await cache.get(1);
    expect(reads).toBe(1);
    clock = CONNECTOR_CACHE_MS;
    await cache.get(1);
    expect(reads).toBe(2);
    cache.drop(1);
    await cache.get(1);
    expect(reads).toBe(3);
    // An id nobody has: read each time (not kept), and undefined.
    expect(await cache.get(2)).toBeUndefined();
    expect(await cache.get(2)).toBeUndefined();
    expect(reads).toBe(5);
  });
});
