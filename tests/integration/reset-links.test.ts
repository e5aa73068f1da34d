import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditPage } from '../../contract/audit';
import { createdResetLink, OWNER_MADE_RESET_LINK_HOURS, RESET_LINK_INVALID } from '../../contract/password-resets';
import { queryRows } from '../../server/db/client';
import { createAgent, createUser, FACTORY_PASSWORD, signInAgent, signInUser, signedInUser } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';

const NOW = new Date('2026-11-26T09:00:00Z');
const HOUR = 60 * 60 * 1000;

/** The token of a link: `/reset-password#token=...`. */
const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');

describeEachEngine(
  'Owner-made password links: POST /api/agents/{id}/reset-link, POST /api/users/{id}/reset-link',
  (get) => {
    const makeLink = (t: TestApp, cookie: string, path: string) => t.request({ method: 'POST', url: path, headers: { cookie } });
    const complete = (t: TestApp, token: string, newPassword: string) =>
      t.request({ method: 'POST', url: '/api/password-resets/complete', payload: { token, newPassword } });

    it('gives the owner a one-day link for an agent: it sets the password once and ends every session of the agent', async () => {
      const t = get();
      t.clock.now = NOW;
      const owner = await signedInUser(t, 'owner');
      const agent = await createAgent(t.database.db);
      const agentSession = (await signInAgent(t.database.db, agent, NOW)).cookie;

      const made = await makeLink(t, owner.cookie, `/api/agents/${agent.id}/reset-link`);
      expect(made.statusCode, made.body).toBe(201);
      const link = createdResetLink.parse(made.json());
      expect(link.url).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);
      expect(link.expiresAt).toBe(new Date(NOW.getTime() + OWNER_MADE_RESET_LINK_HOURS * HOUR).toISOString());

      expect((await complete(t, tokenOf(link.url), 'a brand new password')).statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: '/api/agents/me', headers: { cookie: agentSession } })).statusCode).toBe(401);
      const signIn = (password: string) => t.request({ method: 'POST', url: '/api/agents/login', payload: { email: agent.email, password } });
      expect((await signIn('a brand new password')).statusCode).toBe(200);
      expect((await signIn(FACTORY_PASSWORD)).statusCode).toBe(401);

      // Once only.
      const again = await complete(t, tokenOf(link.url), 'yet another password');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ message: RESET_LINK_INVALID });
    });

    it('makes links for managers and other owners; a newer link ends the older one; a day later it has expired', async () => {
      const t = get();
      t.clock.now = NOW;
      const owner = await signedInUser(t, 'owner');
      const manager = await createUser(t.database.db, { role: 'manager' });
      const managerSession = (await signInUser(t.database.db, manager, NOW)).cookie;

      const first = createdResetLink.parse((await makeLink(t, owner.cookie, `/api/users/${manager.id}/reset-link`)).json());
      const second = createdResetLink.parse((await makeLink(t, owner.cookie, `/api/users/${manager.id}/reset-link`)).json());
      expect(second.url).not.toBe(first.url);
      const stale = await complete(t, tokenOf(first.url), 'a manager password');
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toMatchObject({ message: RESET_LINK_INVALID });
      // The stale link changed nothing: the manager is still signed in with the old password.
      expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: managerSession } })).statusCode).toBe(200);

      expect((await complete(t, tokenOf(second.url), 'a manager password')).statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie: managerSession } })).statusCode).toBe(401);
      const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: manager.email, password: 'a manager password' } });
      expect(login.statusCode).toBe(200);

      const otherOwner = await createUser(t.database.db, { role: 'owner' });
      const forOwner = createdResetLink.parse((await makeLink(t, owner.cookie, `/api/users/${otherOwner.id}/reset-link`)).json());
      t.clock.now = new Date(NOW.getTime() + OWNER_MADE_RESET_LINK_HOURS * HOUR + 1000);
      const expired = await complete(t, tokenOf(forOwner.url), 'an owner password');
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ message: RESET_LINK_INVALID });
      t.clock.now = NOW;
    });

    it('is audited with who made the link for whom, never the link itself', async () => {
      const t = get();
      t.clock.now = NOW;
      const owner = await signedInUser(t, 'owner');
      const agent = await createAgent(t.database.db);
      const link = createdResetLink.parse((await makeLink(t, owner.cookie, `/api/agents/${agent.id}/reset-link`)).json());
      const page = auditPage.parse(
        (await t.request({ method: 'GET', url: '/api/audit?action=password.reset_link_created', headers: { cookie: owner.cookie } })).json(),
      );
      const row = page.rows.find((r) => r.targetType === 'agent' && r.targetId === String(agent.id));
      expect(row).toMatchObject({ actor: { kind: 'user', id: owner.id }, after: { expiresAt: link.expiresAt } });
      expect(JSON.stringify(page.rows)).not.toContain(tokenOf(link.url));
    });

    it('refuses: managers and agents (403), the owner for themselves (403), unknown accounts (404), without a recent password (403)', async () => {
      const t = get();
      t.clock.now = NOW;
      const owner = await signedInUser(t, 'owner');
      const manager = await signedInUser(t, 'manager');
      const agent = await createAgent(t.database.db);
      const agentCookie = (await signInAgent(t.database.db, agent, NOW)).cookie;
      const countLinks = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from password_resets`))[0]!.n;
      const before = await countLinks();

      expect((await makeLink(t, manager.cookie, `/api/agents/${agent.id}/reset-link`)).statusCode).toBe(403);
      expect((await makeLink(t, agentCookie, `/api/agents/${agent.id}/reset-link`)).statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: `/api/agents/${agent.id}/reset-link` })).statusCode).toBe(401);
      const self = await makeLink(t, owner.cookie, `/api/users/${owner.id}/reset-link`);
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe('Change your own password on your account page, with your current password');
      const missingAgent = await makeLink(t, owner.cookie, '/api/agents/99999999/reset-link');
      expect(missingAgent.statusCode).toBe(404);
      expect(missingAgent.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Agent not found' });
      expect((await makeLink(t, owner.cookie, '/api/users/99999999/reset-link')).json()).toMatchObject({ message: 'User not found' });
      expect((await makeLink(t, owner.cookie, '/api/agents/abc/reset-link')).statusCode).toBe(404);

      // Signed in long ago: the owner enters the password again first.
      const stale = await signedInUser(t, 'owner', new Date(NOW.getTime() - 2 * HOUR));
      const refused = await makeLink(t, stale.cookie, `/api/agents/${agent.id}/reset-link`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED' });

      expect(await countLinks()).toBe(before);
    });
  },
  { now: NOW },
);
