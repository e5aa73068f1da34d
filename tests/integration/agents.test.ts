import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AGENT_PAGE_SIZE, agentPage, agentSummary } from '../../contract/agents';
import { verifyPassword } from '../../server/auth/passwords';
import { queryRows } from '../../server/db/client';
import { findAgentById } from '../../server/db/queries/agents';
import { createAgent, SESSIONS_OUTLIVE_CLOCK, signedInCookiesForSuite, signInAgent, uniqueSuffix } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { describeEachEngine, rawJsonRequest, type TestApp } from '../support/test-app';

// Wednesday 2026-11-18 15:00 UTC.
const NOW = new Date('2026-11-18T15:00:00Z');

/** Row counts of everything an agent owns, overall or for one agent. */
async function countRows(t: TestApp, agentId?: number) {
  const where = (column: string) => (agentId === undefined ? sql`true` : sql`${sql.identifier(column)} = ${agentId}`);
  const [row] = await queryRows<Record<'agents' | 'entries' | 'rollups' | 'achievements' | 'sessions' | 'claims', number>>(
    t.database.db,
    sql`select
      (select count(*)::int from agents where ${where('id')}) as agents,
      (select count(*)::int from income_entries where ${where('agent_id')}) as entries,
      (select count(*)::int from agent_period_totals where ${where('agent_id')}) as rollups,
      (select count(*)::int from tier_achievements where ${where('agent_id')}) as achievements,
      (select count(*)::int from sessions where ${where('agent_id')}) as sessions,
      (select count(*)::int from reward_claims where ${where('agent_id')}) as claims`,
  );
  return row!;
}

const newAgentBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Casey Morgan',
  position: 'Account Executive',
  email: 'casey.morgan@example.test',
  password: 'long-enough-password',
  ...extra,
});

describeEachEngine(
  '/api/agents',
  (get) => {
    const cookies = signedInCookiesForSuite(get, { firstName: 'Session', lastName: 'Holder' });

    describe('GET /api/agents', () => {
      it('answers 401 without a session and 403 for an agent', async () => {
        const t = get();
        const anonymous = await t.request({ method: 'GET', url: '/api/agents' });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().code).toBe('UNAUTHENTICATED');
        const agent = await t.request({ method: 'GET', url: '/api/agents', headers: { cookie: cookies.agent } });
        expect(agent.statusCode).toBe(403);
        expect(agent.json().code).toBe('FORBIDDEN');
      });

      it('lists every agent sorted by name with totals and this week, month and year income', async () => {
        const t = get();
        const db = t.database.db;
        const zulu = await createAgent(db, { firstName: 'Zulu', lastName: 'Last' });
        const alpha = await createAgent(db, { firstName: 'Alpha', lastName: 'First' });
        // This week (Monday 2026-11-16 onward), earlier this month, earlier this year, last year.
        await addIncome(db, alpha, '100.10', { now: NOW, date: new Date('2026-11-17T09:00:00Z') });
        await addIncome(db, alpha, '20.00', { now: NOW, date: new Date('2026-11-02T09:00:00Z') });
        await addIncome(db, alpha, '3.00', { now: NOW, date: new Date('2026-02-02T09:00:00Z') });
        await addIncome(db, alpha, '-0.40', { now: NOW, date: new Date('2025-12-31T09:00:00Z') });

        for (const cookie of [cookies.owner, cookies.manager]) {
          const res = await t.request({ method: 'GET', url: '/api/agents?limit=100', headers: { cookie } });
          expect(res.statusCode).toBe(200);
          const list = agentPage.parse(res.json()).agents;
          const ours = list.filter((a) => a.id === alpha.id || a.id === zulu.id);
          expect(ours.map((a) => a.name)).toEqual(['Alpha First', 'Zulu Last']);
          expect(ours[0]).toEqual({
            id: alpha.id,
            name: 'Alpha First',
            email: alpha.email,
            position: 'Sales Agent',
            status: 'active',
            totalIncome: '122.70',
            weeklyIncome: '100.10',
            monthlyIncome: '120.10',
            yearlyIncome: '123.10',
            totalEntries: 4,
            team: null,
            tier: null,
          });
          expect(ours[1]).toMatchObject({
            totalIncome: '0.00',
            weeklyIncome: '0.00',
            monthlyIncome: '0.00',
            yearlyIncome: '0.00',
            totalEntries: 0,
          });
          expect(list.map((a) => a.id)).toContain(zulu.id);
        }
      });
    });

    describe('GET /api/agents: pages and search', () => {
      /** Agents whose names share a tag no other test uses, so a search for it finds exactly them. */
      async function team(t: TestApp, names: string[]) {
        const tag = `tag${uniqueSuffix()}`;
        const made = [];
        for (const name of names) {
          const [first, ...rest] = name.split(' ');
          made.push(await createAgent(t.database.db, { firstName: first!, lastName: `${rest.join(' ')} ${tag}`.trim() }));
        }
        return { tag, made };
      }

      async function list(t: TestApp, query: string) {
        const res = await t.request({ method: 'GET', url: `/api/agents?${query}`, headers: { cookie: cookies.owner } });
        expect(res.statusCode, res.body).toBe(200);
        return agentPage.parse(res.json());
      }

      it('pages through the agents by name, then id, with the total of every match', async () => {
        const t = get();
        const { tag, made } = await team(t, ['Cleo', 'Abel', 'Bruno', 'Abel', 'Dana']);
        const expected = [...made]
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
          .map((agent) => agent.id);
        const pages = [];
        for (let offset = 0; offset < 6; offset += 2) {
          const page = await list(t, `search=${tag}&offset=${offset}&limit=2`);
          expect(page).toMatchObject({ total: 5, offset, limit: 2 });
          pages.push(...page.agents.map((agent) => agent.id));
        }
        expect(pages).toEqual(expected);
        // Past the end: no agents, the same total.
        expect(await list(t, `search=${tag}&offset=5&limit=2`)).toEqual({ agents: [], total: 5, offset: 5, limit: 2 });
        // Without parameters: the first page of the default size, and the count of every agent.
        const first = await list(t, '');
        expect(first.offset).toBe(0);
        expect(first.limit).toBe(AGENT_PAGE_SIZE);
        expect(first.agents.length).toBe(Math.min(AGENT_PAGE_SIZE, first.total));
        expect(first.total).toBeGreaterThanOrEqual(5);
      });

      it('finds agents by part of the name or email, ignoring case; wildcards are plain characters', async () => {
        const t = get();
        const { tag, made } = await team(t, ['Percy 50%_off', 'Percy 50xyoff', 'Quinn Under_score']);
        const [percent, lookalike, underscore] = made;
        const ids = async (search: string) => (await list(t, `search=${encodeURIComponent(search)}&limit=100`)).agents.map((a) => a.id);
        expect(await ids(tag.toUpperCase())).toEqual([percent!.id, lookalike!.id, underscore!.id]);
        expect(await ids(`  ${tag}  `)).toHaveLength(3);
        expect(await ids('50%_off')).toEqual([percent!.id]);
        expect(await ids('r_s')).toEqual([underscore!.id]);
        expect(await ids(lookalike!.email.toUpperCase())).toEqual([lookalike!.id]);
        expect(await list(t, `search=${tag}zzz`)).toMatchObject({ agents: [], total: 0 });
        // An empty search is no search.
        expect((await list(t, 'search=%20%20')).total).toBe((await list(t, '')).total);
      });

      it('refuses a bad page or search with 400 naming the parameter', async () => {
        const t = get();
        const cases: Array<[string, string]> = [
          ['offset=-1', 'offset must be a whole number'],
          ['offset=abc', 'offset must be a whole number'],
          ['offset=1.5', 'offset must be a whole number'],
          ['offset=1&offset=2', 'offset must be a whole number'],
          ['offset=1000001', 'offset must be at most 1000000'],
          ['limit=0', 'limit must be at least 1'],
          ['limit=101', 'limit must be at most 100'],
          ['limit=', 'limit must be a whole number'],
          [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
          ['search=a%00b', 'search must not contain NUL characters'],
          ['search=a&search=b', 'search must be text'],
        ];
        for (const [query, message] of cases) {
          const res = await t.request({ method: 'GET', url: `/api/agents?${query}`, headers: { cookie: cookies.owner } });
          expect(res.statusCode, query).toBe(400);
          expect(res.json().code).toBe('VALIDATION_FAILED');
          expect(res.json().message, query).toContain(message);
        }
        // Unknown parameters are ignored.
        expect((await t.request({ method: 'GET', url: '/api/agents?sort=evil&x=1', headers: { cookie: cookies.owner } })).statusCode).toBe(200);
      });
    });

    describe('POST /api/agents', () => {
      it('creates an agent who can sign in, answering 201 with the agent summary', async () => {
        const t = get();
        const before = await countRows(t);
        const res = await t.request({
          method: 'POST',
          url: '/api/agents',
          headers: { cookie: cookies.owner },
          payload: newAgentBody({ name: '  Casey Morgan ', email: ' Casey.Morgan@Example.TEST ' }),
        });
        expect(res.statusCode).toBe(201);
        const body = agentSummary.parse(res.json());
        expect(body).toEqual({
          id: expect.any(Number),
          name: 'Casey Morgan',
          email: 'casey.morgan@example.test',
          position: 'Account Executive',
          status: 'active',
          totalIncome: '0.00',
          weeklyIncome: '0.00',
          monthlyIncome: '0.00',
          yearlyIncome: '0.00',
          totalEntries: 0,
        });
        const row = await findAgentById(t.database.db, body.id);
        expect(row?.email).toBe('casey.morgan@example.test');
        expect(await verifyPassword(row!.passwordHash, 'long-enough-password')).toBe(true);
        expect((await countRows(t)).agents).toBe(before.agents + 1);
      });

      it('answers 409 when the email is taken, whatever its case, and adds nobody', async () => {
        const t = get();
        const payload = newAgentBody({ email: 'taken@example.test' });
        const first = await t.request({ method: 'POST', url: '/api/agents', headers: { cookie: cookies.owner }, payload });
        expect(first.statusCode).toBe(201);
        const before = await countRows(t);
        const again = await t.request({
          method: 'POST',
          url: '/api/agents',
          headers: { cookie: cookies.owner },
          payload: { ...payload, email: 'TAKEN@example.test', name: 'Someone Else' },
        });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT', issues: [{ path: 'email', message: 'An account with this email already exists' }] });
        expect(await countRows(t)).toEqual(before);
      });

      it('refuses bad input with 400 naming the field, and adds nobody', async () => {
        const t = get();
        const before = await countRows(t);
        const cases: Array<[unknown, string]> = [
          [newAgentBody({ name: '   ' }), 'Name is required'],
          [newAgentBody({ name: undefined }), 'Name is required'],
          [newAgentBody({ position: '' }), 'Position is required'],
          [newAgentBody({ email: 'not-an-email' }), 'Invalid email address'],
          [newAgentBody({ password: 'short' }), 'Password must be at least 8 characters'],
          [newAgentBody({ name: 'x'.repeat(101) }), 'Must be at most 100 characters'],
          [newAgentBody({ name: 42 }), 'Name is required'],
          [newAgentBody({ name: 'Nul\u0000Name' }), 'Name must not contain NUL characters'],
          [newAgentBody({ position: 'Nul\u0000' }), 'Position must not contain NUL characters'],
        ];
        for (const [payload, message] of cases) {
          const res = await t.request({ method: 'POST', url: '/api/agents', headers: { cookie: cookies.owner }, payload: payload as object });
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
          expect(res.json().code).toBe('VALIDATION_FAILED');
          expect(res.json().message).toContain(message);
        }
        for (const payload of ['null', '[]', '"text"', '{"name":']) {
          const res = await t.request(rawJsonRequest('POST', '/api/agents', payload, cookies.owner));
          expect(res.statusCode, payload).toBe(400);
        }
        const form = await t.request({
          method: 'POST',
          url: '/api/agents',
          headers: { cookie: cookies.owner, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'name=a',
        });
        expect(form.statusCode).toBeGreaterThanOrEqual(400);
        expect(form.statusCode).toBeLessThan(500);
        expect(await countRows(t)).toEqual(before);
      });

      it('is for the owner only: 401 anonymous, 403 agent and manager', async () => {
        const t = get();
        const before = await countRows(t);
        const payload = newAgentBody({ email: 'nobody-adds-me@example.test' });
        expect((await t.request({ method: 'POST', url: '/api/agents', payload })).statusCode).toBe(401);
        for (const cookie of [cookies.agent, cookies.manager]) {
          const res = await t.request({ method: 'POST', url: '/api/agents', headers: { cookie }, payload });
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
        expect(await countRows(t)).toEqual(before);
      });
    });

    describe('DELETE /api/agents/{id}', () => {
      /** An agent with entries, roll-ups, an achievement, a session and a claim. */
      async function agentWithHistory(t: TestApp) {
        const db = t.database.db;
        const agent = await createAgent(db);
        await addIncome(db, agent, '6000.00', { now: NOW });
        await addIncome(db, agent, '-500.00', { now: NOW, date: new Date('2026-10-01T12:00:00Z') });
        const option = await createRewardOption(db, { tierId: 1 });
        await createPendingClaim(db, { agentId: agent.id, tierId: 1, rewardOptionId: option.id });
        const { cookie } = await signInAgent(db, agent, SESSIONS_OUTLIVE_CLOCK);
        return { agent, cookie };
      }

      it('deletes the agent with its entries, roll-ups, achievements, sessions and claims, and nobody else', async () => {
        const t = get();
        const { agent, cookie } = await agentWithHistory(t);
        const other = await agentWithHistory(t);
        const mine = await countRows(t, agent.id);
        expect(mine).toEqual({ agents: 1, entries: 2, rollups: 6, achievements: 1, sessions: 1, claims: 1 });
        const othersBefore = await countRows(t, other.agent.id);

        const res = await t.request({ method: 'DELETE', url: `/api/agents/${agent.id}`, headers: { cookie: cookies.owner } });
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
        expect(await countRows(t, agent.id)).toEqual({ agents: 0, entries: 0, rollups: 0, achievements: 0, sessions: 0, claims: 0 });
        expect(await countRows(t, other.agent.id)).toEqual(othersBefore);

        // Its session is gone with it: the cookie names nobody now (401), where a live agent gets 403.
        const stale = await t.request({ method: 'GET', url: '/api/agents', headers: { cookie } });
        expect(stale.statusCode).toBe(401);
        const list = await t.request({ method: 'GET', url: '/api/agents?limit=100', headers: { cookie: cookies.owner } });
        expect(list.json().agents.map((a: { id: number }) => a.id)).not.toContain(agent.id);
      });

      it('answers 404 for an agent that does not exist (or no longer does)', async () => {
        const t = get();
        const agent = await createAgent(t.database.db);
        const first = await t.request({ method: 'DELETE', url: `/api/agents/${agent.id}`, headers: { cookie: cookies.owner } });
        expect(first.statusCode).toBe(204);
        const before = await countRows(t);
        for (const id of [String(agent.id), '999999', '0', '-1', 'abc', '1.5', '99999999999']) {
          const res = await t.request({ method: 'DELETE', url: `/api/agents/${id}`, headers: { cookie: cookies.owner } });
          expect(res.statusCode, id).toBe(404);
          expect(res.json()).toEqual({ message: 'Agent not found', code: 'NOT_FOUND' });
        }
        expect(await countRows(t)).toEqual(before);
      });

      it('is for the owner only: 401 anonymous, 403 agent and manager, and the agent stays', async () => {
        const t = get();
        const { agent } = await agentWithHistory(t);
        const before = await countRows(t, agent.id);
        expect((await t.request({ method: 'DELETE', url: `/api/agents/${agent.id}` })).statusCode).toBe(401);
        for (const cookie of [cookies.agent, cookies.manager]) {
          const res = await t.request({ method: 'DELETE', url: `/api/agents/${agent.id}`, headers: { cookie } });
          expect(res.statusCode).toBe(403);
        }
        expect(await countRows(t, agent.id)).toEqual(before);
      });
    });
  },
  { now: NOW },
);
