// API tokens (docs/product.md §12.9): the owner makes one with scopes and sees it once; only its hash
// is kept; it reads or writes within its scopes (403 outside), stops at revocation or expiry (401), notes when it was
// last used, and skips the Origin check because a request carrying it is identified by it alone.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  API_TOKEN_FORBIDDEN,
  API_TOKEN_INVALID,
  API_TOKEN_MALFORMED,
  API_TOKEN_MAX_DAYS,
  apiTokenList,
  createdApiToken,
  type ApiScope,
  type CreatedApiToken,
} from '../../contract/api-tokens';
import { agentPage } from '../../contract/agents';
import { createdIncomeEntry } from '../../contract/income-entries';
import { queryRows } from '../../server/db/client';
import { apiTokens } from '../../server/db/schema';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInUser } from '../factories/accounts';
import { describeEachEngine, type TestApp } from '../support/test-app';

const START = new Date('2026-11-18T15:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describeEachEngine('API tokens', (get) => {
  let owner: string;
  beforeEach(async () => {
    get().clock.now = START;
    owner = (await signedInUser(get(), 'owner', SESSIONS_OUTLIVE_CLOCK)).cookie;
  });

  const make = async (t: TestApp, body: Record<string, unknown>): Promise<CreatedApiToken> => {
    const res = await t.request({ method: 'POST', url: '/api/tokens', headers: { cookie: owner }, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return createdApiToken.parse(res.json());
  };
  const tokenWith = (...scopes: ApiScope[]) => make(get(), { name: `CRM ${scopes.join(' ')}`, scopes });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const listed = async () => apiTokenList.parse((await get().request({ method: 'GET', url: '/api/tokens', headers: { cookie: owner } })).json()).tokens;

  it('is shown once, kept only as its hash, and listed with its scopes but never its secret', async () => {
    const made = await make(get(), { name: '  HubSpot   sync ', scopes: ['read', 'entries:write'] });
    expect(made).toMatchObject({ name: 'HubSpot sync', scopes: ['read', 'entries:write'], expiresAt: null, lastUsedAt: null, createdAt: START.toISOString() });
    expect(made.token).toMatch(/^tt_[A-Za-z0-9_-]{43}$/);

    const [row] = await get().database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.token.slice(3));

    const tokens = await listed();
    expect(tokens.find((token) => token.id === made.id)).toEqual({
      id: made.id,
      name: 'HubSpot sync',
      scopes: ['read', 'entries:write'],
      createdAt: START.toISOString(),
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(tokens)).not.toContain(made.token);
  });

  it('reads what a manager may read with the read scope, and nothing it lacks the scope for', async () => {
    const { token } = await tokenWith('read');
    const agent = await createAgent(get().database.db);
    const agents = await get().request({ method: 'GET', url: '/api/agents?limit=100', headers: bearer(token) });
    expect(agents.statusCode).toBe(200);
    expect(agentPage.parse(agents.json()).total).toBeGreaterThanOrEqual(1);
    expect((await get().request({ method: 'GET', url: '/api/owner/dashboard', headers: bearer(token) })).statusCode).toBe(200);
    expect((await get().request({ method: 'GET', url: `/api/income-entries?agentId=${agent.id}`, headers: bearer(token) })).statusCode).toBe(200);

    for (const refused of [
      { method: 'POST' as const, url: '/api/income-entries', payload: { agentId: agent.id, amount: '10.00' } },
      { method: 'GET' as const, url: '/api/owner/reward-claims' },
      { method: 'GET' as const, url: '/api/tokens' },
      { method: 'GET' as const, url: '/api/agent-tier-data' },
    ]) {
      const res = await get().request({ ...refused, headers: bearer(token) });
      expect(res.statusCode, refused.url).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: API_TOKEN_FORBIDDEN });
    }
    const [row] = await queryRows<{ entries: number }>(get().database.db, sql`select count(*)::int as entries from income_entries where agent_id = ${agent.id}`);
    expect(row!.entries).toBe(0);
  });

  it('records entries with entries:write, idempotency keys kept per token', async () => {
    const first = await tokenWith('entries:write');
    const second = await tokenWith('entries:write');
    const agent = await createAgent(get().database.db);
    const post = (headers: Record<string, string>, amount: string) =>
      get().request({ method: 'POST', url: '/api/income-entries', headers: { ...headers, 'idempotency-key': 'deal-42' }, payload: { agentId: agent.id, amount } });

    const written = await post(bearer(first.token), '100.00');
    expect(written.statusCode).toBe(201);
    const entry = createdIncomeEntry.parse(written.json());
    const replay = await post(bearer(first.token), '100.00');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(createdIncomeEntry.parse(replay.json()).id).toBe(entry.id);
    // Another token, or the owner, with the same key is another client: its own write.
    expect((await post(bearer(second.token), '100.00')).statusCode).toBe(201);
    expect((await post({ cookie: owner }, '100.00')).headers['idempotent-replayed']).toBeUndefined();
    const [row] = await queryRows<{ total: string }>(get().database.db, sql`select total_income::text as total from agents where id = ${agent.id}`);
    expect(row!.total).toBe('300.00');
  });

  it('adds agents with agents:write', async () => {
    const { token } = await tokenWith('agents:write');
    const res = await get().request({
      method: 'POST',
      url: '/api/agents',
      headers: bearer(token),
      payload: { name: 'Token Made', position: 'Sales Agent', email: `token-made-${Date.now()}@example.test`, password: 'long enough pass' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await get().request({ method: 'GET', url: '/api/agents', headers: bearer(token) })).statusCode).toBe(403);
  });

  it('is identified alone: cookies sent with it count for nothing, and the Origin check does not apply', async () => {
    const { token } = await tokenWith('read');
    const agent = await createAgent(get().database.db);
    const withOwnerCookie = await get().request({
      method: 'POST',
      url: '/api/income-entries',
      headers: { ...bearer(token), cookie: owner },
      payload: { agentId: agent.id, amount: '5.00' },
    });
    expect(withOwnerCookie.statusCode).toBe(403);

    const writer = await tokenWith('entries:write');
    const crossSite = { origin: 'https://elsewhere.example' };
    const byToken = await get().request({ method: 'POST', url: '/api/income-entries', headers: { ...bearer(writer.token), ...crossSite }, payload: { agentId: agent.id, amount: '5.00' } });
    expect(byToken.statusCode).toBe(201);
    const byCookie = await get().request({ method: 'POST', url: '/api/income-entries', headers: { cookie: owner, ...crossSite }, payload: { agentId: agent.id, amount: '5.00' } });
    expect(byCookie.statusCode).toBe(403);
  });

  it('stops at revocation and at expiry (401), and refuses malformed or unknown tokens with 401', async () => {
    const revoked = await tokenWith('read');
    expect((await get().request({ method: 'GET', url: '/api/agents', headers: bearer(revoked.token) })).statusCode).toBe(200);
    expect((await get().request({ method: 'DELETE', url: `/api/tokens/${revoked.id}`, headers: { cookie: owner } })).statusCode).toBe(204);
    const afterRevocation = await get().request({ method: 'GET', url: '/api/agents', headers: bearer(revoked.token) });
    expect(afterRevocation.statusCode).toBe(401);
    expect(afterRevocation.json()).toEqual({ code: 'UNAUTHENTICATED', message: API_TOKEN_INVALID });
    expect((await listed()).map((token) => token.id)).not.toContain(revoked.id);
    // Revoking it again, or a token that never existed: 404.
    expect((await get().request({ method: 'DELETE', url: `/api/tokens/${revoked.id}`, headers: { cookie: owner } })).statusCode).toBe(404);
    expect((await get().request({ method: 'DELETE', url: '/api/tokens/2147483647', headers: { cookie: owner } })).statusCode).toBe(404);
    expect((await get().request({ method: 'DELETE', url: '/api/tokens/abc', headers: { cookie: owner } })).statusCode).toBe(404);

    const expiring = await make(get(), { name: 'Trial', scopes: ['read'], expiresAt: new Date(START.getTime() + DAY).toISOString() });
    expect(expiring.expiresAt).toBe(new Date(START.getTime() + DAY).toISOString());
    expect((await get().request({ method: 'GET', url: '/api/agents', headers: bearer(expiring.token) })).statusCode).toBe(200);
    get().clock.now = new Date(START.getTime() + DAY);
    expect((await get().request({ method: 'GET', url: '/api/agents', headers: bearer(expiring.token) })).json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: API_TOKEN_INVALID,
    });
    // Expired tokens stay listed (with their expiry) until revoked.
    expect((await listed()).map((token) => token.id)).toContain(expiring.id);

    for (const authorization of ['Basic b3duZXI6cGFzcw==', 'Bearer', 'Bearer ', 'Bearer a b', `Bearer ${'x'.repeat(201)}`, 'Bearer tt_<script>']) {
      const res = await get().request({ method: 'GET', url: '/api/agents', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().message, authorization).toBe(API_TOKEN_MALFORMED);
    }
    const unknown = await get().request({ method: 'GET', url: '/api/agents', headers: bearer(`tt_${'A'.repeat(43)}`) });
    expect(unknown.json()).toEqual({ code: 'UNAUTHENTICATED', message: API_TOKEN_INVALID });
  });

  it('notes when it was last used, to the minute', async () => {
    const made = await tokenWith('read');
    const lastUsed = async () => (await listed()).find((token) => token.id === made.id)!.lastUsedAt;
    const use = () => get().request({ method: 'GET', url: '/api/tier-settings', headers: bearer(made.token) });
    const useGuarded = () => get().request({ method: 'GET', url: '/api/agents', headers: bearer(made.token) });
    await use(); // a public route does not look at the token
    expect(await lastUsed()).toBeNull();
    await useGuarded();
    expect(await lastUsed()).toBe(START.toISOString());
    get().clock.now = new Date(START.getTime() + 30_000);
    await useGuarded();
    expect(await lastUsed()).toBe(START.toISOString());
    get().clock.now = new Date(START.getTime() + 2 * MINUTE);
    await useGuarded();
    expect(await lastUsed()).toBe(new Date(START.getTime() + 2 * MINUTE).toISOString());
  });

  it('refuses bad input with 400 and makes nothing', async () => {
    const before = (await listed()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scopes: ['read'] }, 'name'],
      [{ name: '   ', scopes: ['read'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, 'name'],
      [{ name: 'CRM', scopes: [] }, 'scopes'],
      [{ name: 'CRM' }, 'scopes'],
      [{ name: 'CRM', scopes: ['admin'] }, 'scopes.0'],
      [{ name: 'CRM', scopes: ['read', 'read'] }, 'scopes'],
      [{ name: 'CRM', scopes: 'read' }, 'scopes'],
      [{ name: 'CRM', scopes: ['read'], expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'CRM', scopes: ['read'], expiresAt: new Date(START.getTime() - MINUTE).toISOString() }, 'expiresAt'],
      [{ name: 'CRM', scopes: ['read'], expiresAt: new Date(START.getTime() + (API_TOKEN_MAX_DAYS + 1) * DAY).toISOString() }, 'expiresAt'],
      [{ name: 'CRM', scopes: ['read'], owner: true }, ''],
    ];
    for (const [payload, path] of cases) {
      const res = await get().request({ method: 'POST', url: '/api/tokens', headers: { cookie: owner }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().issues.map((issue: { path: string }) => issue.path), JSON.stringify(payload)).toContain(path);
    }
    expect((await listed()).length).toBe(before);
  });
});
