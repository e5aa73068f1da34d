import { describe, expect, it } from 'vitest';
import { guardedLookup, ipv6Groups, isPrivateAddress, refusesHost } from './address-guard';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    '[::1]',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::1'])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  // Issue 30: an IPv6 address carrying a private IPv4 one got through when spelt otherwise than the guard's patterns
  // (the URL parser writes [::127.0.0.1] as [::7f00:1]); every spelling is now read into groups first.
  it.each([
    // IPv4-compatible (deprecated), dotted and hex, as typed and as the URL parser writes them.
    '[::127.0.0.1]',
    '::7f00:1',
    '0:0:0:0:0:0:7f00:1',
    '::0:0:a00:1',
    '::a9fe:a9fe',
    // IPv4-translated (RFC 2765), ::ffff:0:a.b.c.d.
    '[::ffff:0:7f00:1]',
    '::ffff:0:127.0.0.1',
    '0:0:0:0:ffff:0:c0a8:101',
    // IPv4-mapped in other spellings: full, leading zeros, upper case, zero groups written out.
    '0:0:0:0:0:ffff:7f00:1',
    '0000:0000:0000:0000:0000:ffff:7f00:0001',
    '::FFFF:7F00:1',
    '::FFFF:127.0.0.1',
    '0::ffff:10.1.2.3',
    '0:0::ffff:a9fe:a9fe',
    '::ffff:ac10:1',
    // NAT64 well-known prefix, hex and dotted, and the local-use prefix whatever it carries.
    '64:ff9b::127.0.0.1',
    '64:ff9b:0:0:0:0:7f00:1',
    '0064:FF9B::C0A8:0101',
    '64:ff9b:1::808:808',
    // 6to4 of a private address, Teredo with a private server or client, ISATAP.
    '2002:7f00:1::',
    '2002:0a00:0001:0:0:0:0:1',
    '2001:0:7f00:1::1',
    '2001:0:808:808:0:0:f5ff:fffe',
    '2001:db8::5efe:127.0.0.1',
    '2607:f8b0::200:5efe:a00:1',
    // Loopback and unspecified spelt out, with a zone, bracketed with a zone; documentation and site-local.
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '::0001',
    '0::0',
    '::1%lo',
    '[fe80::1%25eth0]',
    'FE80::1',
    'fec0::1',
    '3fff::1',
    '100::1',
    '::ffff:255.255.255.255',
    // Not an address at all.
    '::ffff:127.1',
    '1::2::3',
    '',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['::ffff:808:808', '0:0:0:0:0:ffff:808:808', '::ffff:0:808:808', '64:ff9b::808:808', '64:ff9b::8.8.8.8', '2001:0:808:808:0:0:f7f7:f7f7', '2606:4700::5efe:808:808', '[2606:4700:4700::1111]'])(
    'allows %s (a public IPv4 address inside)',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('ipv6Groups', () => {
  it('reads every spelling into the same eight groups', () => {
    const loopback4 = [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1];
    for (const spelling of ['::ffff:127.0.0.1', '::FFFF:7f00:0001', '0:0:0:0:0:ffff:7f00:1', '0::0:ffff:127.0.0.1', '::ffff:7f00:1%eth0']) {
      expect(ipv6Groups(spelling), spelling).toEqual(loopback4);
    }
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
    expect(ipv6Groups('127.0.0.1')).toBeUndefined();
    expect(ipv6Groups('::ffff:127.1')).toBeUndefined();
  });
});

describe('refusesHost', () => {
  it('refuses private literals and names that resolve to loopback, and accepts names that do not resolve', async () => {
    expect(await refusesHost('127.0.0.1')).toBe(true);
    expect(await refusesHost('[::1]')).toBe(true);
    // As the URL parser hands them over (http://[::127.0.0.1]/ has the host [::7f00:1]).
    expect(await refusesHost(new URL('http://[::127.0.0.1]/').hostname)).toBe(true);
    expect(await refusesHost(new URL('http://[::ffff:0:7f00:1]/').hostname)).toBe(true);
    expect(await refusesHost('localhost')).toBe(true);
    expect(await refusesHost('93.184.216.34')).toBe(false);
    expect(await refusesHost('hooks.invalid')).toBe(false);
  });
});

describe('guardedLookup', () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
      guardedLookup(host, { all }, (error, address) => resolve({ error, address }));
    });

  it('fails for a name that resolves to a loopback address, naming it', async () => {
    const single = await lookup('localhost', false);
    expect(single.error?.name).toBe('PrivateAddressError');
    expect(single.error?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1)$/);
    expect((await lookup('localhost', true)).error?.name).toBe('PrivateAddressError');
  });

  it('passes a failed resolution through', async () => {
    expect((await lookup('hooks.invalid', false)).error?.code).toBe('ENOTFOUND');
  });
});
