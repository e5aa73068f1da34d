import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: undefined,
      dataDir: './data',
      port: 3000,
      host: '127.0.0.1',
      orgTimezone: 'UTC',
      owner: undefined,
      demo: undefined,
      cookieSecure: false,
      trustProxy: { hops: 0 },
      publicUrl: undefined,
      allowedHosts: [],
      maxConnections: 10_000,
    });
  });

  it('answers for the host of PUBLIC_URL and for ALLOWED_HOSTS', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://Tracker.Example.com/', ALLOWED_HOSTS: ' tracker.local , [::1],', MAX_CONNECTIONS: '500' });
    expect(config.publicUrl).toBe('https://Tracker.Example.com/');
    expect(config.allowedHosts).toEqual(['tracker.example.com', 'tracker.local', '[::1]']);
    expect(config.maxConnections).toBe(500);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@h:5432/db',
      DATA_DIR: '/tmp/x',
      PORT: '8080',
      HOST: '0.0.0.0',
      ORG_TIMEZONE: 'Europe/Berlin',
      OWNER_EMAIL: 'boss@example.com',
      OWNER_PASSWORD: 'long-enough',
      DEMO: '0',
      COOKIE_SECURE: '1',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://u@h:5432/db',
      dataDir: '/tmp/x',
      port: 8080,
      host: '0.0.0.0',
      orgTimezone: 'Europe/Berlin',
      owner: { email: 'boss@example.com', password: 'long-enough' },
      demo: false,
      cookieSecure: true,
      trustProxy: { hops: 1 },
    });
  });

  it('reads TRUST_PROXY as a count of proxies or their addresses, never as "trust every hop"', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ hops: 0 });
    // The old on/off setting's "on": one proxy, no longer every hop.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,' }).trustProxy).toEqual({ addresses: ['10.0.0.0/8', '127.0.0.1'] });
    expect(loadConfig({ TRUST_PROXY: 'FD00::/8,::1,loopback' }).trustProxy).toEqual({ addresses: ['fd00::/8', '::1', 'loopback'] });
  });

  it('names the entries of TRUST_PROXY that are no address or range', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.local,10.0.0.0/33' })).toThrow(
      /^Invalid configuration:\n {2}TRUST_PROXY: "proxy\.local", "10\.0\.0\.0\/33" are no address or CIDR range; must be 0 \(no proxy\), how many proxies are in front of the app \(1 to 10\), or the proxies' addresses/,
    );
  });

  it('turns secure cookies on in production unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: '0' }).cookieSecure).toBe(false);
  });

  it('resolves a relative WEB_DIR against the working directory', () => {
    expect(loadConfig({ WEB_DIR: 'dist/web-x' }).webDir).toBe(path.resolve('dist/web-x'));
    expect(loadConfig({}).webDir).toBeUndefined();
  });

  it('reads AUDIT_KEY as 32 bytes, and needs it only on PostgreSQL in production', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ AUDIT_KEY: hex }).auditKey).toEqual(Buffer.from(hex, 'hex'));
    expect(loadConfig({}).auditKey).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production' }).auditKey).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/tiertrack', NODE_ENV: 'production', AUDIT_KEY: hex }).auditKey).toHaveLength(32);
  });

  it('reads PUSH_SERVICE_HOSTS as host names and *.domain patterns, the browsers’ push services by default', () => {
    expect(loadConfig({}).pushServiceHosts).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com', '*.push.apple.com']);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.com, *.push.test ,127.0.0.1,localhost,[::1]' }).pushServiceHosts).toEqual([
      'push.example.com',
      '*.push.test',
      '127.0.0.1',
      'localhost',
      '[::1]',
    ]);
    for (const bad of ['*', '*.com', 'https://fcm.googleapis.com', 'push.example.com/path', 'a.*.example.com', ',']) {
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: bad }), bad).toThrow(/PUSH_SERVICE_HOSTS: must (be host names|name at least one)/);
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ ORG_TIMEZONE: 'Mars/Olympus' }, 'ORG_TIMEZONE'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DEMO: 'yes' }, 'DEMO'],
    [{ OWNER_EMAIL: 'not-an-email', OWNER_PASSWORD: 'long-enough' }, 'OWNER_EMAIL'],
    [{ OWNER_EMAIL: 'a@b.co' }, 'OWNER_PASSWORD'],
    [{ OWNER_EMAIL: 'a@b.co', OWNER_PASSWORD: 'short' }, 'OWNER_PASSWORD'],
    [{ OWNER_EMAIL: 'a@b.co', OWNER_PASSWORD: 'nine-char' }, 'OWNER_PASSWORD'],
    [{ OWNER_EMAIL: 'a@b.co', OWNER_PASSWORD: 'Password123!' }, 'OWNER_PASSWORD'],
    [{ PUBLIC_URL: 'tracker.example.com' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://tracker.example.com' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'T <t@example.com>' }, 'PUBLIC_URL'],
    [{ ALLOWED_HOSTS: 'tracker.example.com/path' }, 'ALLOWED_HOSTS'],
    [{ ALLOWED_HOSTS: 'a b' }, 'ALLOWED_HOSTS'],
    [{ MAX_CONNECTIONS: '5' }, 'MAX_CONNECTIONS'],
    [{ MAX_CONNECTIONS: 'many' }, 'MAX_CONNECTIONS'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: ',' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/8/8' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '::1/129' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'fe80::1%eth0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.256' }, 'TRUST_PROXY'],
    [{ AUDIT_KEY: 'short' }, 'AUDIT_KEY'],
    [{ DATABASE_URL: 'postgres://db.example/tiertrack', NODE_ENV: 'production' }, 'AUDIT_KEY'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});
