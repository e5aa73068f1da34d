import { describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress, refusesHost } from './address-guard';

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
});

describe('refusesHost', () => {
  it('refuses private literals and names that resolve to loopback, and accepts names that do not resolve', async () => {
    expect(await refusesHost('127.0.0.1')).toBe(true);
    expect(await refusesHost('[::1]')).toBe(true);
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
