import { expect, it } from 'vitest';
import { deviceSessionList, endedSessions } from '../../contract/sessions';
import { createAgent, signInAgent, signedInUser } from '../factories/accounts';
import { createApiToken } from '../factories/api-tokens';
import { describeEachEngine, type TestApp } from '../support/test-app';

const NOW = new Date('2026-11-25T15:00:00Z');
const MINUTE = 60_000;

describeEachEngine(
  'Signed-in devices: GET /api/sessions, DELETE /api/sessions/{id}, DELETE /api/sessions',
  (get) => {
    const list = async (t: TestApp, cookie: string) => {
      const res = await t.request({ method: 'GET', url: '/api/sessions', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return deviceSessionList.parse(res.json()).sessions;
    };

    it('lists the caller’s own sessions with the browser that signed in and when each was last used', async () => {
      const t = get();
      t.clock.now = NOW;
      const owner = await signedInUser(t, 'owner');
      const login = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
        payload: { email: owner.email, password: 'factory-password-1' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const browser = login.cookies.map((c) => `${c.name}=${c.value}`).find((c) => c.startsWith('sid='))!;
      const someoneElse = await signedInUser(t, 'owner');

      const seen = await list(t, browser);
      expect(seen).toHaveLength(2);
      expect(seen.find((s) => s.current)).toMatchObject({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', createdAt: NOW.toISOString() });
      expect(seen.filter((s) => !s.current)).toHaveLength(1);
      expect((await list(t, someoneElse.cookie)).map((s) => s.id)).not.toContain(seen[0]!.id);

      // Used again ten minutes later: its last use moves (written at most every five minutes).
      t.clock.now = new Date(NOW.getTime() + 10 * MINUTE);
      const later = await list(t, owner.cookie);
      expect(later[0]).toMatchObject({ current: true, lastSeenAt: t.clock.now.toISOString() });
      t.clock.now = new Date(NOW.getTime() + 12 * MINUTE);
      expect((await list(t, owner.cookie))[0]!.lastSeenAt).toBe(new Date(NOW.getTime() + 10 * MINUTE).toISOString());
      t.clock.now = NOW;
    });

    it('signs one device out (its cookie stops working), refuses another person’s, and signs every other device out', async () => {
      const t = get();
      t.clock.now = NOW;
      const agent = await createAgent(t.database.db);
      const here = (await signInAgent(t.database.db, agent, NOW)).cookie;
      const phone = (await signInAgent(t.database.db, agent, NOW)).cookie;
      const laptop = (await signInAgent(t.database.db, agent, NOW)).cookie;
      const stranger = (await signInAgent(t.database.db, await createAgent(t.database.db), NOW)).cookie;
      const me = (cookie: string) => t.request({ method: 'GET', url: '/api/agents/me', headers: { cookie } });

      const sessions = await list(t, here);
      expect(sessions).toHaveLength(3);
      const phoneId = (await list(t, phone)).find((s) => s.current)!.id;
      const notMine = await t.request({ method: 'DELETE', url: `/api/sessions/${phoneId}`, headers: { cookie: stranger } });
      expect(notMine.statusCode).toBe(404);
      expect((await me(phone)).statusCode).toBe(200);

      expect((await t.request({ method: 'DELETE', url: `/api/sessions/${phoneId}`, headers: { cookie: here } })).statusCode).toBe(204);
      expect((await me(phone)).statusCode).toBe(401);
      expect(await list(t, here)).toHaveLength(2);

      const rest = await t.request({ method: 'DELETE', url: '/api/sessions', headers: { cookie: here } });
      expect(endedSessions.parse(rest.json())).toEqual({ ended: 1 });
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(here)).statusCode).toBe(200);
      expect((await me(stranger)).statusCode).toBe(200);
      expect((await list(t, here)).map((s) => s.current)).toEqual([true]);
    });

    it('is for people signed in: 401 without a session, 403 with an API token, 404 for an id that names no session', async () => {
      const t = get();
      expect((await t.request({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(401);
      const owner = await signedInUser(t, 'owner');
      const token = await createApiToken(t.database.db, owner, ['read']);
      const asToken = await t.request({ method: 'GET', url: '/api/sessions', headers: { authorization: token.authorization } });
      expect(asToken.statusCode).toBe(403);
      expect(asToken.json().message).toBe('API tokens have no sessions: sign in to see your devices');
      for (const id of ['abc', '0', '2147483648']) {
        const res = await t.request({ method: 'DELETE', url: `/api/sessions/${id}`, headers: { cookie: owner.cookie } });
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe('Session not found');
      }
    });
  },
  { now: NOW },
);
