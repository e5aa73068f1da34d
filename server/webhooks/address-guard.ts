import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook may not reach (docs/decisions/0018-webhooks.md): loopback, private, shared (CGNAT), link-local
 * (cloud metadata services live there), multicast, reserved, documentation and unspecified ranges, in IPv4 and IPv6.
 * An IPv6 address that carries an IPv4 one (mapped, compatible, translated, NAT64, 6to4, Teredo, ISATAP) is judged
 * by the IPv4 address too, whatever its spelling: it is read into its eight groups first, never matched as text.
 */
const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(net, prefix, 'ipv4');
}
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible space (mapped and translated ones go by their IPv4 part).
  ['::', 96],
  // Discard-only, local-use NAT64 (RFC 8215), unique local, link-local, site-local, multicast.
  ['100::', 64],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  // Benchmarking, ORCHID, documentation.
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const) {
  blockedV6.addSubnet(net, prefix, 'ipv6');
}

/**
 * The eight 16-bit groups of an IPv6 address in any spelling (leading zeros, upper case, `::` anywhere, a dotted
 * IPv4 tail, a zone), or undefined when it is not one.
 */
export function ipv6Groups(address: string): number[] | undefined {
  const text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return undefined;
  let body = text.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(body);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, dotted.index);
    // "…:1.2.3.4" leaves a separator behind; "::1.2.3.4" leaves the "::" itself.
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const hex = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const gap = body.indexOf('::');
  if (gap === -1) return [...hex(body), ...tail];
  const head = hex(body.slice(0, gap));
  const rest = [...hex(body.slice(gap + 2)), ...tail];
  return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/** The IPv4 addresses an IPv6 address (as eight groups) carries, by every convention that carries one. */
function embeddedIpv4(groups: readonly number[]): string[] {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  const found: string[] = [];
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated, RFC 2765).
  if (zeroUpTo(6) || (zeroUpTo(5) && g5 === 0xffff) || (zeroUpTo(4) && g4 === 0xffff && g5 === 0)) found.push(ipv4Of(g6, g7));
  // NAT64, the well-known prefix 64:ff9b::/96 (RFC 6052).
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) found.push(ipv4Of(g6, g7));
  // 6to4, 2002:a.b.c.d::/48 (RFC 3056).
  if (g0 === 0x2002) found.push(ipv4Of(g1, g2));
  // Teredo, 2001:0::/32 (RFC 4380): the server, and the client with its bits inverted.
  if (g0 === 0x2001 && g1 === 0) found.push(ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff));
  // ISATAP interface identifiers, ::0:5efe:a.b.c.d and ::200:5efe:a.b.c.d under any prefix (RFC 5214).
  if ((g4 & 0xfdff) === 0 && g5 === 0x5efe) found.push(ipv4Of(g6, g7));
  return found;
}

/** Whether an IP address (v4 or v6, bracketed or with a zone) is one a webhook may not reach; anything else is too. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blockedV4.check(bare, 'ipv4');
  const groups = family === 6 ? ipv6Groups(bare) : undefined;
  if (!groups || groups.length !== 8) return true;
  if (embeddedIpv4(groups).some((inner) => blockedV4.check(inner, 'ipv4'))) return true;
  return blockedV6.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * A DNS lookup for http.request that fails when the name resolves to an address a webhook may not reach. The check
 * is made on the address the connection will use, so a name that resolves differently at delivery time than when it
 * was registered (DNS rebinding) is still refused.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const list = Array.isArray(addresses) ? addresses : [];
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused || list.length === 0) {
      return callback(new PrivateAddressError(`${hostname} resolves to ${refused?.address ?? 'no address'}`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * Whether a webhook URL's host is refused at registration: an IP literal in a blocked range, or a name that resolves
 * (now) only to such addresses. A name that does not resolve is accepted: its deliveries will fail and say why.
 */
export async function refusesHost(hostname: string): Promise<boolean> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) return isPrivateAddress(bare);
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    dnsLookup(bare, { all: true }, (error, list) => resolve(error ? [] : list));
  });
  return addresses.some((entry) => isPrivateAddress(entry.address));
}
