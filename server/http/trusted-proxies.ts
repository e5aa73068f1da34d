import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { z } from 'zod';

/**
 * Which reverse proxies the app believes about the client's address (TRUST_PROXY;
 * docs/decisions/0047-proxies-trusted-by-count-or-address.md). X-Forwarded-For grows by one address at each proxy, appended on
 * the right; whatever the client wrote itself stays on the left. So the client's address is the entry just left of
 * the last proxy we trust, and nothing further left may ever be believed.
 *
 * - `0`: no proxy; the connection's address is the client's.
 * - a number of proxies in front of the app (`1`, `2`, ...): the connection comes from the innermost, and the client's
 *   address is that many entries from the right. Right only if nothing can reach the app but through them.
 * - the proxies' addresses and CIDR ranges: entries are skipped from the right while they are trusted proxies; the
 *   first one that is not is the client. A client connecting directly is taken at its own address.
 */
export type TrustedProxies = { hops: number } | { addresses: string[] };

/** Names of ranges Fastify's address resolver (@fastify/proxy-addr) knows. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

export const TRUST_PROXY_HELP = `must be 0 (no proxy), how many proxies are in front of the app (1 to ${MAX_HOPS}), or the proxies' addresses and CIDR ranges separated by commas, such as 10.0.0.0/8,127.0.0.1`;

/** An IPv4 or IPv6 address, with an optional /prefix from 1 to the address's length (/0 would trust everyone). */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || address.includes('%')) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as written in the environment. `true` and `false`, the values of the old on/off setting, mean 1 and 0. */
export const trustProxySetting = z.string().transform((text, ctx): TrustedProxies => {
  const value = text.trim().toLowerCase();
  if (value === 'false') return { hops: 0 };
  if (value === 'true') return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_HOPS) return { hops };
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    const named = wrong.length > 0 ? `${wrong.map((entry) => `"${entry}"`).join(', ')} ${wrong.length === 1 ? 'is' : 'are'} no address or CIDR range; ` : '';
    ctx.addIssue({ code: 'custom', message: named + TRUST_PROXY_HELP });
    return z.NEVER;
  }
  return { addresses: entries };
});

/**
 * Fastify's trustProxy for the setting. Fastify refuses a bare hop count (it trusts no proxy at all for a number),
 * so a count is a function trusting the `hops` addresses nearest to the app: hop 0 is the connection's address,
 * hop 1 the right-most X-Forwarded-For entry, and so on.
 */
export function fastifyTrustProxy(trusted: TrustedProxies): FastifyServerOptions['trustProxy'] {
  if ('addresses' in trusted) return trusted.addresses;
  const { hops } = trusted;
  if (hops === 0) return false;
  return (_address: string, hop: number) => hop < hops;
}
