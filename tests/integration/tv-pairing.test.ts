// Pairing a TV (docs/decisions/0086-tv-pairing.md): the TV asks for a short code and waits; the owner enters it with
// the link's options; only the TV that asked learns the board's address, once. Wrong, expired and used codes make
// nothing; guessing is throttled; a mistyped board address says "not found", a revoked one "revoked". Both engines.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TV_LINK_NOT_FOUND,
  TV_LINK_REVOKED,
  TV_PAIRING_CODE_WRONG,
  TV_PAIRING_GONE,
  TV_PAIRING_TTL_MS,
  type TvLink,
  type TvPairingRequest,
  type TvPairingStatus,
} from '../../contract/tv-links';
import { queryRows } from '../../server/db/client';
import { sequenceAll } from '../../server/db/sequencer';
import { PAIRING_GUESSES } from '../../server/routes/tv-pairings';
import { signedInUser } from '../factories/accounts';
import { listening, startTestApp, type TestApp } from '../support/test-app';
import { testEngines } from '../support/test-database';

for (const engine of testEngines()) {
  describe(`TV pairing [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let base: string;
    let owner: { id: number; cookie: string };

    const call = (method: string, path: string, body?: unknown, cookie?: string) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    const askToPair = async () => {
      const res = await call('POST', '/api/tv-pairings');
      expect(res.status).toBe(201);
      return (await res.json()) as TvPairingRequest;
    };
    const statusOf = (secret: string) => call('POST', '/api/tv-pairings/status', { secret });
    const pair = (code: string, name = 'Paired TV', cookie = owner.cookie) => call('POST', '/api/tv-links/pair', { code, name, showAmounts: false }, cookie);
    const linkCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from tv_links`))[0]!.n;

    beforeAll(async () => {
      t = await startTestApp(engine);
      base = await listening(t);
      owner = await signedInUser(t, 'owner');
    });
    afterAll(async () => {
      await t.close();
    });

    it('pairs a TV: a short code, the owner enters it, the TV alone is told its board once, and the trail says how', async () => {
      const tv = await askToPair();
      expect(tv.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      expect(new Date(tv.expiresAt).getTime() - t.clock.now.getTime()).toBe(TV_PAIRING_TTL_MS);
      expect(await (await statusOf(tv.secret)).json()).toEqual({ status: 'waiting', expiresAt: tv.expiresAt });
      // Neither the code nor the secret is kept as it is.
      const kept = await queryRows<{ code_hash: string; secret_hash: string }>(t.database.db, sql`select code_hash, secret_hash from tv_pairings`);
      expect(JSON.stringify(kept)).not.toContain(tv.secret);
      expect(JSON.stringify(kept)).not.toContain(tv.code.replace('-', ''));

      // Typed as people type: lower case, a space instead of the dash.
      const res = await pair(` ${tv.code.toLowerCase().replace('-', ' ')} `, 'Reception TV');
      expect(res.status).toBe(201);
      const link = (await res.json()) as TvLink & { token?: string; url?: string };
      expect(link).toMatchObject({ name: 'Reception TV', showAmounts: false, metrics: [] });
      expect(link.token).toBeUndefined();
      expect(link.url).toBeUndefined();

      const told = await statusOf(tv.secret);
      expect(told.status).toBe(200);
      const paired = (await told.json()) as TvPairingStatus;
      expect(paired).toEqual({ status: 'paired', url: `${base}/tv/${tv.secret}`, token: tv.secret, name: 'Reception TV' });
      expect((await fetch(`${base}/api/tv/${tv.secret}`)).status).toBe(200);
      // Told once: the request is gone.
      const again = await statusOf(tv.secret);
      expect(again.status).toBe(404);
      expect(((await again.json()) as { message: string }).message).toBe(TV_PAIRING_GONE);

      await sequenceAll(t.database.db);
      const audit = await queryRows<{ actor_id: number; after: Record<string, unknown> }>(
        t.database.db,
        sql`select actor_id, after from audit_log where action = 'tv_link.created' and target_id = ${String(link.id)}`,
      );
      expect(audit).toEqual([{ actor_id: owner.id, after: { name: 'Reception TV', showAmounts: false, metrics: [], how: 'paired' } }]);
    });

    it('hands the board only to the TV that asked: the code alone, or a wrong secret, tells nothing', async () => {
      const tv = await askToPair();
      expect((await pair(tv.code)).status).toBe(201);
      for (const secret of ['x'.repeat(32), tv.secret.slice(0, 31) + (tv.secret.endsWith('A') ? 'B' : 'A'), tv.code, 'short']) {
        const res = await statusOf(secret);
        expect(res.status).toBe(404);
        expect(JSON.stringify(await res.json())).not.toContain(tv.secret);
      }
      const bad = await call('POST', '/api/tv-pairings/status', { secret: 5 });
      expect(bad.status).toBe(400);
      // The TV that asked still gets it.
      expect(((await (await statusOf(tv.secret)).json()) as TvPairingStatus).status).toBe('paired');
    });

    it('refuses a wrong, malformed, expired or used code on the code field, with nothing made', async () => {
      const tv = await askToPair();
      const before = await linkCount();
      const wrong = tv.code.startsWith('2') ? `3${tv.code.slice(1)}` : `2${tv.code.slice(1)}`;
      for (const [code, message] of [
        [wrong, TV_PAIRING_CODE_WRONG],
        ['ABC', 'A code is 8 letters and digits'],
        ['ABCD-1234', 'A code is 8 letters and digits'],
        ['', 'Enter the code shown on the TV'],
      ] as const) {
        const res = await pair(code);
        expect(res.status).toBe(400);
        const body = (await res.json()) as { message: string; issues: { path: string; message: string }[] };
        expect(body.message).toContain(message);
        expect(body.issues.map((issue) => issue.path)).toContain('code');
      }
      expect(await linkCount()).toBe(before);

      // Used: the second entry of the same code makes nothing.
      expect((await pair(tv.code)).status).toBe(201);
      const used = await pair(tv.code, 'Twice');
      expect(used.status).toBe(400);
      expect(((await used.json()) as { message: string }).message).toBe(TV_PAIRING_CODE_WRONG);
      expect(await linkCount()).toBe(before + 1);

      // Expired: ten minutes later the code no longer pairs, and the TV is told to start again.
      const late = await askToPair();
      t.clock.now = new Date(t.clock.now.getTime() + TV_PAIRING_TTL_MS);
      const expired = await pair(late.code);
      expect(expired.status).toBe(400);
      expect(((await expired.json()) as { message: string }).message).toBe(TV_PAIRING_CODE_WRONG);
      expect((await statusOf(late.secret)).status).toBe(404);
      expect(await linkCount()).toBe(before + 1);
    });

    it('refuses a manager, an agent and anyone signed out', async () => {
      const tv = await askToPair();
      const manager = await signedInUser(t, 'manager');
      expect((await pair(tv.code, 'TV', manager.cookie)).status).toBe(403);
      expect((await call('POST', '/api/tv-links/pair', { code: tv.code, name: 'TV', showAmounts: false })).status).toBe(401);
      expect(((await (await statusOf(tv.secret)).json()) as TvPairingStatus).status).toBe('waiting');
    });

    it('throttles guessing: past the wrong codes allowed, even the right code waits', async () => {
      const guesser = await signedInUser(t, 'owner');
      const tv = await askToPair();
      const wrong = tv.code.startsWith('2') ? `3${tv.code.slice(1)}` : `2${tv.code.slice(1)}`;
      for (let i = 0; i < PAIRING_GUESSES.max; i++) expect((await pair(wrong, 'TV', guesser.cookie)).status).toBe(400);
      const refused = await pair(tv.code, 'TV', guesser.cookie);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Too many wrong pairing codes/);
      expect(((await (await statusOf(tv.secret)).json()) as TvPairingStatus).status).toBe('waiting');
      // Another owner account has its own count; the window over, the guesser may try again.
      t.clock.now = new Date(t.clock.now.getTime() + PAIRING_GUESSES.windowMs);
      const fresh = await askToPair();
      expect((await pair(fresh.code, 'TV', guesser.cookie)).status).toBe(201);
    });

    it('tells a mistyped board address from a revoked one (both 404)', async () => {
      const tv = await askToPair();
      const link = (await (await pair(tv.code)).json()) as TvLink;
      expect(((await (await statusOf(tv.secret)).json()) as TvPairingStatus).status).toBe('paired');
      for (const token of ['x'.repeat(32), 'short', tv.secret.slice(0, 31) + '!']) {
        const res = await fetch(`${base}/api/tv/${encodeURIComponent(token)}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: TV_LINK_NOT_FOUND });
      }
      expect((await call('DELETE', `/api/tv-links/${link.id}`, undefined, owner.cookie)).status).toBe(204);
      for (const path of [`/api/tv/${tv.secret}`, `/api/tv/${tv.secret}/events`]) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: TV_LINK_REVOKED });
      }
    });
  });
}
