// Contests (docs/decisions/0077-contests.md): made, changed as their state allows, published, cancelled and deleted,
// audited with their event; states from the clock; who sees which; and standings from the entries or activities dated
// in the window (back-dated ones too, voids netted, inactive agents left out, ties sharing a rank, teams summed, the
// opted-out anonymous to other agents). On both engines.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contest as contestSchema, contestList, contestStandings, type Contest } from '../../contract/contests';
import { SYSTEM_ACTOR } from '../../server/db/audit';
import { queryRows } from '../../server/db/client';
import { createTeam } from '../../server/db/operations/create-team';
import { setAgentActive } from '../../server/db/operations/set-agent-active';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, createUser, ownerCookie, SESSIONS_OUTLIVE_CLOCK, signInAgent, signInUser, uniqueSuffix } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { describeEachEngine } from '../support/test-app';

// Wednesday 2026-11-18, 15:00 UTC (the tests' organisation time zone is UTC).
const NOW = new Date('2026-11-18T15:00:00Z');
const TODAY = '2026-11-18';

describeEachEngine('contests', (get) => {
  let owner: string;
  let calls: string;
  let ana: { id: number; cookie: string };
  let ben: { id: number; cookie: string };
  let cleo: { id: number; cookie: string };
  let dan: { id: number; cookie: string };
  let red: number;
  let blue: number;
  let redManager: string;

  async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = owner) {
    const res = await get().request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    return { status: res.statusCode, body: res.statusCode === 204 ? undefined : res.json() };
  }
  const make = async (body: Record<string, unknown>, cookie = owner) => {
    const res = await call('POST', '/api/contests', { name: 'Call week', metric: calls, startsAt: TODAY, endsAt: '2026-11-24', format: 'total', participants: { kind: 'all' }, ...body }, cookie);
    return res;
  };
  const made = async (body: Record<string, unknown>, cookie = owner): Promise<Contest> => {
    const res = await make(body, cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return contestSchema.parse(res.body);
  };
  const record = (agentId: number, value: number | string, date: string, metric = calls) => call('POST', '/api/activities', { agentId, metric, value, date });

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    const db = t.database.db;
    owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
    calls = `calls-${uniqueSuffix()}`.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 40);
    expect((await call('POST', '/api/metrics', { key: calls, name: 'Calls', unit: 'count' })).status).toBe(201);
    const agent = async (first: string) => {
      const row = await createAgent(db, { firstName: first, lastName: 'Contender' });
      return { id: row.id, cookie: (await signInAgent(db, row, SESSIONS_OUTLIVE_CLOCK)).cookie };
    };
    ana = await agent('Ana');
    ben = await agent('Ben');
    cleo = await agent('Cleo');
    dan = await agent('Dan');
    const manager = await createUser(db, { role: 'manager' });
    redManager = (await signInUser(db, manager, SESSIONS_OUTLIVE_CLOCK)).cookie;
    red = (await createTeam(db, { name: `Red ${uniqueSuffix()}`, managerIds: [manager.id], agentIds: [ana.id, ben.id] }, SYSTEM_ACTOR, NOW)).id;
    blue = (await createTeam(db, { name: `Blue ${uniqueSuffix()}`, managerIds: [], agentIds: [cleo.id, dan.id] }, SYSTEM_ACTOR, NOW)).id;
  });

  it('makes a contest, running from today, listed with its state, audited with its event', async () => {
    const t = get();
    await sequenceAll(t.database.db);
    const [{ newest }] = (await queryRows<{ newest: number }>(t.database.db, sql`select coalesce(max(id), 0)::float8 as newest from events`)) as [{ newest: number }];
    const contest = await made({ prizes: [{ place: 2, text: 'Lunch' }, { place: 1, text: 'A day off' }], showOnTv: true });
    expect(contest).toMatchObject({ name: 'Call week', metric: calls, metricName: 'Calls', unit: 'count', state: 'running', format: 'total', target: null, showOnTv: true });
    // The window's moments in the organisation's time zone (UTC here): from midnight of its first day to midnight after its last.
    expect(contest).toMatchObject({ startsAt: TODAY, endsAt: '2026-11-24', opensAt: '2026-11-18T00:00:00.000Z', closesAt: '2026-11-25T00:00:00.000Z' });
    expect(contest.prizes).toEqual([
      { place: 1, text: 'A day off', rewardOptionId: null },
      { place: 2, text: 'Lunch', rewardOptionId: null },
    ]);
    const list = contestList.parse((await call('GET', '/api/contests')).body);
    expect(list.contests.find((listed) => listed.id === contest.id)?.state).toBe('running');
    const drafts = contestList.parse((await call('GET', '/api/contests?state=draft')).body);
    expect(drafts.contests.map((listed) => listed.id)).not.toContain(contest.id);
    // Audit rows are placed in the chain by the sequencer (on PostgreSQL after the commit).
    await sequenceAll(t.database.db);
    const audit = await queryRows<{ action: string; target_id: string }>(t.database.db, sql`select action, target_id from audit_log where target_type = 'contest' and target_id = ${String(contest.id)}`);
    expect(audit.map((row) => row.action)).toEqual(['contest.created']);
    await sequenceAll(t.database.db);
    const events = await queryRows<{ type: string; contest_id: number }>(
      t.database.db,
      sql`select type, (public_data->>'contestId')::int as contest_id from events where id > ${newest} and type = 'contest.changed'`,
    );
    expect(events).toEqual([{ type: 'contest.changed', contest_id: contest.id }]);
  });

  it('refuses a contest that does not hold together, with a clear message, and writes nothing', async () => {
    const t = get();
    const [{ before }] = (await queryRows<{ before: number }>(t.database.db, sql`select count(*)::int as before from contests`)) as [{ before: number }];
    const refusals: [Record<string, unknown>, number, RegExp][] = [
      [{ endsAt: '2026-11-17' }, 400, /endsAt must not be before startsAt/],
      [{ endsAt: '2027-03-01' }, 400, /at most 92 days/],
      [{ format: 'race' }, 400, /A race needs a target/],
      [{ target: 10 }, 400, /Only a race has a target/],
      [{ format: 'race', target: 0 }, 400, /target must be a whole number from 1/],
      [{ startsAt: '2026-11-17' }, 400, /startsAt must be today or later/],
      [{ participants: { kind: 'teams', ids: [red, 2_000_000_000] } }, 400, /teams that do not exist: 2000000000/],
      [{ participants: { kind: 'agents' } }, 400, /participants.ids names the teams or agents/],
      [{ participants: { kind: 'all', ids: [ana.id] } }, 400, /participants.ids names the teams or agents/],
      [{ prizes: [{ place: 1, text: 'A' }, { place: 1, text: 'B' }] }, 400, /Each place may have one prize/],
      [{ prizes: [{ place: 1, text: 'A', rewardOptionId: 2_000_000_000 }] }, 400, /reward options that do not exist/],
      [{ recurrence: 'weekly', endsAt: '2026-11-30' }, 400, /A weekly contest lasts at most 7 days/],
      [{ metric: 'no-such-metric' }, 404, /Metric not found/],
      [{ name: '   ' }, 400, /Contest name is required/],
    ];
    for (const [body, status, message] of refusals) {
      const res = await make(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((res.body as { message: string }).message, JSON.stringify(body)).toMatch(message);
    }
    // A draft may lie in the past until it is published.
    const draft = await made({ startsAt: '2026-11-16', draft: true });
    expect(draft.state).toBe('draft');
    const publish = await call('PATCH', `/api/contests/${draft.id}`, { draft: false });
    expect(publish.status).toBe(400);
    expect((publish.body as { message: string }).message).toMatch(/startsAt must be today or later/);
    const [{ after }] = (await queryRows<{ after: number }>(t.database.db, sql`select count(*)::int as after from contests`)) as [{ after: number }];
    expect(after).toBe(before + 1);
    expect(contestSchema.parse((await call('GET', `/api/contests/${draft.id}`)).body).state).toBe('draft');
  });

  it('moves through draft, scheduled, running, ended and cancelled, each allowing what it should', async () => {
    const t = get();
    const draft = await made({ startsAt: '2026-11-23', endsAt: '2026-11-27', draft: true });
    // A draft changes anything, and is published by draft: false.
    const changed = await call('PATCH', `/api/contests/${draft.id}`, { format: 'race', target: 50, participants: { kind: 'teams', ids: [red] } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ format: 'race', target: 50, participants: { kind: 'teams', ids: [red] }, state: 'draft' });
    const published = contestSchema.parse((await call('PATCH', `/api/contests/${draft.id}`, { draft: false })).body);
    expect(published.state).toBe('scheduled');
    expect(published.publishedAt).toBe(NOW.toISOString());
    // Scheduled: its name and prizes, not its window or its rules.
    expect((await call('PATCH', `/api/contests/${draft.id}`, { name: 'Race to 50' })).status).toBe(200);
    const window = await call('PATCH', `/api/contests/${draft.id}`, { startsAt: '2026-11-24' });
    expect(window.status).toBe(409);
    expect((window.body as { message: string }).message).toBe('A scheduled contest cannot change startsAt any more');
    expect((await call('DELETE', `/api/contests/${draft.id}`)).status).toBe(409);
    // Running (the clock moves into the window): its description only.
    t.clock.now = new Date('2026-11-24T09:00:00Z');
    try {
      expect(contestSchema.parse((await call('GET', `/api/contests/${draft.id}`)).body).state).toBe('running');
      expect((await call('PATCH', `/api/contests/${draft.id}`, { name: 'Renamed' })).status).toBe(409);
      expect((await call('PATCH', `/api/contests/${draft.id}`, { description: 'First to 50 calls wins' })).status).toBe(200);
      // A change that leaves the description out keeps it.
      const shown = await call('PATCH', `/api/contests/${draft.id}`, { showOnTv: true });
      expect(shown.body).toMatchObject({ description: 'First to 50 calls wins', showOnTv: true });
      t.clock.now = new Date('2026-11-28T09:00:00Z');
      expect(contestSchema.parse((await call('GET', `/api/contests/${draft.id}`)).body).state).toBe('ended');
      const cancelled = await call('POST', `/api/contests/${draft.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelledAt: '2026-11-28T09:00:00.000Z' });
      const again = await call('POST', `/api/contests/${draft.id}/cancel`);
      expect(again.status).toBe(409);
      expect((again.body as { message: string }).message).toBe('This contest is cancelled already: it cannot be cancelled');
      expect((await call('PATCH', `/api/contests/${draft.id}`, { description: 'x' })).status).toBe(409);
    } finally {
      t.clock.now = NOW;
    }
    const other = await made({ draft: true });
    expect((await call('DELETE', `/api/contests/${other.id}`)).status).toBe(204);
    expect((await call('GET', `/api/contests/${other.id}`)).status).toBe(404);
    await sequenceAll(t.database.db);
    const audit = await queryRows<{ action: string }>(t.database.db, sql`select action from audit_log where target_type = 'contest' and target_id in (${String(draft.id)}, ${String(other.id)}) order by id`);
    expect(audit.map((row) => row.action)).toEqual([
      'contest.created',
      'contest.updated',
      'contest.updated',
      'contest.updated',
      'contest.updated',
      'contest.updated',
      'contest.cancelled',
      'contest.created',
      'contest.deleted',
    ]);
  });

  it('shows each reader the contests it may see: managers their teams’, agents those they take part in', async () => {
    const forRed = await made({ participants: { kind: 'teams', ids: [red] } }, redManager);
    const forBlue = await made({ participants: { kind: 'teams', ids: [blue] } });
    const forCleo = await made({ participants: { kind: 'agents', ids: [cleo.id] } });
    const draft = await made({ draft: true });
    // The red team's manager may not set up a contest for everyone, nor for the blue team.
    expect((await make({ participants: { kind: 'all' } }, redManager)).status).toBe(403);
    expect((await make({ participants: { kind: 'agents', ids: [cleo.id] } }, redManager)).status).toBe(403);
    expect((await call('POST', `/api/contests/${forBlue.id}/cancel`, undefined, redManager)).status).toBe(403);
    const seen = async (cookie: string) => contestList.parse((await call('GET', '/api/contests', undefined, cookie)).body).contests.map((contest) => contest.id);
    const ids = [forRed.id, forBlue.id, forCleo.id, draft.id];
    // Staff see everyone's contests (drafts too) and their teams': the red team's manager not the blue team's or Cleo's.
    expect((await seen(redManager)).filter((id) => ids.includes(id)).sort()).toEqual([forRed.id, draft.id].sort());
    expect((await seen(owner)).filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect((await seen(ana.cookie)).filter((id) => ids.includes(id))).toEqual([forRed.id]);
    expect((await seen(cleo.cookie)).filter((id) => ids.includes(id)).sort()).toEqual([forBlue.id, forCleo.id].sort());
    expect((await call('GET', `/api/contests/${forBlue.id}`, undefined, ana.cookie)).status).toBe(404);
    expect((await call('GET', `/api/contests/${draft.id}`, undefined, ana.cookie)).status).toBe(404);
    expect((await call('GET', `/api/contests/${forBlue.id}/standings`, undefined, ana.cookie)).status).toBe(404);
  });

  it('ranks what was done in the window only: back-dated entries count, voids net out, ties share, inactive agents leave', async () => {
    const t = get();
    const db = t.database.db;
    const contest = await made({ startsAt: TODAY, endsAt: '2026-11-20', participants: { kind: 'teams', ids: [red, blue] } });
    const profit = await made({ metric: 'profit', startsAt: TODAY, endsAt: '2026-11-20', participants: { kind: 'teams', ids: [red, blue] } });
    // Inside the window: Ana 5 + 4, Ben 9, Cleo 3, Dan 0; before it and after it: ignored.
    for (const [agentId, value, date] of [
      [ana.id, 5, '2026-11-18T08:00:00Z'],
      [ana.id, 4, '2026-11-18T09:00:00Z'],
      [ben.id, 9, '2026-11-18T10:00:00Z'],
      [cleo.id, 3, '2026-11-18T11:00:00Z'],
      [dan.id, 50, '2026-11-17T23:59:00Z'],
    ] as const) {
      expect((await record(agentId, value, date)).status).toBe(201);
    }
    const voided = await record(cleo.id, 20, '2026-11-18T12:00:00Z');
    expect((await call('POST', `/api/activities/${(voided.body as { id: number }).id}/void`, { reason: 'Counted twice' })).status).toBe(200);
    await addIncome(db, ana, '250.00', { now: NOW, date: new Date('2026-11-18T12:00:00Z') });
    await addIncome(db, ben, '100.00', { now: NOW, date: new Date('2026-11-16T12:00:00Z') });
    const standings = async (id: number, cookie = owner) => {
      const res = await call('GET', `/api/contests/${id}/standings`, undefined, cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return contestStandings.parse(res.body);
    };
    const board = await standings(contest.id);
    expect(board.standings.map((row) => [row.rank, row.name, row.value, row.gap])).toEqual([
      [1, 'Ana Contender', 9, null],
      [1, 'Ben Contender', 9, 0],
      [3, 'Cleo Contender', 3, 6],
      [4, 'Dan Contender', 0, 3],
    ]);
    expect((await standings(profit.id)).standings.map((row) => [row.name, row.value])).toEqual([
      ['Ana Contender', '250.00'],
      ['Ben Contender', '0.00'],
      ['Cleo Contender', '0.00'],
      ['Dan Contender', '0.00'],
    ]);
    // Teams competing: each team's participating agents added up.
    const teams = await made({ startsAt: TODAY, endsAt: '2026-11-20', participants: { kind: 'teams', ids: [red, blue] }, teamsCompete: true, format: 'race', target: 12 });
    const teamBoard = await standings(teams.id, ana.cookie);
    expect(teamBoard.standings.map((row) => [row.rank, row.value, row.percentOfTarget, row.me])).toEqual([
      [1, 18, 150, true],
      [2, 3, 25, false],
    ]);
    // Ben opts out of public boards: other agents read "Anonymous agent", staff and Ben himself read his name.
    expect((await call('PATCH', '/api/agents/me', { publicProfile: false }, ben.cookie)).status).toBe(200);
    const asAna = await standings(contest.id, ana.cookie);
    expect(asAna.standings.map((row) => [row.id, row.name, row.me])).toEqual([
      [ana.id, 'Ana Contender', true],
      [null, 'Anonymous agent', false],
      [cleo.id, 'Cleo Contender', false],
      [dan.id, 'Dan Contender', false],
    ]);
    expect((await standings(contest.id, ben.cookie)).standings[1]).toMatchObject({ id: ben.id, name: 'Ben Contender', me: true });
    expect((await standings(contest.id)).standings[1]).toMatchObject({ id: ben.id, name: 'Ben Contender', me: false });
    // An agent made inactive leaves the standings.
    await setAgentActive(db, cleo.id, false, SYSTEM_ACTOR, NOW);
    expect((await standings(contest.id)).standings.map((row) => row.name)).toEqual(['Ana Contender', 'Ben Contender', 'Dan Contender']);
    await setAgentActive(db, cleo.id, true, SYSTEM_ACTOR, NOW);

    // A page of the standings, with the reader's own place wherever it is.
    const page = async (query: string, cookie = owner) => {
      const res = await call('GET', `/api/contests/${contest.id}/standings?${query}`, undefined, cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return contestStandings.parse(res.body);
    };
    const second = await page('offset=2&limit=1', dan.cookie);
    expect([second.total, second.offset, second.limit]).toEqual([4, 2, 1]);
    expect(second.standings.map((row) => [row.rank, row.name, row.gap])).toEqual([[3, 'Cleo Contender', 6]]);
    expect(second.mine).toMatchObject({ rank: 4, name: 'Dan Contender', value: 0, gap: 3, me: true });
    expect((await page('limit=2', dan.cookie)).standings.map((row) => row.me)).toEqual([false, false]);
    expect((await page('limit=2')).mine).toBeNull();
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'offset=x', 'sort=name']) expect((await call('GET', `/api/contests/${contest.id}/standings?${bad}`)).status, bad).toBe(400);
  });
});
