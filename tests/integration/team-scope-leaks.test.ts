// Team scope, required and closed by default (issue 32, docs/decisions/0043-team-scope-required.md): a manager who
// leads team A reads nothing of any other agent (team B's, or one in no team) on ANY read route the app registers, nor
// in the event stream. The routes are enumerated from the app itself (and their query parameters from the contract),
// so a read route added later is checked without a line here; the authorization matrix checks statuses only, this
// checks what the answers say. Agents are numbered far from every other id, so that an id in an answer is theirs.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiRoutes } from '../../contract/api-routes';
import { queryRows } from '../../server/db/client';
import { registerAgent } from '../../server/db/operations/register-agent';
import { notifyEvents } from '../../server/db/operations/notify-events';
import { sequenceAll } from '../../server/db/sequencer';
import { createTeam } from '../../server/db/operations/create-team';
import { updateTeam } from '../../server/db/operations/update-team';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { createAgent, createUser, FACTORY_PASSWORD_HASH, signInUser, uniqueSuffix } from '../factories/accounts';
import { addIncome, createPendingClaim, createRewardOption } from '../factories/rewards';
import { openEventStream, type OpenedStream, type StreamMessage } from '../support/event-stream';
import { describeEachEngine, listening, type TestApp } from '../support/test-app';

/** Values tried for each query parameter a read route takes (by name); parameters not named here keep their default. */
function queryValues(f: Fixture): Record<string, string[]> {
  return {
    agentId: [String(f.outsider.id), String(f.teamless.id), String(f.insider.id)],
    team: [String(f.teamB), String(f.teamA)],
    search: ['Quokka', 'Narwhal', 'a'],
    period: ['week', 'month', 'quarter', 'year', 'all'],
    mode: ['income', 'growth'],
    granularity: ['week', 'month'],
    count: ['12'],
    limit: ['100'],
    unread: ['1'],
    status: ['pending'],
  };
}

/** Routes whose answer is an event stream (read over HTTP below, not by inject). */
const STREAMS = new Set(apiRoutes.filter((route) => route.method === 'GET' && Object.values(route.answers).some((a) => a.contentType === 'text/event-stream')).map((route) => route.path));
/**
 * The streams and how this file covers them: /api/events below; a TV link's stream is read with the link's own token
 * (an owner-made board of every agent, no manager's read), which tv-links.test.ts covers.
 */
const STREAMS_COVERED = ['/api/events', '/api/tv/:token/events'];

interface Fixture {
  teamA: number;
  teamB: number;
  insider: { id: number; name: string };
  outsider: { id: number; name: string };
  teamless: { id: number; name: string };
  registrant: { id: number; name: string };
  lead: string;
  owner: string;
}

/** What of the outside agents an answer names: their names, emails, team name, or ids (as whole numbers). */
function leaksIn(text: string, f: Fixture): string[] {
  const found: string[] = [];
  for (const word of ['quokka', 'narwhal', 'axolotl', 'wombat']) if (text.toLowerCase().includes(word)) found.push(word);
  for (const agent of [f.outsider, f.teamless, f.registrant]) {
    if (new RegExp(`(?<![\\d.])${agent.id}(?![\\d.])`).test(text)) found.push(`id ${agent.id}`);
  }
  return found;
}

const insiderIn = (text: string, f: Fixture) => text.includes(f.insider.name) || new RegExp(`(?<![\\d.])${f.insider.id}(?![\\d.])`).test(text);

/** GETs that answer with a body: not the redirects (GET /api/logout signs out, GET /api/login only redirects). */
const answersWithBody = (route: (typeof apiRoutes)[number]) => Object.keys(route.answers).some((status) => Number(status) < 300);

/**
 * Every GET of a read route, with each query value tried alone, path parameters filled with the outside agents' ids
 * (and the inside agent's).
 */
function readRequests(f: Fixture): { route: string; url: string }[] {
  const requests: { route: string; url: string }[] = [];
  for (const route of apiRoutes) {
    if (route.method !== 'GET' || STREAMS.has(route.path) || !answersWithBody(route)) continue;
    const ids = route.path.includes(':') ? [f.outsider.id, f.teamless.id, f.registrant.id, f.insider.id] : [undefined];
    for (const id of ids) {
      const path = id === undefined ? route.path : route.path.replace(/:\w+/g, String(id));
      requests.push({ route: route.path, url: path });
      const shape = (route.query as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      const values = queryValues(f);
      for (const key of Object.keys(shape)) for (const value of values[key] ?? []) requests.push({ route: route.path, url: `${path}?${key}=${encodeURIComponent(value)}` });
    }
  }
  return requests;
}

describeEachEngine(
  'team scope: a manager who leads a team reads nothing of other agents',
  (get) => {
    let f: Fixture;
    let base: string;
    let joinerName: string;
    const opened: OpenedStream[] = [];

    const call = (url: string, cookie: string, method: 'GET' | 'POST' | 'PATCH' = 'GET', payload?: Record<string, unknown>) =>
      get().request({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

    /** Runs the notifier to the end of the events (the app's own does not run in tests). */
    async function notified(t: TestApp) {
      // The writes' events wait in the inboxes until a sequencer pass places them; place them now, not when the hub
      // gets to it (on a busy machine that can be after this loop has looked).
      await sequenceAll(t.database.db);
      for (let i = 0; i < 100; i++) {
        if ((await notifyEvents(t.database.db, 500, t.clock.now, { appUrl: 'http://tiertrack.test' })) === 0) {
          const [left] = await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from events where id > coalesce((select value::bigint from app_meta where key = 'notifications_notified_through'), 0)`,
          );
          if (left!.n === 0) return;
        }
      }
      throw new Error('the notifier did not catch up');
    }

    it('sets up two teams, an agent in none and a registration', async () => {
      const t = get();
      const db = t.database.db;
      const now = t.clock.now;
      base = await listening(t);
      // Agents get ids no other row of this database reaches: an id in an answer names an agent.
      await db.execute(sql`select setval(pg_get_serial_sequence('agents', 'id'), ${1_234_560_000 + Math.floor(Math.random() * 10_000) * 10})`);
      // The notifier starts from the newest event: what follows is notified.
      await notified(t);
      const sfx = uniqueSuffix();
      const insider = await createAgent(db, { firstName: 'Ada', lastName: `Insider${sfx}` });
      const outsider = await createAgent(db, { firstName: 'Quokka', lastName: `Outsider${sfx}`, email: `quokka-${sfx}@example.test` });
      const teamless = await createAgent(db, { firstName: 'Narwhal', lastName: `Teamless${sfx}`, email: `narwhal-${sfx}@example.test` });
      await addIncome(db, insider, '700.00', { now });
      await addIncome(db, outsider, '12000.00', { now });
      await addIncome(db, outsider, '150.00', { now });
      await addIncome(db, teamless, '300.00', { now });
      const option = await createRewardOption(db, { tierId: 1 });
      await createPendingClaim(db, { agentId: outsider.id, tierId: 1, rewardOptionId: option.id, rewardTitle: 'Quokka plush' });
      const leadUser = await createUser(db, { role: 'manager' });
      const bLead = await createUser(db, { role: 'manager' });
      const teamA = await createTeam(db, { name: `Team Koala ${sfx}`, managerIds: [leadUser.id], agentIds: [insider.id] }, SYSTEM_ACTOR, now);
      const teamB = await createTeam(db, { name: `Team Wombat ${sfx}`, managerIds: [bLead.id], agentIds: [outsider.id] }, SYSTEM_ACTOR, now);
      const owner = await createUser(db, { role: 'owner' });
      // A stranger signs up: owners and managers who lead no team are told, the lead is not (the agent is in no team).
      const registered = await registerAgent(
        db,
        { email: `axolotl-${sfx}@example.test`, firstName: 'Axolotl', lastName: `Registrant${sfx}`, position: 'Sales Agent', passwordHash: FACTORY_PASSWORD_HASH },
        now,
        'open',
        { ip: null, userAgent: null },
      );
      // One who signs up and is put in the lead's team before the notifier runs: the lead is told of that one.
      const joiner = await registerAgent(
        db,
        { email: `joiner-${sfx}@example.test`, firstName: 'Jo', lastName: `Joiner${sfx}`, position: 'Sales Agent', passwordHash: FACTORY_PASSWORD_HASH },
        now,
        'open',
        { ip: null, userAgent: null },
      );
      await updateTeam(db, teamA.id, { agentIds: [insider.id, joiner.agent!.id] }, SYSTEM_ACTOR, now);
      await notified(t);
      joinerName = `Jo Joiner${sfx}`;
      f = {
        teamA: teamA.id,
        teamB: teamB.id,
        insider: { id: insider.id, name: insider.name },
        outsider: { id: outsider.id, name: outsider.name },
        teamless: { id: teamless.id, name: teamless.name },
        registrant: { id: registered.agent!.id, name: `Axolotl Registrant${sfx}` },
        lead: (await signInUser(db, leadUser)).cookie,
        owner: (await signInUser(db, owner)).cookie,
      };
      expect(f.outsider.id).toBeGreaterThan(1_234_560_000);
    });

    it('covers every stream the app serves (a new one must be added here)', () => {
      expect([...STREAMS].sort()).toEqual([...STREAMS_COVERED].sort());
      // The contract lists every route the app registers (the OpenAPI test holds them equal): none is left out here.
      const registered = get().app.apiRoutes.filter((route) => route.method === 'GET').map((route) => route.url);
      expect(registered.filter((url) => !apiRoutes.some((route) => route.method === 'GET' && route.path === url))).toEqual([]);
    });

    it('answers no read route with an outside agent’s name, email, team or id; the owner reads them all', async () => {
      const leaks: string[] = [];
      const ownerSees = new Set<string>();
      const leadSeesInsider = new Set<string>();
      const requests = readRequests(f);
      expect(requests.length).toBeGreaterThan(60);
      for (const { route, url } of requests) {
        const lead = await call(url, f.lead);
        expect(lead.statusCode, `${url}: ${lead.body.slice(0, 200)}`).toBeLessThan(500);
        const found = leaksIn(lead.body, f);
        if (found.length > 0) leaks.push(`${url} (${lead.statusCode}): ${found.join(', ')}`);
        if (lead.statusCode === 200 && insiderIn(lead.body, f)) leadSeesInsider.add(route);
        const owner = await call(url, f.owner);
        if (owner.statusCode === 200 && leaksIn(owner.body, f).length > 0) ownerSees.add(route);
      }
      expect(leaks).toEqual([]);
      // The lead is told of an agent of their team who signed up (the notifier applies the same scope).
      expect((await call('/api/notifications', f.lead)).body).toContain(`${joinerName} registered`);
      // The check can fail: the owner's answers to the same requests name the outside agents, and the lead's name theirs.
      const collections = [
        '/api/agents',
        '/api/agents/:id',
        '/api/owner/dashboard',
        '/api/owner/leaderboard',
        '/api/income-entries',
        '/api/exports/income-entries.csv',
        '/api/exports/agents.csv',
        '/api/teams',
        '/api/teams/leaderboard',
        '/api/notifications',
      ];
      expect([...ownerSees].sort()).toEqual(expect.arrayContaining(collections));
      expect([...leadSeesInsider].sort()).toEqual(
        expect.arrayContaining(['/api/agents', '/api/agents/:id', '/api/owner/dashboard', '/api/owner/leaderboard', '/api/income-entries', '/api/exports/income-entries.csv', '/api/exports/agents.csv', '/api/teams']),
      );
    });

    it('streams the lead an inside agent’s events and none of an outside agent’s, live and replayed', async () => {
      const [before] = await queryRows<{ id: number }>(get().database.db, sql`select coalesce(max(id), 0)::float8 as id from events`);
      const lead = await openEventStream(`${base}/api/events`, { cookie: f.lead });
      const owner = await openEventStream(`${base}/api/events`, { cookie: f.owner });
      opened.push(lead, owner);
      expect([lead.status, owner.status]).toEqual([200, 200]);
      const post = async (url: string, payload: Record<string, unknown>, method: 'POST' | 'PATCH' = 'POST') => {
        const res = await call(url, f.owner, method, payload);
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
        return res.json() as Record<string, unknown>;
      };
      const of = (type: string, agentId: number) => (message: StreamMessage) => message.type === type && message.data.agentId === agentId;

      // Writes about outside agents: entries, a tier reached, a void, a deactivation and back.
      await post('/api/income-entries', { agentId: f.outsider.id, amount: '25.00', description: 'Quokka deal' });
      await post('/api/income-entries', { agentId: f.teamless.id, amount: '6000.00', description: 'Narwhal deal' });
      const voidable = (await post('/api/income-entries', { agentId: f.outsider.id, amount: '5.00' })) as { id: number };
      await post(`/api/income-entries/${voidable.id}/void`, { reason: 'Quokka typo' });
      await post(`/api/agents/${f.outsider.id}`, { active: false }, 'PATCH');
      await post(`/api/agents/${f.outsider.id}`, { active: true }, 'PATCH');
      // Then one about the lead's own agent: it comes after them on every stream.
      await post('/api/income-entries', { agentId: f.insider.id, amount: '10.00', description: 'Ada deal' });

      await owner.next(of('entry.voided', f.outsider.id));
      await owner.next(of('tier.reached', f.teamless.id));
      await owner.next(of('agent.updated', f.outsider.id));
      await owner.next(of('entry.created', f.insider.id));
      await lead.next(of('entry.created', f.insider.id));
      expect(lead.messages.flatMap((message) => leaksIn(JSON.stringify(message), f).map((leak) => `${message.type} ${message.id}: ${leak}`))).toEqual([]);
      expect(owner.messages.some((message) => leaksIn(JSON.stringify(message), f).length > 0)).toBe(true);

      // A lead who reconnects is replayed the same events from the table: none of theirs either.
      const replayed = await openEventStream(`${base}/api/events`, { cookie: f.lead, lastEventId: before!.id });
      opened.push(replayed);
      await replayed.next(of('entry.created', f.insider.id));
      expect(replayed.messages.flatMap((message) => leaksIn(JSON.stringify(message), f).map((leak) => `${message.type} ${message.id}: ${leak}`))).toEqual([]);
      for (const stream of opened) stream.close();
    });
  },
  { eventHub: { checkCredentialsMs: 200, leaderboardEveryMs: 100 } },
);
