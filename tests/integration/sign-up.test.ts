// Issue 12, finding 3: sign-up is the owner's choice (open, approval, invitation, closed), registration does not tell
// who has an account, and names cannot hide or reorder characters to pass for someone else.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { AWAITING_APPROVAL, INVITATION_INVALID, INVITATION_REQUIRED, REGISTRATION_CLOSED, type SignUpMode } from '../../contract/sign-up';
import { WRONG_PASSWORD } from '../../contract/auth';
import { PASSWORD_CONFIRMATION_REQUIRED } from '../../server/auth/sessions';
import { agents, invitations } from '../../server/db/schema';
import { createApp } from '../../server/app';
import { createAgent, createUser, FACTORY_PASSWORD, signedInAgent, signedInUser, uniqueSuffix } from '../factories/accounts';
import { databaseFingerprint } from '../support/fingerprint';
import { overInject, signIn } from '../support/sign-in';
import { describeEachEngine, testConfig } from '../support/test-app';
import { openTestDatabase } from '../support/test-database';

const MINUTE = 60_000;

describeEachEngine('sign-up', (get) => {
  const register = (payload: Record<string, unknown>) =>
    get().request({ method: 'POST', url: '/api/agents/register', payload: { password: 'a new password', firstName: 'New', lastName: 'Agent', position: 'Sales Agent', ...payload } });
  const login = (email: string, password: string) => get().request({ method: 'POST', url: '/api/agents/login', payload: { email, password } });
  const newEmail = () => `signup-${uniqueSuffix()}@example.test`;

  /** An owner whose password was entered just now (app clock), as the sensitive routes need. */
  async function freshOwner() {
    const owner = await createUser(get().database.db, { role: 'owner' });
    const { session: cookie } = await signIn(overInject(get().request), 'user', { email: owner.email, password: FACTORY_PASSWORD });
    return { owner, cookie };
  }
  async function setMode(mode: SignUpMode) {
    const { cookie } = await freshOwner();
    const res = await get().request({ method: 'PUT', url: '/api/owner/sign-up', headers: { cookie }, payload: { mode } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mode).toBe(mode);
    const info = await get().request({ method: 'GET', url: '/api/app-info' });
    expect(info.json().signUp).toBe(mode);
  }

  it('open: a new email gets an account and no session; a known email (agent or owner) gets the same answer and changes nothing', async () => {
    await setMode('open');
    const email = newEmail();
    const first = await register({ email });
    expect(first.statusCode).toBe(202);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await login(email, 'a new password')).statusCode).toBe(200);

    const db = get().database.db;
    const owner = await createUser(db, { role: 'owner' });
    const before = await databaseFingerprint(db);
    for (const taken of [email, email.toUpperCase(), owner.email]) {
      const again = await register({ email: taken, password: 'another password', firstName: 'Look', lastName: 'Alike' });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    expect(await databaseFingerprint(db)).toEqual(before);
    expect((await login(email, 'another password')).statusCode).toBe(401);
    expect((await login(owner.email, 'another password')).statusCode).toBe(401);
  });

  it('approval: a pending agent cannot sign in until the owner approves; the right password is needed to learn it is pending', async () => {
    await setMode('approval');
    const email = newEmail();
    const res = await register({ email });
    expect(res.statusCode).toBe(202);
    expect(res.json().mode).toBe('approval');
    expect((await login(email, 'wrong password')).statusCode).toBe(401);
    const pending = await login(email, 'a new password');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().message).toBe(AWAITING_APPROVAL);
    expect(pending.headers['set-cookie']).toBeUndefined();

    const { cookie } = await freshOwner();
    const list = await get().request({ method: 'GET', url: `/api/agents?search=${encodeURIComponent(email)}`, headers: { cookie } });
    const [agent] = list.json().agents;
    expect(agent).toMatchObject({ email, status: 'pending' });
    const manager = await signedInUser(get(), 'manager');
    expect((await get().request({ method: 'POST', url: `/api/agents/${agent.id}/approve`, headers: { cookie: manager.cookie } })).statusCode).toBe(403);
    expect((await get().request({ method: 'POST', url: `/api/agents/${agent.id}/approve`, headers: { cookie } })).statusCode).toBe(204);
    expect((await login(email, 'a new password')).statusCode).toBe(200);
    expect((await get().request({ method: 'POST', url: '/api/agents/999999999/approve', headers: { cookie } })).statusCode).toBe(404);
  });

  it('invitation only: needs an open invitation link, used once, expiring after 7 days, revocable', async () => {
    await setMode('invite');
    const without = await register({ email: newEmail() });
    expect(without.statusCode).toBe(403);
    expect(without.json().message).toBe(INVITATION_REQUIRED);
    const forged = await register({ email: newEmail(), invite: 'not-a-real-token' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(INVITATION_INVALID);

    const { cookie } = await freshOwner();
    const invite = async () => {
      const res = await get().request({ method: 'POST', url: '/api/owner/invitations', headers: { cookie } });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: number; token: string; expiresAt: string };
    };
    const first = await invite();
    expect(new Date(first.expiresAt).getTime() - get().clock.now.getTime()).toBe(7 * 24 * 60 * MINUTE);
    const [stored] = await get().database.db.select().from(invitations).where(eq(invitations.id, first.id));
    expect(stored!.tokenHash).not.toContain(first.token);

    const email = newEmail();
    expect((await register({ email, invite: first.token })).statusCode).toBe(202);
    expect((await login(email, 'a new password')).statusCode).toBe(200);
    const reused = await register({ email: newEmail(), invite: first.token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(INVITATION_INVALID);

    // A known email does not use the invitation up.
    const second = await invite();
    expect((await register({ email, invite: second.token })).statusCode).toBe(202);
    expect((await register({ email: newEmail(), invite: second.token })).statusCode).toBe(202);

    const revoked = await invite();
    expect((await get().request({ method: 'DELETE', url: `/api/owner/invitations/${revoked.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await register({ email: newEmail(), invite: revoked.token })).statusCode).toBe(400);
    expect((await get().request({ method: 'DELETE', url: `/api/owner/invitations/${first.id}`, headers: { cookie } })).statusCode).toBe(404);

    const expiring = await invite();
    const start = get().clock.now;
    try {
      get().clock.now = new Date(start.getTime() + 7 * 24 * 60 * MINUTE + MINUTE);
      expect((await register({ email: newEmail(), invite: expiring.token })).statusCode).toBe(400);
    } finally {
      get().clock.now = start;
    }
    const listed = await get().request({ method: 'GET', url: '/api/owner/sign-up', headers: { cookie } });
    expect(listed.json().invitations.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([first.id, second.id, expiring.id]));
  });

  it('closed: nobody registers, and the owner still adds agents', async () => {
    await setMode('closed');
    const db = get().database.db;
    const before = await databaseFingerprint(db);
    const res = await register({ email: newEmail() });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REGISTRATION_CLOSED);
    expect(await databaseFingerprint(db)).toEqual(before);
    const { cookie } = await freshOwner();
    const added = await get().request({
      method: 'POST',
      url: '/api/agents',
      headers: { cookie },
      payload: { email: newEmail(), name: 'Added Agent', position: 'Sales Agent', password: 'long enough' },
    });
    expect(added.statusCode).toBe(201);
    await setMode('open');
  });

  it('names: NFKC-normalised, and refused with a readable message when they hide or reorder characters', async () => {
    await setMode('open');
    const db = get().database.db;
    const before = await databaseFingerprint(db);
    for (const [field, value] of [
      ['firstName', 'Ali\u202Eecil'],
      ['lastName', 'Sm\u200Bith'],
      ['position', '\u2067Manager\u2069'],
    ] as const) {
      const res = await register({ email: newEmail(), [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain('must not contain invisible or text-direction characters');
    }
    expect(await databaseFingerprint(db)).toEqual(before);
    const email = newEmail();
    expect((await register({ email, firstName: 'Ｊｏｈｎ', lastName: ' Ｄｏｅ ' })).statusCode).toBe(202);
    const [row] = await db.select().from(agents).where(eq(agents.email, email));
    expect(row!.name).toBe('John Doe');

    const { cookie } = await freshOwner();
    const added = await get().request({
      method: 'POST',
      url: '/api/agents',
      headers: { cookie },
      payload: { email: newEmail(), name: 'Bob\u200E', position: 'Sales Agent', password: 'long enough' },
    });
    expect(added.statusCode).toBe(400);
  });

  it('only the owner reads and changes sign-up settings and invitations', async () => {
    const manager = await signedInUser(get(), 'manager');
    const agent = await signedInAgent(get());
    const calls = [
      { method: 'GET', url: '/api/owner/sign-up' },
      { method: 'PUT', url: '/api/owner/sign-up', payload: { mode: 'open' } },
      { method: 'POST', url: '/api/owner/invitations' },
      { method: 'DELETE', url: '/api/owner/invitations/1' },
    ] as const;
    for (const call of calls) {
      expect((await get().request({ ...call })).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await get().request({ ...call, headers: { cookie: manager.cookie } })).statusCode).toBe(403);
      expect((await get().request({ ...call, headers: { cookie: agent.cookie } })).statusCode).toBe(403);
    }
    const { cookie } = await freshOwner();
    const bad = await get().request({ method: 'PUT', url: '/api/owner/sign-up', headers: { cookie }, payload: { mode: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('mode must be one of open, approval, invite, closed');
  });

  it('sensitive changes need the password entered in the last 10 minutes (sign-up settings, deleting an agent or a manager)', async () => {
    const db = get().database.db;
    const { cookie } = await freshOwner();
    const agent = await createAgent(db);
    const manager = await createUser(db);
    const start = get().clock.now;
    try {
      get().clock.now = new Date(start.getTime() + 11 * MINUTE);
      const before = await databaseFingerprint(db);
      for (const call of [
        { method: 'PUT', url: '/api/owner/sign-up', payload: { mode: 'closed' } },
        { method: 'DELETE', url: `/api/agents/${agent.id}` },
        { method: 'DELETE', url: `/api/users/${manager.id}` },
      ] as const) {
        const res = await get().request({ ...call, headers: { cookie } });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json()).toEqual({ code: 'REAUTHENTICATION_REQUIRED', message: PASSWORD_CONFIRMATION_REQUIRED });
      }
      expect(await databaseFingerprint(db)).toEqual(before);

      const wrong = await get().request({ method: 'POST', url: '/api/auth/confirm-password', headers: { cookie }, payload: { password: 'not it' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(WRONG_PASSWORD);
      const right = await get().request({ method: 'POST', url: '/api/auth/confirm-password', headers: { cookie }, payload: { password: FACTORY_PASSWORD } });
      expect(right.statusCode).toBe(204);
      expect((await get().request({ method: 'DELETE', url: `/api/agents/${agent.id}`, headers: { cookie } })).statusCode).toBe(204);
      expect((await get().request({ method: 'DELETE', url: `/api/users/${manager.id}`, headers: { cookie } })).statusCode).toBe(204);
    } finally {
      get().clock.now = start;
    }
    const anonymous = await get().request({ method: 'POST', url: '/api/auth/confirm-password', payload: { password: FACTORY_PASSWORD } });
    expect(anonymous.statusCode).toBe(401);
  });
});

it('a new production install waits for the owner to approve new agents; development is open', async () => {
  for (const [nodeEnv, expected] of [['production', 'approval'], ['development', 'open']] as const) {
    const database = await openTestDatabase('pglite');
    const app = await createApp({ database, config: testConfig({ NODE_ENV: nodeEnv }), webRoot: null });
    try {
      const info = await app.inject({ method: 'GET', url: '/api/app-info' });
      expect(info.json().signUp, nodeEnv).toBe(expected);
    } finally {
      await app.close();
      await database.close();
    }
  }
});
