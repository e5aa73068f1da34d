import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy } from './trusted-proxies';

describe('fastifyTrustProxy', () => {
  it('trusts nothing for no proxy', () => {
    expect(fastifyTrustProxy({ hops: 0 })).toBe(false);
  });

  it('trusts exactly the given number of hops nearest to the app, whatever their addresses: never every hop', () => {
    const trust = fastifyTrustProxy({ hops: 2 });
    expect(typeof trust).toBe('function');
    const byHop = (hop: number) => (trust as (address: string, hop: number) => boolean)('203.0.113.1', hop);
    expect([0, 1, 2, 3, 50].map(byHop)).toEqual([true, true, false, false, false]);
  });

  it('hands a list of addresses and ranges to Fastify as it is', () => {
    expect(fastifyTrustProxy({ addresses: ['10.0.0.0/8', '127.0.0.1'] })).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
