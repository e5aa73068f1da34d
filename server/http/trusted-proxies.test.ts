import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, trustProxySetting } from './trusted-proxies';

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

  it('gives Fastify only settings it takes (its address parser throws at start on what it refuses)', async () => {
    const settings = ['0', '1', '2', 'true', '10.0.0.0/8,127.0.0.1', '10.0.0.1/8', '::ffff:10.0.0.1', 'fd00::/8', '2001:db8::1/128', 'loopback,uniquelocal,linklocal'];
    for (const setting of settings) {
      const app = Fastify({ trustProxy: fastifyTrustProxy(trustProxySetting.parse(setting)) });
      app.get('/', async (request) => ({ ip: request.ip }));
      const res = await app.inject({ url: '/', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.1, 10.0.0.6' } });
      expect(res.statusCode, setting).toBe(200);
      expect(res.json<{ ip: string }>().ip, setting).not.toBe('6.6.6.6');
      await app.close();
    }
  });
});
