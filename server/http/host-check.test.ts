import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hostAdvice, hostAllowList, hostNameOf, linkOrigin } from './host-check';

describe('hostNameOf', () => {
  it.each([
    ['Example.COM:3000', 'example.com'],
    ['example.com.', 'example.com'],
    ['[::1]:8080', '[::1]'],
    ['127.0.0.1', '127.0.0.1'],
    ['', ''],
    ['my_host.internal', 'my_host.internal'],
    // Not an RFC 3986 host[:port]: names no host at all.
    ['evil.example#.localhost', ''],
    ['evil.example/x.localhost', ''],
    ['evil.example?x=.localhost', ''],
    ['user@evil.localhost', ''],
    ['evil%2e.localhost', ''],
    ['evil example.localhost', ''],
    ['evil.example\\.localhost', ''],
    ['localhost:65536', ''],
    ['localhost:', ''],
    ['[::1', ''],
    ['[evil.localhost]', ''],
    ['-bad.example', ''],
    ['a..localhost', ''],
  ])('%j -> %j', (host, name) => expect(hostNameOf(host)).toBe(name));
});

describe('hostAllowList', () => {
  const loopbackOnly = hostAllowList({ host: '127.0.0.1', allowedHosts: [] });

  it('answers for loopback names and addresses on any port', () => {
    for (const host of ['localhost:3000', 'LOCALHOST', 'app.localhost:3000', '127.0.0.1:3000', '127.5.6.7', '[::1]:3000']) {
      expect(loopbackOnly(host), host).toBe(true);
    }
  });

  it('refuses a rebound name, an empty Host, an address that is not the one it listens on, and what is no host', () => {
    for (const host of [
      'attacker.example',
      'attacker.example:3000',
      '',
      '10.1.2.3:3000',
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
      'evil.example#.localhost',
      'evil.example/x.localhost',
      'evil.example?.localhost',
      'evil@x.localhost',
    ]) {
      expect(loopbackOnly(host), host).toBe(false);
    }
  });

  it('answers for the names it was given, and the address it listens on', () => {
    const allowed = hostAllowList({ host: '192.168.7.20', allowedHosts: ['tracker.example.com', 'tracker.local'] });
    expect(allowed('Tracker.Example.com')).toBe(true);
    expect(allowed('tracker.local:3000')).toBe(true);
    expect(allowed('192.168.7.20:3000')).toBe(true);
    expect(allowed('192.168.7.21:3000')).toBe(false);
    expect(allowed('evil.example.com')).toBe(false);
  });

  it("listening on every address, answers for this machine's own addresses only", () => {
    const allowed = hostAllowList({ host: '0.0.0.0', allowedHosts: [] });
    const own = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry?.family === 'IPv4');
    if (own) expect(allowed(`${own.address}:3000`)).toBe(true);
    expect(allowed('203.0.113.9:3000')).toBe(false);
    expect(allowed('0.0.0.0:3000')).toBe(false);
    expect(allowed('attacker.example')).toBe(false);
  });
});

describe('linkOrigin', () => {
  it('is PUBLIC_URL when set, else the address the server listens on (localhost when it listens on all)', () => {
    expect(linkOrigin({ publicUrl: 'https://t.example.com/', host: '127.0.0.1', port: 3000 })).toBe('https://t.example.com');
    expect(linkOrigin({ publicUrl: undefined, host: '127.0.0.1', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(linkOrigin({ publicUrl: undefined, host: 'localhost', port: 3000 })).toBe('http://localhost:3000');
    expect(linkOrigin({ publicUrl: undefined, host: '0.0.0.0', port: 0 }, 41234)).toBe('http://localhost:41234');
    expect(linkOrigin({ publicUrl: undefined, host: '::', port: 80 })).toBe('http://localhost:80');
    expect(linkOrigin({ publicUrl: undefined, host: '192.168.7.20', port: 3000 })).toBe('http://192.168.7.20:3000');
    expect(linkOrigin({ publicUrl: undefined, host: 'fd00::5', port: 3000 })).toBe('http://[fd00::5]:3000');
  });
});

describe('hostAdvice', () => {
  it('tells how to add a name when none is set, and lists the names otherwise', () => {
    expect(hostAdvice({ publicUrl: undefined, allowedHosts: [] }).join('\n')).toContain('PUBLIC_URL=');
    expect(hostAdvice({ publicUrl: 'https://t.example.com', allowedHosts: ['t.example.com'] }).join('\n')).toContain('t.example.com');
  });
});
