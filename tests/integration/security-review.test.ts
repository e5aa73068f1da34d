// Findings of the ASVS review (docs/security.md) that no other test shows directly.
import { expect, it } from 'vitest';
import { ownerCookie, signedInAgent, uniqueSuffix } from '../factories/accounts';
import { createRewardOption } from '../factories/rewards';
import { databaseFingerprint } from '../support/fingerprint';
import { COMMON_PASSWORD } from '../../server/domain/password-policy';
import { describeEachEngine } from '../support/test-app';

describeEachEngine('ASVS review findings', (get) => {
  it('V2.1.3/V2.1.4: a 150-character passphrase of any Unicode, spaces and emoji included, is kept whole', async () => {
    const t = get();
    const email = `passphrase-${uniqueSuffix()}@example.test`;
    const password = `  correct horse 🐎 batterie agrafe ×${'é'.repeat(40)} 長いパスワード ${'x'.repeat(80)}  `.slice(0, 150);
    const registered = await t.request({
      method: 'POST',
      url: '/api/agents/register',
      payload: { email, password, firstName: 'Pass', lastName: 'Phrase', position: 'Sales Agent' },
    });
    expect(registered.statusCode).toBe(202);
    const login = (attempt: string) => t.request({ method: 'POST', url: '/api/agents/login', payload: { email, password: attempt } });
    expect((await login(password)).statusCode).toBe(200);
    // Neither truncated nor trimmed nor normalised.
    for (const near of [password.slice(0, 72), password.slice(0, -1), password.trim(), password.normalize('NFD')]) {
      expect((await login(near)).statusCode).toBe(401);
    }
  });

  it('V2.1.1/V2.1.7: common and leaked passwords are refused everywhere a password is chosen; owners and managers need 10 characters', async () => {
    const t = get();
    const db = t.database.db;
    const owner = await ownerCookie(t);
    const before = await databaseFingerprint(db);
    const attempts = [
      { url: '/api/agents/register', payload: { email: `common-${uniqueSuffix()}@example.test`, password: 'Password123!', firstName: 'C', lastName: 'P', position: 'p' } },
      { url: '/api/agents', cookie: owner, payload: { email: `common-${uniqueSuffix()}@example.test`, name: 'C P', position: 'p', password: 'iloveyou' } },
      { url: '/api/users', cookie: owner, payload: { email: `common-${uniqueSuffix()}@example.test`, name: 'C P', role: 'manager', password: 'qwertyuiop' } },
    ];
    for (const attempt of attempts) {
      const res = await t.request({ method: 'POST', url: attempt.url, headers: attempt.cookie ? { cookie: attempt.cookie } : {}, payload: attempt.payload });
      expect(res.statusCode, attempt.url).toBe(400);
      expect(res.json().message).toBe(COMMON_PASSWORD);
    }
    const shortManager = await t.request({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: owner },
      payload: { email: `short-${uniqueSuffix()}@example.test`, name: 'S M', role: 'manager', password: 'nine-char' },
    });
    expect(shortManager.statusCode).toBe(400);
    expect(shortManager.json().message).toContain('Password must be at least 10 characters');
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  it('V5.2.2: text with a NUL character is refused with 400 wherever it would be stored, changing nothing', async () => {
    const t = get();
    const db = t.database.db;
    const owner = await ownerCookie(t);
    const agent = await signedInAgent(t, { total: '6000.00' });
    const agentCookie = agent.cookie;
    const option = await createRewardOption(db, { tierId: 1 });
    const nul = 'A\u0000B';
    const before = await databaseFingerprint(db);
    const attempts = [
      { url: '/api/agents/register', payload: { email: `nul-${uniqueSuffix()}@example.test`, password: 'long enough', firstName: nul, lastName: 'x', position: 'p' } },
      { url: '/api/users', cookie: owner, payload: { email: `nul-${uniqueSuffix()}@example.test`, name: nul, role: 'manager', password: 'long enough' } },
      { url: '/api/agents', cookie: owner, payload: { email: `nul-${uniqueSuffix()}@example.test`, name: nul, position: 'p', password: 'long enough' } },
      { url: '/api/rewards', cookie: owner, payload: { title: nul, description: 'd', category: 'Other', tierId: 1 } },
      { url: '/api/income-entries', cookie: owner, payload: { agentId: agent.id, amount: '1', description: nul } },
      { url: '/api/rewards/claim', cookie: agentCookie, payload: { agentId: agent.id, rewardId: option.id, fullName: 'P', email: 'p@example.test', phone: '1', telegram: nul, address: 'a', city: 'c', zipcode: 'z' } },
      { url: '/api/agents/claim-reward', cookie: agentCookie, payload: { tierId: 1, rewardOptionId: option.id, agentData: { name: 'P', email: 'p@example.test', address: nul } } },
    ];
    for (const attempt of attempts) {
      const res = await t.request({ method: 'POST', url: attempt.url, headers: attempt.cookie ? { cookie: attempt.cookie } : {}, payload: attempt.payload });
      expect(res.statusCode, `${attempt.url}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain('NUL');
    }
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  it('V7.4.1: addresses Fastify refuses before routing get the JSON error shape too', async () => {
    const t = get();
    const badEncoding = await t.request({ method: 'GET', url: '/api/rewards/tier/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ message: 'The address of the request is not valid', code: 'VALIDATION_FAILED' });
    const longId = await t.request({ method: 'DELETE', url: `/api/agents/${'9'.repeat(500)}` });
    expect(longId.statusCode).toBe(404);
    expect(longId.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('V8.2.1: every API answer, errors included, tells browsers and proxies not to store it', async () => {
    const t = get();
    const owner = await ownerCookie(t);
    // Under /api: the well-known documents (the key set that verifies badges) are public and may be cached.
    for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/'))) {
      const url = route.url.replace(':id', '1');
      for (const headers of [{}, { cookie: owner }]) {
        const res = await t.request({ method: 'GET', url, headers });
        expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
      }
    }
  });
});
