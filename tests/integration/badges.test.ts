// Achievements (docs/decisions/0078-achievements.md): badges from rules the owner switches on without code, awarded
// once per agent from the events in commit order (first sale, tier reached, activity streaks of working days,
// personal record weeks, goal streaks, contest podiums), told by badge.awarded and a notification, listed for the
// agent and staff; rules refused when their settings do not fit their kind. On both engines, with the notifier's
// steps called as the notifier calls them.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { agentBadgeList, BADGE_RULES_MAX, badgeCredential, badgeRule, badgeRuleList, jsonWebKeySet, type BadgeRule } from '../../contract/badges';
import { contest as contestSchema } from '../../contract/contests';
import { queryRows } from '../../server/db/client';
import { latestEventId, readEventsAfter } from '../../server/db/events';
import { notifyEvents } from '../../server/db/operations/notify-events';
import { watchBadges } from '../../server/db/operations/watch-badges';
import { finaliseContest } from '../../server/db/operations/watch-contests';
import { watchGoals } from '../../server/db/operations/watch-goals';
import { sequenceAll } from '../../server/db/sequencer';
import { createAgent, ownerCookie, SESSIONS_OUTLIVE_CLOCK, signInAgent, uniqueSuffix } from '../factories/accounts';
import { addIncome } from '../factories/rewards';
import { describeEachEngine, type TestApp } from '../support/test-app';

// Wednesday 2026-11-18, 15:00 UTC (the tests' organisation time zone is UTC).
const NOW = new Date('2026-11-18T15:00:00Z');

describeEachEngine('badges', (get) => {
  let owner: string;
  let calls: string;
  const rules: Record<string, BadgeRule> = {};

  async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = owner) {
    const res = await get().request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    return { status: res.statusCode, body: (res.body ? res.json() : {}) as Record<string, unknown> };
  }
  const agent = async (first: string) => {
    const row = await createAgent(get().database.db, { firstName: first, lastName: `Badger ${uniqueSuffix()}`.slice(0, 30) });
    return { id: row.id, name: row.name, cookie: (await signInAgent(get().database.db, row, SESSIONS_OUTLIVE_CLOCK)).cookie };
  };
  const record = async (agentId: number, value: number, date: string) => {
    const res = await call('POST', '/api/activities', { agentId, metric: calls, value, date });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  /** The notifier's badge step until the events are all read (goals first, as the notifier does). */
  async function pass(t: TestApp) {
    await sequenceAll(t.database.db);
    while ((await watchGoals(t.database.db, 500, t.clock.now, 'UTC')) > 0);
    await sequenceAll(t.database.db);
    while ((await watchBadges(t.database.db, 500, t.clock.now, 'UTC')) > 0);
    await sequenceAll(t.database.db);
    while ((await notifyEvents(t.database.db, 500, t.clock.now, { appUrl: 'http://tiertrack.test' })) > 0);
  }
  const badgesOf = async (agentId: number) => {
    const res = await call('GET', `/api/agents/${agentId}/badges`);
    expect(res.status).toBe(200);
    return agentBadgeList.parse(res.body).badges.map((badge) => [badge.name, badge.detail]);
  };

  beforeAll(async () => {
    const t = get();
    t.clock.now = NOW;
    owner = await ownerCookie(t, SESSIONS_OUTLIVE_CLOCK);
    calls = `calls-${uniqueSuffix()}`.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 40);
    expect((await call('POST', '/api/metrics', { key: calls, name: 'Calls', unit: 'count' })).status).toBe(201);
    for (const [key, body] of Object.entries({
      first: { kind: 'first_entry', name: 'First blood' },
      tier: { kind: 'tier_reached', name: 'Climber' },
      streak: { kind: 'activity_streak', name: 'On a roll', params: { count: 3, metric: calls } },
      record: { kind: 'record_week', name: 'Personal best' },
      goals: { kind: 'goal_streak', name: 'Reliable', params: { count: 2 } },
      podium: { kind: 'contest_podium', name: 'Podium', params: { places: 2 }, description: 'On the podium of a contest' },
    })) {
      const res = await call('POST', '/api/badges', body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      rules[key] = badgeRule.parse(res.body);
    }
    // The watcher's cursor starts at the newest event: from here on.
    await pass(t);
  });

  it('refuses rules whose settings do not fit their kind, and agents may not make them', async () => {
    const before = badgeRuleList.parse((await call('GET', '/api/badges')).body).badges.length;
    for (const [body, message] of [
      [{ kind: 'goal_streak', name: 'No count' }, 'A goal_streak badge needs params.count'],
      [{ kind: 'first_entry', name: 'Extra', params: { count: 3 } }, 'A first_entry badge takes no params.count'],
      [{ kind: 'activity_streak', name: 'Too short', params: { count: 1, metric: calls } }, 'params.count must be at least 2 (a streak is more than one)'],
      [{ kind: 'activity_streak', name: 'Unknown', params: { count: 3, metric: 'no-such-metric' } }, 'params.metric: there is no metric "no-such-metric"'],
      [{ kind: 'tier_reached', name: 'No tier', params: { tierId: 999 } }, 'params.tierId: there is no tier 999'],
      [{ kind: 'fastest', name: 'Unknown kind' }, 'kind must be one of first_entry, record_week, goal_streak, activity_streak, contest_podium, tier_reached'],
    ] as const) {
      const res = await call('POST', '/api/badges', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const messages = [res.body.message, ...((res.body.issues as { message: string }[] | undefined) ?? []).map((issue) => issue.message)];
      expect(messages, JSON.stringify(body)).toContain(message);
    }
    const someone = await agent('Nosy');
    expect((await call('POST', '/api/badges', { kind: 'first_entry', name: 'Mine' }, someone.cookie)).status).toBe(403);
    expect(badgeRuleList.parse((await call('GET', '/api/badges')).body).badges).toHaveLength(before);
  });

  it('awards a first sale and a tier once each, told by badge.awarded and a notification to the agent', async () => {
    const t = get();
    const ana = await agent('Ana');
    await sequenceAll(t.database.db);
    const from = await latestEventId(t.database.db);
    await addIncome(t.database.db, ana, '6000.00', { now: NOW });
    await addIncome(t.database.db, ana, '10.00', { now: NOW });
    await pass(t);
    await pass(t);
    expect((await badgesOf(ana.id)).sort()).toEqual([
      ['Climber', 'The Starter tier reached'],
      ['First blood', 'A first sale recorded'],
    ]);
    const told = (await readEventsAfter(t.database.db, from, 1000)).filter((event) => event.type === 'badge.awarded');
    expect(told.map((event) => [event.agentId, event.public.name])).toEqual(expect.arrayContaining([[ana.id, 'First blood'], [ana.id, 'Climber']]));
    expect(told).toHaveLength(2);
    // The agent reads its own badges, and hears of each.
    const mine = await call('GET', '/api/agents/me/badges', undefined, ana.cookie);
    expect(agentBadgeList.parse(mine.body).badges.map((badge) => badge.name).sort()).toEqual(['Climber', 'First blood']);
    const notified = await queryRows<{ title: string }>(t.database.db, sql`select title from notifications where agent_id = ${ana.id} and kind = 'badge_awarded' order by title`);
    expect(notified.map((row) => row.title)).toEqual(['You earned the Climber badge!', 'You earned the First blood badge!']);
    // Another agent may not read them; an unknown agent is not found.
    const ben = await agent('Ben');
    expect((await call('GET', `/api/agents/${ana.id}/badges`, undefined, ben.cookie)).status).toBe(403);
    expect((await call('GET', '/api/agents/99999999/badges')).status).toBe(404);
  });

  it('gives each badge as an Open Badges 3.0 credential that an independent verifier checks offline, even after its holder left', async () => {
    const t = get();
    const kim = await agent('Kim');
    await addIncome(t.database.db, kim, '50.00', { now: NOW });
    await pass(t);
    const [held] = agentBadgeList.parse((await call('GET', '/api/agents/me/badges', undefined, kim.cookie)).body).badges;
    expect(held?.name).toBe('First blood');
    const res = await call('GET', `/api/agents/me/badges/${held!.id}/credential`, undefined, kim.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { jwt, credential } = badgeCredential.parse(res.body);
    // The key set as anyone fetches it once, and keeps: from here on nothing is asked of the app.
    const fetched = await get().request({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(fetched.headers['cache-control']).toBe('public, max-age=3600');
    const keys = jsonWebKeySet.parse(fetched.json());
    const keySet = createLocalJWKSet(keys);
    const { payload, protectedHeader } = await jwtVerify(jwt, keySet, { issuer: String((credential.issuer as { id: string }).id) });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: keys.keys[0]!.kid });
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      name: 'First blood',
      jti: credential.id,
      credentialSubject: { type: ['AchievementSubject'], achievement: { type: ['Achievement'], name: 'First blood', criteria: { narrative: 'A first sale recorded' } } },
    });
    expect(payload.nbf).toBe(Math.floor(Date.parse(held!.awardedAt) / 1000));
    // The holder is named by a salted hash of its email, which whoever knows the email can check.
    const [identity] = (payload.credentialSubject as { identifier: { identityHash: string; salt: string }[] }).identifier;
    const [row] = await queryRows<{ email: string }>(t.database.db, sql`select email from agents where id = ${kim.id}`);
    expect(identity!.identityHash).toBe(`sha256$${createHash('sha256').update(row!.email + identity!.salt).digest('hex')}`);
    // A changed credential does not verify.
    const [header, body, signature] = jwt.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, name: 'Legend of sales' })).toString('base64url');
    await expect(jwtVerify(`${header}.${forged}.${signature}`, keySet)).rejects.toThrow();
    expect(body).not.toBe(forged);
    // Another's badge is not found; staff have no badges of their own.
    const lou = await agent('Lou');
    expect((await call('GET', `/api/agents/me/badges/${held!.id}/credential`, undefined, lou.cookie)).status).toBe(404);
    expect((await call('GET', `/api/agents/me/badges/${held!.id}/credential`)).status).toBe(403);
    // The holder leaves (erased with its badges): the credential it took still verifies against the key set.
    expect((await call('DELETE', `/api/agents/${kim.id}`)).status).toBe(204);
    expect(await queryRows(t.database.db, sql`select id from agent_badges where agent_id = ${kim.id}`)).toEqual([]);
    await expect(jwtVerify(jwt, keySet)).resolves.toMatchObject({ payload: { name: 'First blood' } });
    // The same key signs on every instance and every call.
    expect(jsonWebKeySet.parse((await get().request({ method: 'GET', url: '/.well-known/jwks.json' })).json())).toEqual(keys);
  });

  it('counts a streak of working days over the weekend, and none with a working day missed', async () => {
    const t = get();
    const [cleo, dan] = [await agent('Cleo'), await agent('Dan')];
    // Cleo: Friday 13, (weekend), Monday 16, Tuesday 17: three working days in a row.
    for (const date of ['2026-11-13T10:00:00Z', '2026-11-16T10:00:00Z', '2026-11-17T10:00:00Z']) await record(cleo.id, 2, date);
    // Dan: Monday 16 and Wednesday 18, Tuesday missed.
    for (const date of ['2026-11-16T10:00:00Z', '2026-11-18T10:00:00Z']) await record(dan.id, 2, date);
    await pass(t);
    expect(await badgesOf(cleo.id)).toEqual([['On a roll', 'Calls on 3 working days in a row']]);
    expect(await badgesOf(dan.id)).toEqual([]);
    // Dan's Tuesday, back-dated, completes his.
    await record(dan.id, 1, '2026-11-17T10:00:00Z');
    await pass(t);
    expect(await badgesOf(dan.id)).toEqual([['On a roll', 'Calls on 3 working days in a row']]);
  });

  it('gives a personal record week only over an earlier week, and a goal streak of two periods in a row', async () => {
    const t = get();
    const eve = await agent('Eve');
    await addIncome(t.database.db, eve, '100.00', { now: NOW, date: new Date('2026-11-10T12:00:00Z') });
    await pass(t);
    expect((await badgesOf(eve.id)).map(([name]) => name)).toEqual(['First blood']);
    await addIncome(t.database.db, eve, '150.00', { now: NOW, date: new Date('2026-11-17T12:00:00Z') });
    await pass(t);
    expect((await badgesOf(eve.id)).map(([name, detail]) => `${name}: ${detail}`)).toContain('Personal best: A record week of profit: the week of 2026-11-16');

    // A weekly calls goal reached last week (its mark as the watcher made it then) and now this week.
    const goal = await call('POST', '/api/goals', { agentId: eve.id, metric: calls, period: 'week', target: 2, recurring: true });
    expect(goal.status, JSON.stringify(goal.body)).toBe(201);
    const goalId = (goal.body as { id: number }).id;
    await t.database.db.execute(sql`insert into goal_marks (goal_id, period_start, threshold, reached_at) values (${goalId}, '2026-11-09', 100, ${'2026-11-12T10:00:00Z'}::timestamptz)`);
    await record(eve.id, 2, '2026-11-18T09:00:00Z');
    await pass(t);
    expect((await badgesOf(eve.id)).map(([name, detail]) => `${name}: ${detail}`)).toContain('Reliable: Calls goal reached 2 weeks in a row');
  });

  it('puts a contest’s podium on its placed agents, and awards each badge once whatever replays the events', async () => {
    const t = get();
    const [fay, gus, hal] = [await agent('Fay'), await agent('Gus'), await agent('Hal')];
    const made = await call('POST', '/api/contests', { name: 'Badge cup', metric: calls, startsAt: '2026-11-18', endsAt: '2026-11-20', format: 'total', participants: { kind: 'agents', ids: [fay.id, gus.id, hal.id] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const contest = contestSchema.parse(made.body);
    await record(fay.id, 5, '2026-11-18T11:00:00Z');
    await record(gus.id, 3, '2026-11-18T11:00:00Z');
    await record(hal.id, 1, '2026-11-18T11:00:00Z');
    await pass(t);
    await sequenceAll(t.database.db);
    const cursorBefore = await latestEventId(t.database.db);
    expect(await finaliseContest(t.database.db, contest.id, new Date('2026-11-22T00:00:00Z'), 'UTC', 24)).toBe(true);
    await pass(t);
    expect(await badgesOf(fay.id)).toEqual([['Podium', '1st in Badge cup']]);
    expect(await badgesOf(gus.id)).toEqual([['Podium', '2nd in Badge cup']]);
    expect(await badgesOf(hal.id)).toEqual([]);

    // Replayed (a cursor set back, as a restored instance would be): nothing is awarded or told twice.
    await sequenceAll(t.database.db);
    const from = await latestEventId(t.database.db);
    await t.database.db.execute(sql`update app_meta set value = ${String(cursorBefore)} where key = 'badges_watched_through'`);
    await Promise.all([watchBadges(t.database.db, 500, t.clock.now, 'UTC'), watchBadges(t.database.db, 500, t.clock.now, 'UTC')]);
    await pass(t);
    expect(await badgesOf(fay.id)).toEqual([['Podium', '1st in Badge cup']]);
    expect((await readEventsAfter(t.database.db, from, 1000)).filter((event) => event.type === 'badge.awarded')).toEqual([]);
  });

  it('stops awarding a badge switched off, keeps those held, and shows agents only the badges they can earn', async () => {
    const t = get();
    const off = await call('PATCH', `/api/badges/${rules.first!.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(badgeRule.parse(off.body)).toMatchObject({ active: false, name: 'First blood' });
    const ivy = await agent('Ivy');
    await addIncome(t.database.db, ivy, '20.00', { now: NOW });
    await pass(t);
    expect((await badgesOf(ivy.id)).map(([name]) => name)).not.toContain('First blood');
    const asAgent = badgeRuleList.parse((await call('GET', '/api/badges', undefined, ivy.cookie)).body).badges;
    expect(asAgent.map((rule) => rule.name)).not.toContain('First blood');
    expect(asAgent.every((rule) => rule.awarded === 0)).toBe(true);
    const asOwner = badgeRuleList.parse((await call('GET', '/api/badges')).body).badges;
    expect(asOwner.find((rule) => rule.id === rules.first!.id)!.awarded).toBeGreaterThan(0);
    expect(asOwner.find((rule) => rule.id === rules.podium!.id)!.description).toBe('On the podium of a contest');
    expect(asOwner.find((rule) => rule.id === rules.streak!.id)!.description).toBe('Calls on 3 working days in a row');
    expect((await call('PATCH', `/api/badges/${rules.first!.id}`, {})).status).toBe(400);
    expect((await call('PATCH', '/api/badges/99999999', { active: true })).status).toBe(404);
    expect((await call('PATCH', `/api/badges/${rules.first!.id}`, { active: true }, ivy.cookie)).status).toBe(403);
  });

  it(`keeps at most ${BADGE_RULES_MAX} badges switched on: one more is refused until one is switched off, and nothing changes`, async () => {
    const active = async () => ((await call('GET', '/api/badges')).body.badges as BadgeRule[]).filter((rule) => rule.active);
    const made: number[] = [];
    for (let n = (await active()).length; n < BADGE_RULES_MAX; n++) {
      const res = await call('POST', '/api/badges', { kind: 'first_entry', name: `Filler ${n}` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body.id as number);
    }
    const before = (await call('GET', '/api/badges')).body;
    const refused = await call('POST', '/api/badges', { kind: 'first_entry', name: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`There are ${BADGE_RULES_MAX} badges switched on already: switch one off first`);
    expect((await call('GET', '/api/badges')).body).toEqual(before);

    // Made switched off, it is kept; switched on, it is refused while the others are on.
    const spare = await call('POST', '/api/badges', { kind: 'first_entry', name: 'Spare', active: false });
    expect(spare.status).toBe(201);
    const on = await call('PATCH', `/api/badges/${spare.body.id as number}`, { active: true });
    expect(on.status).toBe(409);
    expect(((await call('GET', '/api/badges')).body.badges as BadgeRule[]).find((rule) => rule.id === spare.body.id)?.active).toBe(false);
    expect((await call('PATCH', `/api/badges/${made[0] ?? (await active())[0]!.id}`, { active: false })).status).toBe(200);
    expect((await call('PATCH', `/api/badges/${spare.body.id as number}`, { active: true })).status).toBe(200);
    // Switched off again, with the fillers, so that the rest of the suite's rules award as before.
    for (const id of [...made, spare.body.id as number]) expect((await call('PATCH', `/api/badges/${id}`, { active: false })).status).toBe(200);
  });
});
