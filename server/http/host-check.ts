import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { text } from '../../contract/i18n';
import { forbidden } from '../domain/errors';
import { messages } from './messages';

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '[::]']);

// RFC 3986 host[:port], as a Host (or X-Forwarded-Host) header may carry it: a name of letters, digits, hyphens,
// underscores and dots (a trailing dot allowed), an IPv4 address, or an IPv6 address in brackets, then an optional
// port. Nothing else: no user info, path, query, fragment, percent-encoding or spaces.
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*)\.?)(?::(\d{1,5}))?$/;

/**
 * The host name of a Host header value ("Example.com:3000" -> "example.com", "[::1]:80" -> "[::1]"), or '' when
 * the value is not an RFC 3986 host[:port] (such as "evil.example/x.localhost" or "evil.example#.localhost"): a
 * value that is not one names no host, and the server answers for none.
 */
export function hostNameOf(host: string): string {
  const match = HOST_HEADER.exec(host.trim().toLowerCase());
  if (!match) return '';
  const [, ipv6, name, port] = match;
  if (port !== undefined && Number(port) > 65535) return '';
  if (ipv6 !== undefined) return isIP(ipv6) === 6 ? `[${ipv6}]` : '';
  return name!;
}

/** HOST as a host name: an IPv6 address (HOST=::1) in brackets, as Host headers write it. */
export const listeningName = (host: string) => (isIP(host) === 6 ? `[${host.toLowerCase()}]` : hostNameOf(host));

const bare = (name: string) => (name.startsWith('[') ? name.slice(1, -1) : name);

function isLoopback(name: string): boolean {
  const address = bare(name);
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

function localAddresses(): Set<string> {
  const addresses = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) addresses.add(entry.address.toLowerCase());
  }
  return addresses;
}

/**
 * Which Host headers the server answers for. A page on another site can point its own host name at this server's
 * address (DNS rebinding) and then read our answers as its own origin; answering only for known names defeats it.
 * Known: loopback names, the address the server listens on (any of this machine's addresses when it listens on all),
 * the host of PUBLIC_URL and the names in ALLOWED_HOSTS.
 */
export function hostAllowList(config: Pick<AppConfig, 'host' | 'allowedHosts'>): (host: string) => boolean {
  const named = new Set(config.allowedHosts.map(hostNameOf));
  const listening = listeningName(config.host);
  const anyLocalAddress = WILDCARD_ADDRESSES.has(listening);
  const addresses = anyLocalAddress ? localAddresses() : new Set([bare(listening)]);
  return (host) => {
    const name = hostNameOf(host);
    if (name === '') return false;
    if (named.has(name) || isLoopback(name)) return true;
    // An address typed as an address names this machine only if it is one of its own (or the one it listens on).
    return isIP(bare(name)) !== 0 ? addresses.has(bare(name)) : !anyLocalAddress && name === listening;
  };
}

/**
 * The origin of every link that leaves the app (emails, set-up and password links, TV links): PUBLIC_URL, else the
 * address this server listens on (localhost when it listens on every address). Never a request header: a Host
 * header is the client's to choose, and a link built from it hands the token in it to whoever chose it.
 */
export function linkOrigin(config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>, listeningPort?: number): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const name = listeningName(config.host);
  const host = name === '' || WILDCARD_ADDRESSES.has(name) ? 'localhost' : name;
  return `http://${host}:${listeningPort ?? config.port}`;
}

export const UNKNOWN_HOST_TEXT = text(messages, 'unknownHost');
/** Its English (tests compare answers to it); the answer is in the reader's language. */
export const UNKNOWN_HOST = String(UNKNOWN_HOST_TEXT);

/** Refuses every request for a host the server does not answer for, before anything else runs. */
export function registerHostCheck(app: FastifyInstance, config: AppConfig) {
  const allowed = hostAllowList(config);
  app.addHook('onRequest', async (request) => {
    if (!allowed(request.host)) throw forbidden(UNKNOWN_HOST_TEXT);
  });
}

/** The start banner's lines about host names: which ones the server answers for, and how to add one. */
export function hostAdvice(config: Pick<AppConfig, 'publicUrl' | 'allowedHosts'>): string[] {
  if (config.allowedHosts.length > 0) {
    return [`  Answers for ${config.allowedHosts.join(', ')}, loopback names and this machine's addresses.`];
  }
  return [
    "  Answers only for localhost and this machine's addresses. To open it under a name, set",
    '  PUBLIC_URL=https://tracker.example.com (the address people open) or ALLOWED_HOSTS=name1,name2.',
  ];
}
